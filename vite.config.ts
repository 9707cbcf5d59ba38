import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The client lives in src/client; the server (src/server) serves dist/client in production.
const serverUrl = `http://127.0.0.1:${process.env.PORT || 8080}`;
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@mui/material'] },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 3000,
  },
  // `npm run dev` (scripts/dev.mjs): API calls and download links go to the server on PORT
  server: { port: 5173, proxy: { '/api': serverUrl, '/upload': serverUrl } },
});
