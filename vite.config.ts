import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The back-office SPA. Routes and screens are split into lazy chunks (React.lazy in the resource
 * registry and App.tsx, main.tsx's standalone /login); libraries land in the chunks of the routes
 * that use them (the charts, maps and editor with their screens), React alone in a chunk of its own.
 */
/**
 * Installable on a phone (web app manifest in French) with a service worker made by Workbox through
 * vite-plugin-pwa: the shell and every screen's chunk are precached, so a repeat visit paints without
 * the network and a session opened before a redeploy keeps its own chunks. A new version waits
 * (registerType 'prompt') until the agent accepts the toast (src/pwa/serviceWorker.ts registers it).
 * The API is not cached here (the app keeps its own data, src/offline/); photos' files are, once seen.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Back-office de la mairie de Mamoudzou',
    short_name: 'Mairie Mamoudzou',
    description: 'Signalements, actualités et tournées des agents de la mairie de Mamoudzou',
    lang: 'fr',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0b5394',
    background_color: '#fafafb',
    categories: ['government', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Screens' chunks are large (the editor, the maps): all of them are precached.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/open311\//],
    // The first install controls the open page at once; an update waits for the agent (skipWaiting by message).
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Photos and their thumbnails (the backend's /uploads), kept once seen; removed at logout.
        urlPattern: ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/uploads/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'photos',
          expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), pwa],
  resolve: {
    // ra-i18n-polyglot's node-polyglot polyfills Object.entries (get-intrinsic and its kin): the browser's own.
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
  },
  server: { port: 5173 },
  preview: { port: 5173 },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React alone, long-lived: the standalone /login needs it, not the router. No other vendor group:
            // a group drags in what its modules import (MUI's core would follow react-admin into its chunk and
            // load with /login), so react-admin, MUI, the charts, maps and editor split where they are used.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
