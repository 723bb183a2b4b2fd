import type { ExportSink, OpenSink } from './exporter';

/**
 * Where an export's file goes as it is written, in the browser, without the page ever holding it whole:
 * - through the back-office's service worker (public/export-stream-sw.js): a download the browser saves as the page
 *   writes it, at the pace the download reads it (any browser the service worker runs in: the installed app, a
 *   phone, Firefox, Safari, Chromium);
 * - else, where the browser has the File System Access API (Chromium on a computer), into a file the agent chooses;
 * - else in memory (each part a Blob, which the browser may keep out of the page), downloaded at the end.
 */

/** Text sent to the download per message: large enough to be cheap, small enough to keep memory flat. */
const CHUNK_CHARS = 64 * 1024;
/** How long the service worker has to take an export before the next way is tried. */
const ANSWER_MS = 5000;

type Message = { type?: string };

/**
 * The page's end of the protocol with the service worker: chunks sent one per 'pull' of the download's stream, `write`
 * resolving once its text is sent (or buffered below a chunk). `startDownload` opens the address the worker answers.
 */
export function portSink(port: MessagePort, startDownload: () => void, stopDownload: () => void): ExportSink {
  let credits = 0;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  port.onmessage = ({ data }: MessageEvent<Message>) => {
    if (data?.type === 'pull') credits++;
    else if (data?.type === 'cancel') failure = new Error('Export annulé par le navigateur');
    else return;
    wake?.();
  };
  startDownload();
  const encoder = new TextEncoder();
  let buffer = '';
  const send = async (text: string) => {
    while (credits === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    if (failure) throw failure;
    credits--;
    const bytes = encoder.encode(text);
    port.postMessage({ type: 'chunk', chunk: bytes }, [bytes.buffer]);
  };
  return {
    async write(text) {
      buffer += text;
      if (buffer.length < CHUNK_CHARS) return;
      const chunk = buffer;
      buffer = '';
      await send(chunk);
    },
    async close() {
      if (buffer) await send(buffer);
      buffer = '';
      port.postMessage({ type: 'end' });
      port.close();
      // The frame's download lives on in the browser; the frame itself goes once it has surely begun.
      setTimeout(stopDownload, 60_000);
    },
    async abort() {
      buffer = '';
      port.postMessage({ type: 'abort' });
      port.close();
      stopDownload();
    },
  };
}

/** The service worker that controls this page, if one does (the built back-office, not `npm run dev` nor jsdom). */
const controller = (): ServiceWorker | null => (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) || null;

/** A sink through the service worker; rejects if none controls the page or it does not answer in time. */
export async function serviceWorkerSink(fileName: string, mimeType: string, worker: ServiceWorker | null = controller()): Promise<ExportSink> {
  if (!worker) throw new Error('Aucun service worker ne contrôle la page');
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Le service worker ne répond pas')), ANSWER_MS);
    channel.port1.onmessage = ({ data }: MessageEvent<Message>) => {
      if (data?.type !== 'ready') return;
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'export-stream', id, fileName, mimeType }, [channel.port2]);
  });
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = fileName;
  return portSink(
    channel.port1,
    () => {
      frame.src = `/__export__/${id}/${encodeURIComponent(fileName)}`;
      document.body.appendChild(frame);
    },
    () => frame.remove(),
  );
}

type SavePicker = (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
  createWritable: () => Promise<{ write: (data: string) => Promise<void>; close: () => Promise<void>; abort: (reason?: unknown) => Promise<void> }>;
}>;

/**
 * The sink of a file chosen with the File System Access API: the choice must be asked at the agent's click, before
 * anything is awaited; the file is then written as rows come. Undefined where the browser has no such dialog.
 */
export function chooseFile(fileName: string, format: 'csv' | 'html'): Promise<OpenSink> | undefined {
  const picker = (globalThis as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  if (typeof picker !== 'function') return undefined;
  const accept: Record<string, string[]> = format === 'csv' ? { 'text/csv': ['.csv'] } : { 'text/html': ['.html'] };
  return picker({ suggestedName: fileName, types: [{ description: format.toUpperCase(), accept }] }).then((handle) => async () => {
    const writable = await handle.createWritable();
    return { write: (text) => writable.write(text), close: () => writable.close(), abort: (reason) => writable.abort(reason) };
  });
}

/**
 * How a CSV export is written in this browser: through the service worker when it controls the page (if it does not
 * answer, the next way), else into a file the agent chose (`chosen`, asked at the click), else `inMemory`.
 */
export function browserSink(inMemory: OpenSink, chosen?: OpenSink): OpenSink {
  return async (fileName, mimeType) => {
    if (controller()) {
      try {
        return await serviceWorkerSink(fileName, mimeType);
      } catch {
        /* next way */
      }
    }
    return (chosen ?? inMemory)(fileName, mimeType);
  };
}

/** Whether the service worker will take the export (then no file dialog is needed). */
export const streamsThroughServiceWorker = () => controller() !== null;
