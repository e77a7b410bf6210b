import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    // The API runs separately in development; in production it serves this build itself.
    proxy: { '/api': 'http://localhost:3101' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // The server render (src/entry-server.tsx, loaded by the API): ES modules whatever package.json
    // is near them; packages come from node_modules, except the workspace's TypeScript domain package.
    ...(isSsrBuild && {
      rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } },
    }),
  },
  ...(isSsrBuild && { ssr: { noExternal: ['@umrah/domain'] }, publicDir: false }),
}));
