import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The citizens' page (signaler.html, src/citizen/) beside the back-office in the same build:
 * - served at /signaler and /signaler/suivi/… by `vite preview` (npm start) and `vite` (dev), as a production
 *   server must (docs/citoyens.md): any address under /signaler is signaler.html;
 * - its own service worker, /signaler-sw.js (Workbox's generateSW, as the back-office's), scoped to /signaler and
 *   precaching the page's files alone: a resident's phone never downloads the back-office, and the page opens
 *   without the network after a first visit. The back-office's worker leaves /signaler to it.
 */

/** Addresses of the page: /signaler, /signaler/, /signaler/suivi/MZ-2026-00042 (not signaler.html, -sw.js, .webmanifest). */
export const CITIZEN_ROUTE = /^\/signaler(\/[^.]*)?(\?.*)?$/;

function rewrite(req: { url?: string }, _res: unknown, next: () => void) {
  if (req.url && CITIZEN_ROUTE.test(req.url)) req.url = `/signaler.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
  next();
}

export function citizenPageServing(): Plugin {
  return {
    name: 'citizen-page-serving',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

/** The built files the page loads: its entry, its lazy chunks (the map), their CSS and assets. */
function citizenFiles(bundle: Record<string, any>, entryName: string): string[] {
  const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === entryName);
  if (!entry) return [];
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk') return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  visit(entry.fileName);
  return [...files];
}

export function citizenServiceWorker({ entryName = 'signaler' } = {}): Plugin {
  let outDir = 'dist';
  let files: string[] = [];
  return {
    name: 'citizen-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      files = citizenFiles(bundle as Record<string, any>, entryName);
    },
    async closeBundle() {
      if (files.length === 0) return;
      const { generateSW } = await import('workbox-build');
      await generateSW({
        swDest: path.join(outDir, 'signaler-sw.js'),
        globDirectory: outDir,
        globPatterns: [...files, 'signaler.html', 'signaler.webmanifest', 'favicon.svg', 'icons/icon-192.png'],
        // Any address under /signaler opens the page from the precache (the report's page reads its data anew).
        navigateFallback: '/signaler.html',
        navigateFallbackAllowlist: [/^\/signaler(\/|$)/],
        cacheId: 'signaler',
        inlineWorkboxRuntime: true,
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        sourcemap: false,
        mode: 'production',
        runtimeCaching: [
          {
            // The form's settings and a report's page, from the network first, the last answer without it.
            urlPattern: ({ url }) => url.pathname.startsWith('/open311/page/') && (url.pathname.endsWith('/form.json') || url.pathname.includes('/requests/')),
            handler: 'NetworkFirst',
            method: 'GET',
            options: { cacheName: 'signaler-donnees', networkTimeoutSeconds: 5, expiration: { maxEntries: 30 }, cacheableResponse: { statuses: [200] } },
          },
          {
            // Map tiles and a report's photos, kept once seen (a few: a phone's storage is small).
            urlPattern: ({ url, request }) => request.destination === 'image' && (/tile\.openstreetmap\.org|api\.mapbox\.com|tile\.googleapis\.com/.test(url.hostname) || url.pathname.startsWith('/uploads/')),
            handler: 'CacheFirst',
            options: { cacheName: 'signaler-images', expiration: { maxEntries: 150, maxAgeSeconds: 14 * 24 * 3600 }, cacheableResponse: { statuses: [0, 200] } },
          },
        ],
      });
    },
  };
}
