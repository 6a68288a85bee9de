import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** Modules of the named packages, wherever npm put them. */
const packages = (names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

export default defineConfig({
  plugins: [
    react(),
    // A .br (quality 11) and a .gz (level 9) beside every text file of the build, public files
    // included: the server sends them as they are (`preCompressed` in http/spa.ts), so the
    // strongest settings cost build time once instead of CPU on every request. Files that would not
    // shrink get no sibling and are sent as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the build targets supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every screen runs, in three chunks of its own instead of spread over the shared
          // chunks of the per-route split: fewer requests, slightly better compression, and they
          // stay cached across releases that do not upgrade them. Everything else (Mantine's
          // components, forms, zod, dates, charts, dnd-kit) stays split by route, so a page loads
          // only the parts it renders.
          groups: [
            { name: 'react', test: packages(['react', 'react-dom', 'scheduler']) },
            { name: 'router', test: packages(['react-router']) },
            {
              name: 'redux',
              test: packages(['@reduxjs', 'immer', 'redux', 'reselect', 'react-redux', 'use-sync-external-store']),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Subdomains (demo.localhost:5173) are the tenants; accept every *.localhost host.
    allowedHosts: ['.localhost'],
    proxy: {
      // changeOrigin false keeps the Host header, so the server sees the tenant subdomain.
      '/api': { target: apiTarget, changeOrigin: false },
      '/schema': { target: apiTarget, changeOrigin: false },
    },
  },
});
