import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { csvHeader, csvRows, exportRows, type ExportProgress, type ExportSink } from '../../../src/common/exporter';
import { portSink } from '../../../src/common/exportSinks';
import { progressText } from '../../../src/common/ExportMenu';
import { signalements } from '../../../src/resources/signalements';

/**
 * An export streamed to its file: each batch of rows written as it arrives, the next one read only once the file took
 * the last one (memory holds a batch, whatever the number of rows), its progress told; and the service worker's part
 * (public/export-stream-sw.js) with the page's (src/common/exportSinks.ts), run here as the browser runs them: the
 * download reads a stream the page fills only as fast as it is read.
 */

const columns = signalements.exportColumns!;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A provider whose export route sends `batches` batches of `size` rows, announcing their number first. */
function streamingProvider(batches: number, size: number, events: string[]) {
  return {
    getList: async () => {
      throw new Error('an export streamed never pages through the list');
    },
    exportList: async (_resource: string, params: { onTotal?: (n: number) => void }, onRows: (rows: Record<string, unknown>[]) => Promise<void> | void) => {
      params.onTotal?.(batches * size);
      for (let b = 0; b < batches; b++) {
        events.push(`batch ${b} read`);
        await onRows(Array.from({ length: size }, (_, i) => ({ id: `r${b * size + i}`, title: `Signalement ${b * size + i}`, report_status: 'nouveau' })));
      }
      return batches * size;
    },
  } as unknown as DataProvider;
}

describe('an export streamed to its file', () => {
  it('writes each batch as it comes, reads the next once the file took it, and tells its progress', async () => {
    const events: string[] = [];
    const written: string[] = [];
    let release: (() => void) | undefined;
    const sink: ExportSink = {
      write: async (text) => {
        written.push(text);
        events.push(`write ${written.length}`);
        // The file is slow: the second write waits until released.
        if (written.length === 3) await new Promise<void>((resolve) => (release = resolve));
      },
      close: async () => void events.push('close'),
      abort: async () => void events.push('abort'),
    };
    const progress: ExportProgress[] = [];
    const opened: string[] = [];
    const done = exportRows(streamingProvider(3, 2, events), { resource: 'signalements', columns, format: 'csv', fileName: 'signalements', title: 'Signalements' }, undefined, {
      openSink: async (fileName, type) => {
        opened.push(`${fileName} ${type}`);
        return sink;
      },
      onProgress: (p) => progress.push(p),
    });
    await tick();
    // The header and the first two batches are written; the third batch is not read while the file is busy.
    expect(events).toEqual(['batch 0 read', 'write 1', 'write 2', 'batch 1 read', 'write 3']);
    release!();
    expect(await done).toBe(6);
    expect(events.slice(5)).toEqual(['batch 2 read', 'write 4', 'close']);
    expect(opened).toEqual([expect.stringMatching(/^signalements_\d{4}-\d{2}-\d{2}\.csv text\/csv;charset=utf-8$/)]);
    const rows = Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, title: `Signalement ${i}`, report_status: 'nouveau' }));
    expect(written.join('')).toBe(csvHeader(columns) + csvRows(rows.slice(0, 2), columns) + csvRows(rows.slice(2, 4), columns) + csvRows(rows.slice(4), columns));
    expect(progress).toEqual([{ rows: 0, total: 6 }, { rows: 2, total: 6 }, { rows: 4, total: 6 }, { rows: 6, total: 6 }]);
    expect(progressText(progress[1])).toBe('Export : 2 / 6 lignes');
    expect(progressText({ rows: 12000 })).toBe('Export : 12\u202f000 lignes');
  });

  it('opens no file for no rows, and gives the file up when the export fails', async () => {
    const request = { resource: 'signalements', columns, format: 'csv' as const, fileName: 'signalements', title: 'Signalements' };
    let opened = 0;
    expect(await exportRows(streamingProvider(0, 0, []), request, undefined, { openSink: async () => (opened++, { write: async () => undefined, close: async () => undefined, abort: async () => undefined }) })).toBe(0);
    expect(opened).toBe(0);
    const events: string[] = [];
    const failing = {
      exportList: async (_r: string, _p: unknown, onRows: (rows: Record<string, unknown>[]) => Promise<void>) => {
        await onRows([{ id: 'r1', title: 'Un' }]);
        throw new Error('connexion perdue');
      },
    } as unknown as DataProvider;
    const sink: ExportSink = { write: async () => void events.push('write'), close: async () => void events.push('close'), abort: async () => void events.push('abort') };
    await expect(exportRows(failing, request, undefined, { openSink: async () => sink })).rejects.toThrow('connexion perdue');
    expect(events).toEqual(['write', 'write', 'abort']);
  });
});

/** The service worker's script, run in a stand-in of its global scope. */
function serviceWorker() {
  const listeners: Record<string, ((event: any) => void)[]> = {};
  const scope = { addEventListener: (type: string, listener: (event: any) => void) => (listeners[type] ??= []).push(listener), location: { origin: 'https://mairie.test' } };
  new Function('self', readFileSync(path.join(root, 'public', 'export-stream-sw.js'), 'utf8'))(scope);
  const fetch = (url: string) =>
    new Promise<Response | undefined>((resolve) => {
      let answered = false;
      for (const listener of listeners.fetch ?? [])
        listener({
          request: { url },
          respondWith: (response: Response) => {
            answered = true;
            resolve(response);
          },
        });
      if (!answered) resolve(undefined);
    });
  const announce = (id: string, fileName: string) => {
    const channel = new MessageChannel();
    const ready = new Promise<void>((resolve) => {
      channel.port1.onmessage = ({ data }) => data?.type === 'ready' && resolve();
    });
    for (const listener of listeners.message ?? []) listener({ data: { type: 'export-stream', id, fileName, mimeType: 'text/csv;charset=utf-8' }, ports: [channel.port2] });
    return ready.then(() => channel.port1);
  };
  return { fetch, announce };
}

describe('the download through the service worker', () => {
  it('is filled only as fast as the browser reads it, and holds exactly what was written', async () => {
    const worker = serviceWorker();
    const port = await worker.announce('abc', 'signalements_2026-11-29.csv');
    let download: Promise<Response | undefined> | undefined;
    const sink = portSink(port, () => (download = worker.fetch('https://mairie.test/__export__/abc/signalements_2026-11-29.csv')), () => undefined);
    const response = (await download)!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''signalements_2026-11-29.csv");
    expect(response.headers.get('content-type')).toBe('text/csv;charset=utf-8');

    // 20 chunks of 64 KiB written while nobody reads the download: the writes stop after the stream's few chunks.
    const chunk = (i: number) => `${String(i).padStart(4, '0')};${'x'.repeat(64 * 1024)}\n`;
    let written = 0;
    const writing = (async () => {
      for (let i = 0; i < 20; i++) {
        await sink.write(chunk(i));
        written++;
      }
      await sink.close();
    })();
    await tick();
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(6);
    // The browser reads: everything goes through, in order.
    const text = await response.text();
    await writing;
    expect(written).toBe(20);
    expect(text).toBe(Array.from({ length: 20 }, (_, i) => chunk(i)).join(''));
  });

  it('answers only the exports a page announced, and stops the page when the browser cancels the download', async () => {
    const worker = serviceWorker();
    expect((await worker.fetch('https://mairie.test/__export__/unknown/x.csv'))?.status).toBe(404);
    expect(await worker.fetch('https://mairie.test/signalements')).toBeUndefined();
    const port = await worker.announce('def', 'x.csv');
    let download: Promise<Response | undefined> | undefined;
    const sink = portSink(port, () => (download = worker.fetch('https://mairie.test/__export__/def/x.csv')), () => undefined);
    // Announced once: a second request of the same address is not answered with the export.
    expect((await worker.fetch('https://mairie.test/__export__/def/x.csv'))?.status).toBe(404);
    await (await download)!.body!.cancel();
    await tick();
    await expect(
      (async () => {
        for (let i = 0; i < 20; i++) await sink.write('y'.repeat(64 * 1024));
      })(),
    ).rejects.toThrow('Export annulé');
  });
});
