import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
