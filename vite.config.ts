import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { closure } from './scripts/staticImports.ts';
import { citizenPageServing, citizenServiceWorker } from './scripts/citizenPage.ts';
import { earlyChunks } from './scripts/earlyChunks.ts';
import { firstScreenModules } from './scripts/firstScreenModules.ts';

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
    // The backend's addresses, reached through the same origin behind a load balancer (npm run cluster), and an
    // export's file streamed to the download as the page writes it (public/export-stream-sw.js, src/common/exportSinks.ts).
    // The citizens' page has its own worker, scoped to /signaler (scripts/citizenPage.ts), and is not the back-office.
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/open311\//, /^\/socket\.io\//, /^\/_(health|ready)$/, /^\/__export__\//, /^\/signaler(\/|$)/],
    importScripts: ['/export-stream-sw.js'],
    globIgnores: ['**/signaler*', '**/Signaler*', 'signaler-sw.js'],
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

/**
 * Shared libraries in three vendor files, long-lived across releases, instead of a file per module
 * (a cold load of the dashboard asked 77 files in 4–5 levels, the list 107; a phone pays each
 * request's round trip, and Vite's preload helper its CPU). A group takes the modules its own
 * modules import too, so each lists its whole family. Screens' heavy libraries (charts, maps, the
 * editor, zod, papaparse, socket.io) stay with their screens.
 */
// ra-core's HttpError class, which the providers throw (/login's auth provider too): not the whole framework.
const RA_HTTP_ERROR = /ra-core[\\/]dist[\\/]dataProvider[\\/]HttpError\.js$/;
const MUI = /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|@popperjs|react-transition-group|stylis|clsx|prop-types|react-is|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;
const ADMIN = /node_modules[\\/](react-admin|ra-[a-z0-9-]+|@tanstack|react-router|react-router-dom|react-hook-form|lodash|query-string|inflection|jsonexport|eventemitter3|react-error-boundary|react-dropzone|cookie|set-cookie-parser|node-polyglot|decode-uri-component|filter-obj|split-on-first|dompurify|attr-accept|file-selector|date-fns)[\\/]/;

/**
 * The app's own code in three files too, by what each first screen imports statically (the lazy
 * screens share modules with it, and each shared module was a file of its own):
 * - app-boot: what main.tsx and the first visit's /login import (the session, the auth provider, the
 *   themes, the shell's strings), which the app needs as well, asked with the entry. main.tsx itself
 *   stays in the entry's file; its imports are claimed first, or a group below would take the modules
 *   it shares with main.tsx and make the entry import that whole group;
 * - app-shell: the rest of AppRoot's (the layout, the registry, the providers);
 * - app-screens: the first screens, the dashboard and the generic list, one file main.tsx asks with the shell.
 */
const sources = (entries: string[], without: Set<string> = new Set()) => new Set([...closure(entries).files].filter((file) => !without.has(file)));
const entryFile = new Set([...closure(['src/main.tsx']).files].filter((file) => file.endsWith('/src/main.tsx')));
const bootCode = sources(['src/main.tsx', 'src/custom/login/StandaloneLogin.tsx'], entryFile);
const shellCode = sources(['src/AppRoot.tsx'], new Set([...entryFile, ...bootCode]));
const screensCode = sources(['src/custom/dashboard/Dashboard.tsx', 'src/generic/list/ResourceListPage.tsx'], new Set([...entryFile, ...bootCode, ...shellCode]));
/**
 * The citizens' page (signaler.html) is an entry of its own: the modules it shares with the back-office (the map's
 * tiles, the domain's vocabulary) stay out of the back-office's groups, or the page would load the group's file
 * and, through it, the back-office's framework.
 */
/**
 * `npm start` serves the built back-office (vite preview) and, on the same address, the backend's routes: the API,
 * the files, the citizens' channel, socket.io and the health checks go through to the backend (BACKEND_URL). The
 * back-office built for its own address (VITE_API_URL=/) then calls the API without a CORS preflight, as behind the
 * production balancer.
 */
const backendUrl = process.env.BACKEND_URL ?? `http://localhost:${process.env.PORT ?? '1337'}`;
const toBackend = { target: backendUrl, changeOrigin: false, xfwd: true };
const backendRoutes = {
  '/api': toBackend,
  '/uploads': toBackend,
  '/open311': toBackend,
  '/socket.io': { ...toBackend, ws: true },
  '^/_(health|ready)$': toBackend,
};

const citizenCode = closure(['src/citizen/main.tsx']).files;
const citizenShared = new Set([...citizenCode].filter((file) => !/[\\/]src[\\/]citizen[\\/]/.test(file)));
const ofSources = (files: Set<string>) => (id: string) => files.has(id.split('?')[0]) && !citizenCode.has(id.split('?')[0]);

// ra-i18n-polyglot's node-polyglot polyfills Object.entries (get-intrinsic and its kin): the browser's own.
const alias = { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) };
const sourceFile = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));
/** A list's table, a wider screen's (a phone's lists are cards): its libraries in a file of their own, not the first screens'. */
const WIDE_LIST = sourceFile('src/generic/list/ListTable.tsx');
/** The first screens: the first visit's /login, the app's shell, the dashboard and the generic list. */
const FIRST_SCREENS = ['src/main.tsx', 'src/custom/login/StandaloneLogin.tsx', 'src/AppRoot.tsx', 'src/custom/dashboard/Dashboard.tsx', 'src/generic/list/ResourceListPage.tsx'].map(sourceFile);

export default defineConfig(async ({ command }) => {
  // What the first screens run of the libraries (scripts/firstScreenModules.ts); a build only.
  const modulesOf = async (entries: string[]) => (command === 'build' ? firstScreenModules({ root: fileURLToPath(new URL('.', import.meta.url)), entries, plugins: [react()], alias }) : new Set<string>());
  const [firstScreens, wideList] = await Promise.all([modulesOf(FIRST_SCREENS), modulesOf([WIDE_LIST])]);
  const ofFirstScreens = (id: string) => firstScreens.has(id);
  return {
    plugins: [
      react(),
      pwa,
      citizenPageServing(),
      citizenServiceWorker(),
      // A signed-in cold load asks for the shell's and the first screens' chunks as the HTML is read (scripts/earlyChunks.ts).
      earlyChunks(FIRST_SCREENS.slice(2)),
    ],
    resolve: {
      alias,
    },
    server: { port: 5173 },
    preview: { port: 5173, proxy: backendRoutes },
    build: {
      sourcemap: false,
      chunkSizeWarningLimit: 900,
      rolldownOptions: {
        // The back-office, and the citizens' page (/signaler), a light entry of its own.
        input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), signaler: fileURLToPath(new URL('./signaler.html', import.meta.url)) },
        output: {
          codeSplitting: {
            groups: [
              // React alone, the first file of every visit (/login too).
              { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
              // What the citizens' page shares with the back-office (the domain's vocabulary, the map's tiles), claimed
              // first: a group takes what its modules import, and the back-office's would take these with theirs.
              // With them its one library (idb-keyval, its offline queue) and Vite's helper of lazy imports.
              { name: 'shared-citizen', test: (id: string) => citizenShared.has(id.split('?')[0]) || /node_modules[\\/]idb-keyval[\\/]|vite\/preload-helper/.test(id), priority: 45 },
              // MUI and emotion, which /login uses too: one file instead of one per component. With them ra-core's
              // HttpError class, which /login's auth provider throws: react-admin's modules import it, and a
              // group takes what its modules import, so it must be claimed first or /login loads the framework.
              { name: 'vendor-mui', test: (id: string) => (MUI.test(id) && ofFirstScreens(id)) || RA_HTTP_ERROR.test(id), priority: 40 },
              // The app's framework: react-admin, its data layer and the router (never on the first /login).
              { name: 'vendor-admin', test: (id: string) => ADMIN.test(id) && ofFirstScreens(id), priority: 30 },
              { name: 'app-boot', test: ofSources(bootCode), priority: 25 },
              { name: 'app-shell', test: ofSources(shellCode), priority: 15 },
              { name: 'app-screens', test: ofSources(screensCode), priority: 10 },
              // What a list's table adds (react-admin's DataTable, MUI's table and tooltips), asked with the table on a wide screen.
              { name: 'vendor-table', test: (id: string) => (MUI.test(id) || ADMIN.test(id)) && wideList.has(id), priority: 8 },
              // The rest of MUI and react-admin (the forms, inputs and dialogs of later screens): one file those screens share.
              { name: 'vendor-later', test: (id: string) => MUI.test(id) || ADMIN.test(id), priority: 5 },
            ],
          },
        },
      },
    },
  };
});
