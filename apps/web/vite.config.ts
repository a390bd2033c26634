import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = new URL('.', import.meta.url).pathname;

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bundle-budget.mjs to work out which chunks each route loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Framework code changes rarely; keeping it apart lets browsers cache it across releases.
        // Other packages stay with the pages that use them, so a page never loads another's libraries.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
