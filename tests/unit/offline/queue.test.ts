import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { createWriteQueue, outcomeOf, type QueuedWrite, type QueueStore } from '../../../src/offline/queue';

/** A device's storage kept in memory (what IndexedDB holds between two openings of the app). */
function memoryStore(initial: QueuedWrite[] = []): QueueStore & { saved: QueuedWrite[] } {
  const store = {
    saved: initial,
    load: async () => store.saved,
    save: async (items: QueuedWrite[]) => {
      store.saved = items;
    },
  };
  return store;
}

const offline = () => new TypeError('Failed to fetch');
const refused = (status: number, message: string) => new HttpError(`Strapi ${status}: ${message}`, status, { error: { message } });

const note = (key: string, record: string, text: string) => ({
  key,
  record,
  label: 'Note interne',
  request: { kind: 'send' as const, method: 'POST', path: '/api/report-updates', body: { data: { report: record, text, public: false } } },
});
const status = (key: string, record: string, value: string, expectedUpdatedAt = '2026-11-25T08:00:00.000Z') => ({
  key,
  record,
  label: `Statut : ${value}`,
  request: { kind: 'update' as const, resource: 'signalements', id: record, data: { report_status: value }, expectedUpdatedAt },
});

describe('the queue of writes made offline', () => {
  it('sends in the order they were made, then forgets them', async () => {
    const sent: string[] = [];
    const store = memoryStore();
    const queue = createWriteQueue({ store, send: async (w) => void sent.push(w.key) });
    await queue.enqueue(status('a', 'r1', 'en_cours'));
    await queue.enqueue(note('b', 'r1', 'Lampe changée'));
    await queue.enqueue(status('c', 'r2', 'resolu'));
    expect(queue.items().map((w) => [w.key, w.state])).toEqual([['a', 'pending'], ['b', 'pending'], ['c', 'pending']]);
    expect(await queue.flush()).toEqual({ sent: 3, waiting: 0 });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(queue.items()).toEqual([]);
    expect(store.saved).toEqual([]);
  });

  it('keeps them on the device: a queue opened later (the app closed and opened again) sends them', async () => {
    const store = memoryStore();
    const first = createWriteQueue({ store, send: async () => Promise.reject(offline()) });
    await first.enqueue(status('a', 'r1', 'en_cours'));
    await first.flush();
    const sent: string[] = [];
    const later = createWriteQueue({ store, send: async (w) => void sent.push(w.key) });
    await later.ready;
    expect(later.items().map((w) => w.key)).toEqual(['a']);
    await later.flush();
    expect(sent).toEqual(['a']);
  });

  it('without the network it stops at the first write, keeps the order, and tries again with the same key', async () => {
    const keys: string[] = [];
    let network = false;
    const queue = createWriteQueue({
      store: memoryStore(),
      send: async (w) => {
        keys.push(w.key);
        if (!network) throw offline();
      },
    });
    await queue.enqueue(status('a', 'r1', 'en_cours'));
    await queue.enqueue(note('b', 'r1', 'Sur place'));
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 2 });
    expect(keys).toEqual(['a']);
    expect(queue.items().map((w) => [w.key, w.attempts])).toEqual([['a', 1], ['b', 0]]);
    // A server busy or the key still being worked on: later as well.
    for (const busy of [503, 409, 429]) {
      const q = createWriteQueue({ store: memoryStore(), send: async () => Promise.reject(refused(busy, 'Occupé')) });
      await q.enqueue(note('x', 'r9', 'Plus tard'));
      expect(await q.flush()).toEqual({ sent: 0, waiting: 1 });
      expect(q.items()[0].state).toBe('pending');
    }
    network = true;
    expect(await queue.flush()).toEqual({ sent: 2, waiting: 0 });
    expect(keys).toEqual(['a', 'a', 'b']);
  });

  it('sends each write once even when flushed twice at the same time (back online and a timer together)', async () => {
    const keys: string[] = [];
    const queue = createWriteQueue({ store: memoryStore(), send: async (w) => void keys.push(w.key) });
    await queue.enqueue(note('a', 'r1', 'Une'));
    await queue.enqueue(note('b', 'r1', 'Deux'));
    await Promise.all([queue.flush(), queue.flush()]);
    expect(keys).toEqual(['a', 'b']);
  });

  it('a write queued while the queue is sending is kept and sent after the others', async () => {
    const keys: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = createWriteQueue({
      store: memoryStore(),
      send: async (w) => {
        if (w.key === 'a') await gate;
        keys.push(w.key);
      },
    });
    await queue.enqueue(note('a', 'r1', 'Une'));
    const flushing = queue.flush();
    await queue.enqueue(note('b', 'r1', 'Deux'));
    release();
    await flushing;
    await queue.flush();
    expect(keys).toEqual(['a', 'b']);
    expect(queue.items()).toEqual([]);
  });

  it('a conflict is kept and shown with the backend’s words; the report’s later writes wait, other reports go on', async () => {
    const sent: string[] = [];
    const message = "Ce signalement a été modifié le 25/11/2026 11:02 depuis que vous l'avez ouvert : votre modification n'a pas été appliquée.";
    const queue = createWriteQueue({
      store: memoryStore(),
      send: async (w) => {
        if (w.key === 'a') throw refused(412, message);
        sent.push(w.key);
      },
    });
    await queue.enqueue(status('a', 'r1', 'resolu'));
    await queue.enqueue(note('b', 'r1', 'Terminé'));
    await queue.enqueue(status('c', 'r2', 'en_cours'));
    expect(await queue.flush()).toEqual({ sent: 1, waiting: 1 });
    expect(sent).toEqual(['c']);
    expect(queue.items().map((w) => [w.key, w.state, w.error ?? null])).toEqual([
      ['a', 'conflict', message],
      ['b', 'pending', null],
    ]);
    // The agent sets the conflicting change aside: the note goes.
    await queue.discard('a');
    await queue.flush();
    expect(sent).toEqual(['c', 'b']);
  });

  it('two changes of one report made offline: the second expects the version the first made, not a conflict', async () => {
    const expected: (string | undefined)[] = [];
    const queue = createWriteQueue({
      store: memoryStore(),
      send: async (w) => {
        if (w.request.kind !== 'update') return;
        expected.push(w.request.expectedUpdatedAt);
        return w.key === 'a' ? '2026-11-25T09:00:00.000Z' : undefined;
      },
    });
    await queue.enqueue(status('a', 'r1', 'en_cours'));
    await queue.enqueue(status('b', 'r1', 'resolu'));
    await queue.enqueue(status('c', 'r2', 'resolu'));
    await queue.flush();
    expect(expected).toEqual(['2026-11-25T08:00:00.000Z', '2026-11-25T09:00:00.000Z', '2026-11-25T08:00:00.000Z']);
  });

  it('a write the backend refuses for good (403, 400) is kept as failed with its message, not sent again', async () => {
    let tries = 0;
    const queue = createWriteQueue({
      store: memoryStore(),
      send: async () => {
        tries += 1;
        throw refused(403, "Vous n'avez pas les droits nécessaires");
      },
    });
    await queue.enqueue(status('a', 'r1', 'rejete'));
    await queue.flush();
    await queue.flush();
    expect(tries).toBe(1);
    expect(queue.items()[0]).toMatchObject({ state: 'failed', error: "Vous n'avez pas les droits nécessaires" });
  });

  it('clear forgets everything (logout)', async () => {
    const store = memoryStore();
    const queue = createWriteQueue({ store, send: async () => undefined });
    await queue.enqueue(note('a', 'r1', 'Privé'));
    await queue.clear();
    expect(queue.items()).toEqual([]);
    expect(store.saved).toEqual([]);
  });

  it('reads the outcome of a try from the error', () => {
    expect(outcomeOf(offline())).toBe('retry');
    expect(outcomeOf(refused(412, 'x'))).toBe('conflict');
    expect(outcomeOf(refused(502, 'x'))).toBe('retry');
    expect(outcomeOf(refused(401, 'x'))).toBe('retry');
    expect(outcomeOf(refused(422, 'x'))).toBe('refused');
  });
});
