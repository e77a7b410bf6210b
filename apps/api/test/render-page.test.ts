import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import {
  HYDRATION_SHIELD_ID,
  arrangeHead,
  createPageRenderer,
  islandCode,
  pageLinks,
  stepCode,
  renderedPageHeaders,
  type PageRenderer,
} from '../src/infra/http/render-page.ts';

// The glue between the API and the web build's server entry; the entry itself is exercised by the
// e2e spec no-js.spec.ts. A stand-in entry here shows what the API does with its answers.
const work = mkdtempSync(path.join(tmpdir(), 'render-page-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div><script src="/assets/i.js"></script></body></html>';
const silent = { error: () => undefined };
const noFetch = () => Promise.reject(new Error('no fetch in this test'));
/** The HTML a renderer makes of `url`, or null. */
const htmlOf = async (pages: PageRenderer, url: string, index = INDEX) => (await pages.render(url, index))?.html ?? null;

function entry(name: string, body: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'dist-ssr'), { recursive: true });
  writeFileSync(
    path.join(dir, 'dist-ssr', 'entry-server.mjs'),
    `export const isServerRendered = (pathname) => /^\\/(pakketten)?$/.test(pathname);\nexport async function render(url) {\n${body}\n}\n`,
  );
  return path.join(dir, 'dist');
}

describe('render-page', () => {
  it('is off when the web build has no server entry', async () => {
    expect(await createPageRenderer(path.join(work, 'none', 'dist'), noFetch, silent, { inThread: false })).toBeNull();
  });

  it('puts the page into #root, its data in a JSON block that cannot end the script early, and preloads the home banner', async () => {
    const pages = (await createPageRenderer(
      entry('ok', "return { html: '<h1>Hallo</h1>', state: { queries: [{ label: '</script><b>' }] }, status: 200 };"),
      noFetch,
      silent,
      { inThread: false },
    ))!;
    expect(pages.handles('/pakketten?maand=2027-03')).toBe(true);
    expect(pages.handles('/account')).toBe(false);
    const html = (await htmlOf(pages, '/'))!;
    expect(html).toContain('<div id="root"><h1>Hallo</h1></div><script type="application/json" id="ssr-state">');
    expect(html).not.toContain('</script><b>');
    expect(JSON.parse(html.split('id="ssr-state">')[1]!.split('</script>')[0]!)).toEqual({ queries: [{ label: '</script><b>' }] });
    expect(html).toContain('<link rel="preload" as="image" href="/images/banners/home.svg" fetchpriority="high" />');
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
    expect(await htmlOf(pages, '/pakketten')).not.toContain('rel="preload" as="image"');
    expect(await htmlOf(pages, '/account')).toBeNull();
  });

  it('covers a rendered page with a layer that holds clicks until hydration, hidden without JavaScript and lifting itself after 10 s', async () => {
    const pages = (await createPageRenderer(entry('shield', "return { html: '<button>Kies</button>', state: {}, status: 200 };"), noFetch, silent, {
      inThread: false,
    }))!;
    const html = (await htmlOf(pages, '/pakketten'))!;
    const [head, body] = html.split('</head>') as [string, string];
    expect(body).toContain(`</script><div id="${HYDRATION_SHIELD_ID}" aria-hidden="true"></div>`);
    expect(head).toMatch(new RegExp(`#${HYDRATION_SHIELD_ID}\\{position:fixed;inset:0;z-index:2147483647;[^}]*animation:[^}]* 10s forwards`));
    expect(head).toContain(`<noscript><style>#${HYDRATION_SHIELD_ID}{display:none}</style></noscript>`);
  });

  it('falls back to the plain app when the render fails or the route is not found', async () => {
    const errors: unknown[] = [];
    const failing = (await createPageRenderer(entry('fail', "throw new Error('kapot');"), noFetch, { error: (e) => errors.push(e) }))!;
    expect(await htmlOf(failing, '/')).toBeNull();
    expect(errors).toHaveLength(1);
    const missing = (await createPageRenderer(entry('404', "return { html: 'x', state: {}, status: 404 };"), noFetch, silent, { inThread: false }))!;
    expect(await htmlOf(missing, '/')).toBeNull();
  });

  it('sends a rendered page with the document headers of index.html, revalidated, without those of its bytes', () => {
    const headers = renderedPageHeaders({
      'content-security-policy': "default-src 'self'",
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      etag: '"abc"',
      'last-modified': 'x',
      'content-length': '10',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
    });
    expect(headers).toEqual({
      'content-security-policy': "default-src 'self'",
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    });
  });

  it('links the stylesheets of the page and lists its chunks, leaving out what the entry brings', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'], imports: ['_Box.js'] },
      '_Box.js': { file: 'assets/Box-1.js' },
      'src/pages/ContactPage.tsx': { file: 'assets/ContactPage-1.js', css: ['assets/ContactPage-1.css'], imports: ['_Box.js', '_Banner.js'] },
      '_Banner.js': { file: 'assets/Banner-1.js', css: ['assets/Banner-1.css'], imports: ['_Box.js'] },
    };
    expect(pageLinks(manifest, 'src/pages/ContactPage.tsx')).toEqual({
      css: '<link rel="stylesheet" crossorigin href="/assets/ContactPage-1.css"><link rel="stylesheet" crossorigin href="/assets/Banner-1.css">',
      js: ['/assets/ContactPage-1.js', '/assets/Banner-1.js'],
    });
    expect(pageLinks(manifest, 'src/pages/Unknown.tsx')).toEqual({ css: '', js: [] });
  });

  it('hands a text page the island script (the second entry) to start with, and leaves it out of what the app entry brings', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_storage.js'] },
      'src/islands.ts': { file: 'assets/islands-1.js', isEntry: true, imports: ['_storage.js'] },
      '_storage.js': { file: 'assets/storage-1.js' },
      'src/pages/PrivacyPage.tsx': { file: 'assets/PrivacyPage-1.js', imports: ['_storage.js'] },
    };
    const island = islandCode(manifest);
    expect(island).toEqual({ island: '/assets/islands-1.js', islandPreload: ['/assets/storage-1.js'] });
    expect(islandCode({ 'index.html': manifest['index.html'] })).toBeNull();
    expect(pageLinks(manifest, 'src/pages/PrivacyPage.tsx').js).toEqual(['/assets/PrivacyPage-1.js']);
    const head = arrangeHead('<html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>', {
      image: '',
      css: '',
      pageCode: ['/assets/PrivacyPage-1.js'],
      last: '',
      island,
    });
    expect(JSON.parse(head.split('id="app-code">')[1]!.split('</script>')[0]!)).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/PrivacyPage-1.js'],
      island: '/assets/islands-1.js',
      islandPreload: ['/assets/storage-1.js'],
    });
  });

  it('lists the step entries (React DOM started a task before the app) for boot.js, preloaded with the rest', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_client.js'] },
      'src/react-dom-step.ts': { file: 'assets/react-dom-step-1.js', isEntry: true, imports: ['_client.js'] },
      '_client.js': { file: 'assets/client-1.js' },
    };
    const steps = stepCode(manifest);
    expect(steps).toEqual(['/assets/react-dom-step-1.js']);
    expect(stepCode({ 'index.html': manifest['index.html'] })).toEqual([]);
    const index =
      '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/client-1.js"></head><body></body></html>';
    const code = (head: string) => JSON.parse(head.split('id="app-code">')[1]!.split('</script>')[0]!) as unknown;
    expect(code(arrangeHead(index, { image: '', css: '', pageCode: ['/assets/Page-1.js'], last: '', steps }))).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/client-1.js', '/assets/react-dom-step-1.js', '/assets/Page-1.js'],
      steps: ['/assets/react-dom-step-1.js'],
    });
    // An older build without the step: the app's code as before, without an empty list.
    expect(code(arrangeHead(index, { image: '', css: '', pageCode: [], last: '', steps: [] }))).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/client-1.js'],
    });
  });

  it('puts image and stylesheets first and hands the code to boot.js, which loads it after the first paint', () => {
    const index =
      '<html><head><title>t</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/Box-1.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head><body></body></html>';
    const head = arrangeHead(index, {
      image: '<link rel="preload" as="image" href="/b.svg" />',
      css: '<link rel="stylesheet" href="/assets/Page-1.css">',
      pageCode: ['/assets/Page-1.js'],
      last: '<style>#shield{}</style>',
    }).split('</head>')[0]!;
    const order = ['/b.svg', '/assets/index-1.css', '/assets/Page-1.css', 'id="app-code"', '/boot.js', '#shield'].map((f) => head.indexOf(f));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(JSON.parse(head.split('id="app-code">')[1]!.split('</script>')[0]!)).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/Box-1.js', '/assets/Page-1.js'],
    });
    expect(head.match(/index-1\.css/g)).toHaveLength(1);
  });

  it('preloads the image the page itself marks as its most important from the head', async () => {
    const pages = (await createPageRenderer(
      entry(
        'banner',
        `return { html: '<link rel="preload" as="image" href="/images/banners/kennis.svg" fetchPriority="high"/><h1>Kennis</h1>', state: {}, status: 200 };`,
      ),
      noFetch,
      silent,
      { inThread: false },
    ))!;
    const head = (await htmlOf(pages, '/pakketten'))!.split('</head>')[0]!;
    expect(head).toContain('<link rel="preload" as="image" href="/images/banners/kennis.svg" fetchpriority="high" />');
  });

  it('serves a cached page without asking anything again until data was written or REVALIDATE_MS passed, then uses it only while every answer is unchanged', async () => {
    let etag = 'W/"1"';
    let team = 'Yusuf';
    let asked = 0;
    let clock = 1_000_000;
    const fetchApi = async (url: string) => {
      asked++;
      return url === '/api/products'
        ? new Response('{"products":[]}', { headers: { etag } })
        : new Response(JSON.stringify({ team }), { headers: { 'content-type': 'application/json' } });
    };
    const pages = (await createPageRenderer(
      entry(
        'cache',
        `globalThis.renders = (globalThis.renders ?? 0) + 1;
         const fetchApi = arguments[1];
         const products = await (await fetchApi('/api/products', {})).text();
         const team = await (await fetchApi('/api/team', {})).json();
         return { html: products + team.team + globalThis.renders, state: {}, status: 200 };`,
      ),
      fetchApi,
      silent,
      { revalidateMs: 5000, now: () => clock, inThread: false },
    ))!;
    const renders = () => (globalThis as { renders?: number }).renders;
    expect(await htmlOf(pages, '/')).toContain('{"products":[]}Yusuf1');
    expect(asked).toBe(2);
    // Served as it is: nothing is asked again, nothing rendered.
    for (let i = 0; i < 20; i++) expect(await htmlOf(pages, '/')).toContain('Yusuf1');
    expect(asked).toBe(2);
    expect(renders()).toBe(1);
    // A write that changed nothing the page shows: its answers are asked once, and it is served again.
    pages.dataChanged();
    expect(await htmlOf(pages, '/')).toContain('Yusuf1');
    expect(await htmlOf(pages, '/')).toContain('Yusuf1');
    expect(asked).toBe(4);
    etag = 'W/"2"'; // a product saved: the catalog's ETag changes
    pages.dataChanged();
    expect(await htmlOf(pages, '/')).toContain('Yusuf2');
    team = 'Fatima'; // changed without a request (a job): seen once REVALIDATE_MS has passed
    expect(await htmlOf(pages, '/')).toContain('Yusuf2');
    clock += 5000;
    expect(await htmlOf(pages, '/')).toContain('Fatima3'); // compared by content: the answer has no ETag
    expect(await htmlOf(pages, '/')).toContain('Fatima3');
    expect(await htmlOf(pages, '/', INDEX.replace('<title>t</title>', '<title>new build</title>'))).toContain('Fatima4');
    clock += 60_001; // kept 60 s at most
    expect(await htmlOf(pages, '/', INDEX.replace('<title>t</title>', '<title>new build</title>'))).toContain('Fatima5');
    expect(renders()).toBe(5);
  });

  it('renders a page once for everyone asking at the same time, and one page at a time', async () => {
    const pages = (await createPageRenderer(
      entry(
        'together',
        `globalThis.active = (globalThis.active ?? 0) + 1;
         globalThis.most = Math.max(globalThis.most ?? 0, globalThis.active);
         globalThis.count = (globalThis.count ?? 0) + 1;
         await new Promise((r) => setTimeout(r, 20));
         globalThis.active--;
         return { html: '<p>' + arguments[0] + '</p>', state: {}, status: 200 };`,
      ),
      noFetch,
      silent,
      { inThread: false },
    ))!;
    const g = globalThis as { count?: number; most?: number };
    const same = await Promise.all(Array.from({ length: 30 }, () => htmlOf(pages, '/')));
    expect(new Set(same).size).toBe(1);
    expect(g.count).toBe(1);
    await Promise.all(['/', '/pakketten', '/pakketten?maand=1', '/pakketten?maand=2', '/pakketten?maand=3'].map((u) => htmlOf(pages, u)));
    expect(g.most).toBe(1);
  });

  it('renders in a thread of its own, whose API requests the API thread answers', async () => {
    const asked: string[] = [];
    const fetchApi = async (url: string) => {
      asked.push(url);
      return new Response('{"team":"Yusuf"}', { headers: { etag: 'W/"t"' } });
    };
    const pages = (await createPageRenderer(
      entry(
        'thread',
        `const { threadId } = await import('node:worker_threads');
         const team = await (await arguments[1]('/api/team', {})).json();
         return { html: '<p>' + team.team + ' in thread ' + threadId + '</p>', state: {}, status: 200 };`,
      ),
      fetchApi,
      silent,
    ))!;
    try {
      const html = (await htmlOf(pages, '/'))!;
      expect(html).toMatch(/<p>Yusuf in thread [1-9]\d*<\/p>/);
      expect(asked).toEqual(['/api/team']);
    } finally {
      await pages.close();
    }
  });

  it('ends a thread whose render holds it past the time limit, and renders in a new one after', async () => {
    const errors: unknown[] = [];
    const pages = (await createPageRenderer(
      entry(
        'hang',
        `if (arguments[0] === '/') { const end = Date.now() + 60000; while (Date.now() < end); }
         return { html: '<p>klaar</p>', state: {}, status: 200 };`,
      ),
      noFetch,
      { error: (e) => errors.push(e) },
    ))!;
    try {
      const started = Date.now();
      // The API thread stays free meanwhile: a timer fires on time.
      const tick = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now() - started), 100));
      expect(await htmlOf(pages, '/')).toBeNull();
      expect(await tick).toBeLessThan(1000);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await htmlOf(pages, '/pakketten')).toContain('<p>klaar</p>');
    } finally {
      await pages.close();
    }
  }, 20_000);

  it('compresses a page as the client accepts it, each coding once for the page', async () => {
    const html = '<h1>' + 'Umrah '.repeat(500) + '</h1>';
    const pages = (await createPageRenderer(entry('compress', `return { html: '${html}', state: {}, status: 200 };`), noFetch, silent, {
      inThread: false,
    }))!;
    const page = (await pages.render('/', INDEX))!;
    const br = await page.encoded('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page.html);
    expect((await page.encoded('br, gzip')).body).toBe(br.body);
    const gz = await page.encoded('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body as Buffer).toString()).toBe(page.html);
    expect(await page.encoded('br;q=0, identity')).toEqual({ body: page.html });
    expect(await page.encoded(undefined)).toEqual({ body: page.html });
    // A page served again from the renderer's cache is not compressed again.
    expect((await (await pages.render('/', INDEX))!.encoded('br')).body).toBe(br.body);
  });
});
