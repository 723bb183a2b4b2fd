import { createStore, del, entries, set } from 'idb-keyval';
import { fileReport, freshTicket, Refused, Unreachable } from './api';

/**
 * Reports waiting on the phone (IndexedDB, photos included) until the network carries them: filed offline, or
 * whose sending failed while the browser said it was online. Each keeps the Idempotency-Key it was first sent
 * with, so that a report whose answer was lost (sent, but never confirmed) is filed once however often it goes.
 */
export interface Waiting {
  key: string;
  /** The form's fields (the ticket aside). */
  fields: Record<string, string>;
  photos: Blob[];
  /** The ticket the form was filled with, and when this phone got it (ms). */
  ticket: string;
  ticketAt: number;
  createdAt: number;
}

export type QueueEvent = { kind: 'sent'; reference: string } | { kind: 'refused'; message: string } | { kind: 'changed' };

const store = createStore('signaler', 'en-attente');
const listeners = new Set<(event: QueueEvent) => void>();
export const onQueue = (listener: (event: QueueEvent) => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const emit = (event: QueueEvent) => listeners.forEach((listener) => listener(event));

export async function waiting(): Promise<Waiting[]> {
  try {
    return ((await entries<string, Waiting>(store)).map(([, item]) => item)).sort((a, b) => a.createdAt - b.createdAt);
  } catch {
    return [];
  }
}

export async function enqueue(item: Waiting) {
  await set(item.key, item, store);
  emit({ kind: 'changed' });
}

/** A ticket older than this is asked for again before sending (the backend takes them for a day). */
const TICKET_KEPT_MS = 20 * 3600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new ticket, and the minimum filling time waited: a report written offline is not a robot's. */
async function renewedTicket(minimumSeconds: number) {
  const ticket = await freshTicket();
  await sleep(minimumSeconds * 1000 + 500);
  return ticket;
}

/** Sends one waiting report; answers what became of it ('kept': the network is still away). */
async function sendOne(item: Waiting, minimumSeconds: number): Promise<'sent' | 'kept' | 'dropped'> {
  let ticket = Date.now() - item.ticketAt < TICKET_KEPT_MS ? item.ticket : await renewedTicket(minimumSeconds);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const filed = await fileReport({ ...item.fields, ticket }, item.photos, item.key);
      await del(item.key, store);
      emit({ kind: 'sent', reference: filed.service_request_id });
      return 'sent';
    } catch (error) {
      if (error instanceof Unreachable) return 'kept';
      if (!(error instanceof Refused)) throw error;
      if (error.status === 429 && error.retryAfter !== undefined && error.retryAfter <= 60) {
        await sleep(error.retryAfter * 1000);
        continue;
      }
      if (error.code === 'form_expired') {
        ticket = await renewedTicket(minimumSeconds);
        continue;
      }
      // A busy or unavailable server, a limit: later. Anything else is the report's own fault: it is dropped, and said.
      if (error.status >= 500 || error.status === 429 || error.status === 409) return 'kept';
      await del(item.key, store);
      emit({ kind: 'refused', message: error.message });
      return 'dropped';
    }
  }
  return 'kept';
}

let running: Promise<number> | null = null;

/** Sends every waiting report in turn, one run at a time; answers how many still wait. */
export function flushQueue(minimumSeconds: number): Promise<number> {
  running ??= (async () => {
    try {
      for (const item of await waiting()) {
        try {
          if ((await sendOne(item, minimumSeconds)) === 'kept') break;
        } catch {
          break;
        }
      }
      emit({ kind: 'changed' });
      return (await waiting()).length;
    } finally {
      running = null;
    }
  })();
  return running;
}
