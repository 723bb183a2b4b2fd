import type { Identifier } from 'ra-core';
import { BulkMutationError } from '../bulkMutationError';

/** Runs `task` over `items` with at most `limit` at once and answers every outcome, in order (none is dropped). */
export async function settleWithConcurrency<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let cursor = 0;
  const worker = async () => {
    while (cursor < items.length) {
      const index = cursor++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index]) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** One request per id; when some fail, a BulkMutationError saying which ids did and did not go through. */
export async function runBulk(ids: Identifier[], limit: number, task: (id: Identifier) => Promise<unknown>): Promise<Identifier[]> {
  const outcomes = await settleWithConcurrency(ids, limit, task);
  const succeeded: Identifier[] = [];
  const failed: { id: Identifier; error: unknown }[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') succeeded.push(ids[index]);
    else failed.push({ id: ids[index], error: outcome.reason });
  });
  if (failed.length) throw new BulkMutationError(succeeded, failed);
  return ids;
}

/** `read` over the ids a hundred at a time (each chunk one request, within the backend's page size), in parallel; the rows in order. */
export async function inChunks<T>(ids: Identifier[], read: (chunk: Identifier[]) => Promise<T[]>): Promise<T[]> {
  const chunks: Identifier[][] = [];
  for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
  return (await Promise.all(chunks.map(read))).flat();
}
