/**
 * The writes an agent makes on site without a network (a status, an assignment, a note), kept on the
 * device and sent in order when the network returns, each once: every write carries its own
 * Idempotency-Key from the first try, so a resend after a lost answer is not done twice. A change
 * refused because the report changed meanwhile (412) is a conflict: kept and shown, never forced;
 * the later writes of that report wait until the agent sets it aside.
 */

/** What a queued write sends: a record's change through the data provider, or a backend call. */
export type QueuedRequest =
  | { kind: 'update'; resource: string; id: string; data: Record<string, unknown>; expectedUpdatedAt?: string }
  | { kind: 'send'; method: string; path: string; body: unknown };

export type QueuedState = 'pending' | 'conflict' | 'failed';

export interface QueuedWrite {
  /** Its Idempotency-Key, the same at every try. */
  key: string;
  /** The record it belongs to (a report's documentId): its later writes wait behind a conflict. */
  record: string;
  /** What the agent did, as the queue's panel says it (« Statut : En cours », « Note interne »). */
  label: string;
  request: QueuedRequest;
  createdAt: number;
  attempts: number;
  state: QueuedState;
  /** The backend's French message when it refused the write. */
  error?: string;
}

export interface QueueStore {
  load(): Promise<QueuedWrite[]>;
  save(items: QueuedWrite[]): Promise<void>;
}

/** How a failed try is handled: try again later (no network, server busy), a conflict, or refused for good. */
export type Outcome = 'retry' | 'conflict' | 'refused';

export function outcomeOf(error: unknown): Outcome {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status === 0) return 'retry'; // fetch failed: no network
  if (status === 412) return 'conflict';
  // 409: the same key is still being worked on (a copy sent just before); 401: a token to refresh; 408, 429, 5xx: later.
  if (status === 409 || status === 401 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

const messageOf = (error: unknown) => {
  const body = (error as { body?: { error?: { message?: unknown } } } | null)?.body;
  if (typeof body?.error?.message === 'string') return body.error.message;
  return error instanceof Error ? error.message.replace(/^Strapi \d+: /, '') : String(error);
};

export interface FlushResult {
  sent: number;
  /** Writes left to send after a try that must be made again later. */
  waiting: number;
}

export interface WriteQueue {
  /** The queued writes, oldest first (a snapshot: a new array after each change). */
  items(): QueuedWrite[];
  subscribe(listener: () => void): () => void;
  /** Resolves once the writes kept on the device are read. */
  ready: Promise<void>;
  enqueue(write: Omit<QueuedWrite, 'createdAt' | 'attempts' | 'state'>): Promise<void>;
  /** Sends the pending writes in order; stops at the first that must be tried again later. */
  flush(): Promise<FlushResult>;
  /** The agent sets a conflicting or refused write aside: the record's later writes may go. */
  discard(key: string): Promise<void>;
  /** Everything forgotten (logout). */
  clear(): Promise<void>;
}

export interface QueueOptions {
  store: QueueStore;
  /** Sends a write; answers the record's new version (updatedAt) when the write changed it. */
  send: (write: QueuedWrite) => Promise<string | void>;
  now?: () => number;
}

/** The next write to send: the first pending one whose record has no conflict or refusal before it. */
function nextOf(items: QueuedWrite[]): QueuedWrite | undefined {
  const held = new Set<string>();
  for (const item of items) {
    if (item.state !== 'pending') held.add(item.record);
    else if (!held.has(item.record)) return item;
  }
  return undefined;
}

export function createWriteQueue({ store, send, now = Date.now }: QueueOptions): WriteQueue {
  let snapshot: QueuedWrite[] = [];
  const listeners = new Set<() => void>();
  // Every change goes through one chain: a write queued during a flush is kept in order, never lost.
  let chain: Promise<unknown> = Promise.resolve();
  const change = (edit: (items: QueuedWrite[]) => QueuedWrite[]) => {
    const done = chain.then(async () => {
      snapshot = edit(snapshot);
      listeners.forEach((listener) => listener());
      await store.save(snapshot);
    });
    chain = done.catch(() => undefined);
    return done;
  };
  const ready = store
    .load()
    .catch(() => [])
    .then((items) => {
      snapshot = [...items, ...snapshot];
      listeners.forEach((listener) => listener());
    });
  chain = ready;

  let flushing: Promise<FlushResult> | null = null;
  const flushOnce = async (): Promise<FlushResult> => {
    await chain;
    let sent = 0;
    for (let item = nextOf(snapshot); item; item = nextOf(snapshot)) {
      const current = item;
      try {
        const version = await send(current);
        // The agent's next changes of the record were made over this one: they expect its new version, not a conflict.
        const seen = current.request.kind === 'update' ? current.request.expectedUpdatedAt : undefined;
        await change((items) =>
          items
            .filter((i) => i.key !== current.key)
            .map((i) =>
              version && seen && i.record === current.record && i.request.kind === 'update' && i.request.expectedUpdatedAt === seen
                ? { ...i, request: { ...i.request, expectedUpdatedAt: version } }
                : i,
            ),
        );
        sent += 1;
      } catch (error) {
        const outcome = outcomeOf(error);
        if (outcome === 'retry') {
          await change((items) => items.map((i) => (i.key === current.key ? { ...i, attempts: i.attempts + 1 } : i)));
          break;
        }
        const state: QueuedState = outcome === 'conflict' ? 'conflict' : 'failed';
        await change((items) => items.map((i) => (i.key === current.key ? { ...i, attempts: i.attempts + 1, state, error: messageOf(error) } : i)));
      }
    }
    return { sent, waiting: snapshot.filter((i) => i.state === 'pending').length };
  };

  return {
    items: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
    enqueue: (write) => change((items) => [...items, { ...write, createdAt: now(), attempts: 0, state: 'pending' }]),
    flush() {
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    discard: (key) => change((items) => items.filter((i) => i.key !== key)),
    clear: () => change(() => []),
  };
}

/** A new Idempotency-Key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
