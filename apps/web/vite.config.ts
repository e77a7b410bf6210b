import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes dist/.vite/chunks.json: every chunk of the browser build with its static and dynamic
 * imports and the modules inside it. scripts/js-budget.mjs measures from it what a public page
 * loads before it works (and whether any admin code is among it). Not served: the server skips
 * dot-folders.
 */
function chunkGraph(): Plugin {
  return {
    name: 'chunk-graph',
    apply: 'build',
    // After Vite's own bundle work, which drops the chunks that held only CSS.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const root = process.cwd();
      const short = (id: string) => {
        const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
        const inModules = clean.lastIndexOf('node_modules/');
        return inModules >= 0 ? clean.slice(inModules) : path.relative(root, clean);
      };
      const chunks = Object.values(bundle)
        .filter((out) => out.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          isEntry: chunk.isEntry,
          facade: chunk.facadeModuleId ? short(chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.keys(chunk.modules).map(short),
        }));
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * The passport scan's OCR (src/features/visa/mrzScan.ts) comes from the shop itself, never from a
 * CDN: tesseract's worker, its wasm core (with the legacy engine, which reads OCR-B best) and the English
 * model, written to /ocr/ and fetched only when a guest presses 'Paspoort scannen'. The model stays
 * gzipped under its plain name: the worker unpacks it (the server keeps .gz names for its own twins).
 */
function ocrFiles(): Record<string, () => Buffer> {
  const require = createRequire(import.meta.url);
  const dir = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));
  return {
    'ocr/worker.min.js': () => readFileSync(path.join(dir('tesseract.js'), 'dist/worker.min.js')),
    // One core: wasm SIMD is in every browser since 2023 (Safari 16.4); each variant adds 4.7 MB and its compression to the build.
    'ocr/tesseract-core-simd.wasm.js': () => readFileSync(path.join(dir('tesseract.js-core'), 'tesseract-core-simd.wasm.js')),
    'ocr/eng.traineddata': () => readFileSync(path.join(dir('@tesseract.js-data/eng'), '4.0.0/eng.traineddata.gz')),
  };
}

function ocrAssets(): Plugin {
  const files = ocrFiles();
  return {
    name: 'ocr-assets',
    generateBundle() {
      for (const [fileName, read] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source: read() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const read = files[(req.url ?? '').replace(/^\//, '').replace(/\?.*$/, '')];
        if (!read) return next();
        res.setHeader('Content-Type', req.url!.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        res.end(read());
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [chunkGraph(), ocrAssets()])],
  server: {
    port: 5173,
    // The API runs separately in development; in production it serves this build itself.
    proxy: { '/api': 'http://localhost:3101' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: the API links a server-rendered page's CSS and preloads its code.
    manifest: !isSsrBuild,
    // Every browser of the es2022 target knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The public pages start with the island script instead of the app (src/islands.ts): a second entry;
    // src/react-dom-step.ts runs React DOM's start in a task of its own before the app (boot.js): a third.
    ...(!isSsrBuild && {
      rollupOptions: { input: { index: 'index.html', islands: 'src/islands.ts', 'react-dom-step': 'src/react-dom-step.ts' } },
    }),
    // The server render (src/entry-server.tsx, loaded by the API): ES modules whatever package.json
    // is near them; packages come from node_modules, except the workspace's TypeScript domain package.
    ...(isSsrBuild && {
      rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } },
    }),
  },
  ...(isSsrBuild && { ssr: { noExternal: ['@umrah/domain'] }, publicDir: false }),
}));
