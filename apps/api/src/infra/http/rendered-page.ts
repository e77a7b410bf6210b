import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { accepts } from './static-files.ts';

/** A rendered page: its HTML, its ETag, and that HTML compressed for a client (each coding made once per page). */
export interface RenderedPage {
  html: string;
  etag: string;
  encoded(acceptEncoding: string | undefined): Promise<EncodedPage>;
}

type EncodedPage = { body: Buffer | string; encoding?: 'br' | 'gzip' };

export function renderedPage(html: string): RenderedPage {
  const made = new Map<string | undefined, Promise<EncodedPage>>();
  return {
    html,
    etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    encoded(acceptEncoding) {
      const coding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : undefined;
      if (!made.has(coding)) made.set(coding, compressPage(html, coding));
      return made.get(coding)!;
    },
  };
}

const pageHeaders = new WeakMap<Record<string, string>, Record<string, string>>();
/**
 * The headers of a rendered page: index.html's (security policy, type) without those of its bytes.
 * Made once per build's index.html (the same object is handed in on every request).
 */
export function renderedPageHeaders(indexHeaders: Record<string, string>): Record<string, string> {
  let headers = pageHeaders.get(indexHeaders);
  if (!headers) {
    headers = { ...indexHeaders, 'cache-control': 'no-cache' };
    for (const name of ['etag', 'last-modified', 'content-length', 'content-encoding', 'vary']) delete headers[name];
    pageHeaders.set(indexHeaders, headers);
  }
  return headers;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A rendered page compressed with the coding the client takes (in zlib's thread pool, not on the
 * event loop): brotli at a quality cheap enough once per page, or gzip, or as it is.
 */
async function compressPage(html: string, coding: 'br' | 'gzip' | undefined): Promise<EncodedPage> {
  if (coding === 'br') {
    return {
      body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      encoding: 'br',
    };
  }
  if (coding === 'gzip') return { body: await gzipAsync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}
