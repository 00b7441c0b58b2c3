import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routeWeightReport } from './bench/route-weights';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command }) => ({
  root,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    // The server sends these .br and .gz copies to browsers that accept them; the originals stay.
    // Only for builds: the plugin takes over standard output as soon as it is created.
    command === 'build' && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // The gzip size of each page's JavaScript, read from the manifest, against its target.
    routeWeightReport(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    // Every browser the app supports preloads modules itself: the polyfill would only add weight.
    modulePreload: { polyfill: false },
    // Fonts stay files (never data: URLs in the CSS that every page loads): a browser fetches
    // one only for a page that draws its characters.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rollupOptions: {
      // Comments that dependencies misplace are dropped anyway; they are not ours to fix.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
}));
