import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractRoutes } from './build/contract-routes.ts';
import { pureSchemas } from './build/pure-schemas.ts';

const webRoot = new URL('.', import.meta.url).pathname;

export default defineConfig({
  root: webRoot,
  plugins: [contractRoutes(), pureSchemas(), react(), tailwindcss()],
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
    // The chunks over Vite's 500 kB default load on demand only (PostHog after cookie consent, the
    // document editor with a written document); what each route loads first is what counts, and
    // scripts/bundle-budget.mjs holds it to a budget.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Framework code changes rarely; keeping it apart lets browsers cache it across releases.
        // Other packages stay with the pages that use them, so a page never loads another's libraries.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 40,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
            },
            // Radix in two chunks. Left to themselves, the overlays (dialog, menu, toasts, popovers,
            // tooltips) each share a different mix of Radix's parts, every mix becomes a small chunk,
            // and the entry names each one for its lazy imports: the sign-in page pays for the list.
            // The core is what the write page's tabs need on its first load; the rest (layers, focus
            // scopes, positioning, and the small packages only they use) loads after a page has
            // rendered, all of it with the first overlay, which every page fetches when idle anyway.
            {
              name: 'radix-core',
              priority: 31,
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(compose-refs|context|slot|primitive|id|presence|direction|collection|roving-focus|use-controllable-state|use-layout-effect|use-callback-ref|use-effect-event|use-is-hydrated|tabs))[\\/]/,
            },
            {
              name: 'radix',
              priority: 30,
              test: /node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/]/,
            },
            // Everything the entry imports, in the entry's chunk. Left to themselves, the modules the
            // entry shares with lazily loaded pages (constants, the API client, toasts, icons) each
            // became a chunk of 1–2 kB, and every page's first load paid a request for each: over
            // HTTP/1.1 a browser fetches six at a time, so Lighthouse's mobile run counted ten more
            // round trips before the largest paint (docs/benchmarks.md, 2026-11-28).
            {
              name: 'start',
              priority: 20,
              tags: ['$initial'],
            },
            // The icons several pages share, in a few chunks grouped by the pages that use them (small
            // groups merged): each of 31 icons had been a chunk of its own, so a page opening paid a
            // request and a preload link for each. Grouped by the pages using them, the sign-in page
            // loads no more than before (docs/benchmarks.md). Priorities keep the groups above first.
            {
              name: 'icons',
              priority: 10,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 8000,
              test: /node_modules[\\/]lucide-react[\\/]/,
            },
          ],
        },
      },
    },
  },
});
