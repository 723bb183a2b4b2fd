/*
 * Part of the back-office's service worker (vite.config.ts imports it into the one Workbox makes): an export's file
 * streamed to the browser's download as the page writes it, never held whole in memory (src/common/exportSinks.ts).
 *
 * The page sends { type: 'export-stream', id, fileName, mimeType } with a MessagePort, then opens
 * /__export__/<id>/<name> in a hidden frame. This worker answers that address with a stream whose chunks come
 * through the port: each time the stream wants more (its queue below 4 chunks), it asks the page ('pull'), which
 * sends one chunk ('chunk'), then 'end' (or 'abort'). The page thus never writes faster than the download reads.
 * Only an id a page of this origin gave is answered; an address nobody announced gets a 404.
 */
(() => {
  const pending = new Map();
  const PREFIX = '/__export__/';

  self.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== 'export-stream' || typeof data.id !== 'string' || !event.ports[0]) return;
    const port = event.ports[0];
    pending.set(data.id, { port, fileName: String(data.fileName || 'export'), mimeType: String(data.mimeType || 'application/octet-stream') });
    // Forgotten if the page never opens it.
    setTimeout(() => pending.delete(data.id), 60000);
    port.postMessage({ type: 'ready' });
  });

  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(PREFIX)) return;
    const id = url.pathname.slice(PREFIX.length).split('/')[0];
    const entry = pending.get(id);
    if (!entry) {
      event.respondWith(new Response('Export introuvable', { status: 404, headers: { 'Content-Type': 'text/plain;charset=utf-8' } }));
      return;
    }
    pending.delete(id);
    const { port, fileName, mimeType } = entry;
    const stream = new ReadableStream(
      {
        start(controller) {
          port.onmessage = ({ data }) => {
            if (!data) return;
            if (data.type === 'chunk') controller.enqueue(data.chunk);
            else if (data.type === 'end') {
              controller.close();
              port.close();
            } else if (data.type === 'abort') {
              controller.error(new Error('Export interrompu'));
              port.close();
            }
          };
        },
        pull() {
          port.postMessage({ type: 'pull' });
        },
        cancel() {
          port.postMessage({ type: 'cancel' });
          port.close();
        },
      },
      new CountQueuingStrategy({ highWaterMark: 4 }),
    );
    const name = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    event.respondWith(
      new Response(stream, {
        headers: {
          'Content-Type': mimeType,
          'Content-Disposition': `attachment; filename*=UTF-8''${name}`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      }),
    );
  });
})();
