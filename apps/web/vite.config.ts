import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The API runs separately in development; in production it serves this build itself.
    proxy: { '/api': 'http://localhost:3101' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
