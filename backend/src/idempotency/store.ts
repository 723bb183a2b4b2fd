import { createHash, randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { now } from '../utils/clock';

const UID = 'api::idempotency-key.idempotency-key';
/** How long a key answers (a retry comes within minutes; a day covers an app offline overnight). */
export const KEEP_MS = 24 * 3600 * 1000;
/** A key still "in progress" after this was cut off (a crash): a retry may do the work. */
export const ABANDONED_MS = 2 * 60 * 1000;

export const sha = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** A retriable write: who sent it where (`scope`), its key, how long the key holds, and what it carries. */
export interface KeyedRequest {
  scope: string;
  key: string;
  windowMs: number;
  content: unknown;
}

/** What a successful write leaves under its key: what its retry is answered from, nothing personal. */
export interface Kept {
  status: number;
  /** The written record: a documentId (staff) or a reference (Open311). */
  resource?: string | null;
  /** The record's updatedAt after this write. */
  version?: string | null;
  /** A short answer kept whole (Open311's reference and notice). */
  body?: string | null;
}

/** A write's outcome: done now (a success, or a refusal that wrote nothing), or answered from its key. */
export type Outcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'replay'; kept: Kept }
  /** The same key is being worked on by another copy of the request. */
  | { kind: 'busy' }
  /** The same key was used for another request. */
  | { kind: 'mismatch' };

/**
 * What the work answers: its value, and what to keep under the key when it succeeded; `kept: null` is a
 * refusal, whose writes (if any) are rolled back and whose key is let go, so that a later retry is done for real.
 */
export type Work<T> = () => Promise<{ value: T; kept: Kept | null }>;

class RolledBack<T> {
  constructor(readonly value: T) {}
}
/** The key was taken back by a retry while this try was still running (past the abandon delay). */
class Superseded {}

const rows = (strapi: Core.Strapi) => strapi.db.query(UID as any);

/**
 * A write done once. The key is taken first, in a row of its own (committed: a copy arriving meanwhile is
 * told to retry); the work, then the key marked done with what its retry needs, are one transaction. A
 * crash leaves both or neither: never a committed write with its key still `pending`, which a retry after
 * the abandon delay would do a second time. Without a request (no key), the work is still one transaction.
 */
export async function once<T>(strapi: Core.Strapi, request: KeyedRequest | undefined, work: Work<T>): Promise<Outcome<T>> {
  if (!request) {
    try {
      return { kind: 'done', value: await inTransaction(strapi, work, async () => undefined) };
    } catch (error) {
      if (error instanceof RolledBack) return { kind: 'done', value: error.value as T };
      throw error;
    }
  }
  const keyHash = sha(request.scope, request.key);
  const contentHash = sha(JSON.stringify(request.content ?? null));
  const taken = await take(strapi, keyHash, contentHash, request.windowMs);
  if ('row' in taken) {
    const row = taken.row;
    if (row && row.contentHash !== contentHash) return { kind: 'mismatch' };
    if (!row || row.state !== 'done') return { kind: 'busy' };
    return { kind: 'replay', kept: { status: row.status, resource: row.resource, version: row.version, body: row.body } };
  }
  const { attempt } = taken;
  try {
    const value = await inTransaction(strapi, work, async (kept) => {
      const { count } = await rows(strapi).updateMany({ where: { keyHash, attempt, state: 'pending' }, data: { state: 'done', ...kept } });
      if (count !== 1) throw new Superseded();
    });
    return { kind: 'done', value };
  } catch (error) {
    // Taken back meanwhile: the retry that took it does the write, this try's is rolled back.
    if (error instanceof Superseded) return { kind: 'busy' };
    await rows(strapi)
      .deleteMany({ where: { keyHash, attempt } })
      .catch((failure: Error) => strapi.log.error(`idempotency: key not released (${failure.message}); it frees itself after ${ABANDONED_MS / 60000} minutes`));
    if (error instanceof RolledBack) return { kind: 'done', value: error.value as T };
    throw error;
  }
}

/** The work and what it keeps under its key, in one transaction; a refusal rolls it back (thrown as RolledBack). */
async function inTransaction<T>(strapi: Core.Strapi, work: Work<T>, record: (kept: Kept) => Promise<void>): Promise<T> {
  return strapi.db.transaction(async () => {
    const { value, kept } = await work();
    if (!kept) throw new RolledBack(value);
    await record(kept);
    return value;
  });
}

/**
 * Takes the key for a new try (a pending row with this try's id), or answers the row already there. A row
 * past its window, or pending past the abandon delay, is taken back only if nobody changed it meanwhile:
 * a try that finished in between has marked it done, and is answered from it.
 */
async function take(strapi: Core.Strapi, keyHash: string, contentHash: string, windowMs: number): Promise<{ attempt: string } | { row: any }> {
  for (let tries = 0; tries < 3; tries++) {
    const row: any = await rows(strapi).findOne({ where: { keyHash } });
    if (row) {
      const age = now() - new Date(row.createdAt).getTime();
      const expired = row.expiresAt ? new Date(row.expiresAt).getTime() <= now() : age > KEEP_MS;
      if (!expired && !(row.state === 'pending' && age > ABANDONED_MS)) return { row };
      await rows(strapi).deleteMany({ where: { id: row.id, state: row.state, attempt: row.attempt ?? null } });
      continue;
    }
    const attempt = randomUUID();
    try {
      await rows(strapi).create({ data: { keyHash, contentHash, state: 'pending', attempt, expiresAt: new Date(now() + windowMs) } });
      return { attempt };
    } catch (error) {
      // Another copy took the key first (read it again); else the database refused the row.
      if (!(await rows(strapi).findOne({ where: { keyHash } }))) throw error;
    }
  }
  return { row: undefined };
}
