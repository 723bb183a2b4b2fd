import type { DataProvider, UpdateParams } from 'ra-core';
import type { ResourceRow } from '@mamoudzou/domain/resources';
import { labelOfChange, labelOfTimelineLine } from '../offline/labels';
import { networkStatus } from '../offline/online';
import { newKey, type QueuedWrite, type WriteQueue } from '../offline/queue';

/** What may be queued offline: a resource's single-record changes, and POSTs to backend paths (a report's timeline). */
export interface OfflineWritesOptions {
  resources: string[];
  paths: string[];
}

/** What an agent on site may change without a network: the rows of domain/resources.ts with `offlineWrites` (a report's status and assignment, its timeline). */
export function offlineWritesOf(rows: readonly ResourceRow[]): OfflineWritesOptions {
  const offline = rows.filter((row) => row.offlineWrites && row.endpoint);
  return {
    resources: offline.filter((row) => row.path).map((row) => row.path!),
    paths: offline.filter((row) => !row.path).map((row) => `/api/${row.endpoint}`),
  };
}

export type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<unknown>;
export type WithSend = DataProvider & { send: Send };

/** What the device shows at once for a queued change: its values without the files still to upload (a photo shows once sent). */
function withoutFiles(data: Record<string, unknown>) {
  const isFile = (value: unknown) => typeof Blob !== 'undefined' && value instanceof Blob;
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => !isFile(value))
      .map(([key, value]) => [key, Array.isArray(value) ? value.filter((item) => !isFile(item)) : value]),
  );
}

const isNetworkFailure = (error: unknown) => typeof (error as { status?: unknown } | null)?.status !== 'number';
const versionOf = (record: unknown) => {
  const updatedAt = (record as { updatedAt?: unknown } | undefined)?.updatedAt;
  return typeof updatedAt === 'string' ? updatedAt : undefined;
};

/**
 * The data provider, with the agent's writes on site kept when there is no network: a report's change
 * (status, assignment) and a line of its timeline are queued on the device and answered at once as
 * done there; the queue sends them when the network returns. Each write has its Idempotency-Key from
 * its first try, so a try whose answer was lost and the queue's later one make one write.
 */
export function withOfflineWrites<P extends WithSend>(provider: P, queue: WriteQueue, options: OfflineWritesOptions): P {
  const queued = async <T,>(write: Omit<QueuedWrite, 'createdAt' | 'attempts' | 'state'>, answer: T, attempt: () => Promise<T>) => {
    if (!networkStatus.get()) {
      await queue.enqueue(write);
      return answer;
    }
    try {
      return await attempt();
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      await queue.enqueue(write);
      return answer;
    }
  };

  return {
    ...provider,
    update: (resource: string, params: UpdateParams) => {
      if (!options.resources.includes(resource)) return provider.update(resource, params);
      const key = newKey();
      const id = String(params.id);
      const data = params.data as Record<string, unknown>;
      const write = { key, record: id, label: labelOfChange(data), request: { kind: 'update' as const, resource, id, data, expectedUpdatedAt: versionOf(params.previousData) } };
      return queued(write, { data: { ...params.previousData, ...withoutFiles(data), id: params.id } } as never, () =>
        provider.update(resource, { ...params, meta: { ...(params.meta as object), headers: { 'Idempotency-Key': key } } }),
      );
    },
    send: ((method, path, body, headers) => {
      if (method !== 'POST' || !options.paths.includes(path)) return provider.send(method, path, body, headers);
      const key = newKey();
      const record = String((body as { data?: { report?: unknown } } | undefined)?.data?.report ?? '');
      const write = { key, record, label: labelOfTimelineLine(body), request: { kind: 'send' as const, method, path, body } };
      return queued(write, { data: (body as { data?: unknown } | undefined)?.data ?? null }, () => provider.send(method, path, body, { ...headers, 'Idempotency-Key': key }));
    }) as Send,
  };
}

/** How the queue sends a write once the network is back (through the provider without the queue), with its key and the version the agent saw. */
export function sendQueued(provider: WithSend) {
  return async (write: QueuedWrite): Promise<string | void> => {
    const { request } = write;
    if (request.kind === 'send') {
      await provider.send(request.method, request.path, request.body, { 'Idempotency-Key': write.key });
      return;
    }
    const headers: Record<string, string> = { 'Idempotency-Key': write.key };
    if (request.expectedUpdatedAt) headers['If-Match'] = `"${request.expectedUpdatedAt}"`;
    const { data } = await provider.update(request.resource, { id: request.id, data: request.data, previousData: { id: request.id }, meta: { headers } });
    return versionOf(data);
  };
}
