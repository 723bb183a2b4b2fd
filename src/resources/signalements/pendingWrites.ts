import { useMemo } from 'react';
import type { Identifier, RaRecord } from 'ra-core';
import type { QueuedWrite } from '../../offline';
import { useQueuedWrites } from '../../providers/OfflineContext';
import type { ReportStatus } from '@mamoudzou/domain/vocabulary';
import type { TimelineLine } from './useTimeline';

/**
 * What the agent changed on this device and is not sent yet, shown on the report itself: its status and
 * assignment as changed, its notes and replies in the Suivi, each marked « En attente d'envoi ». A write
 * in conflict or refused is not shown as done: the banner asks the agent about it.
 */
export function usePendingWrites(report: Identifier): QueuedWrite[] {
  const writes = useQueuedWrites();
  return useMemo(() => writes.filter((write) => write.state === 'pending' && write.record === String(report)), [writes, report]);
}

const isFile = (value: unknown) => typeof Blob !== 'undefined' && value instanceof Blob;

/** The values the pending changes give the report (files apart: a photo shows once sent), in the order they were made. */
export function pendingChanges(writes: QueuedWrite[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const write of writes) {
    if (write.request.kind !== 'update') continue;
    for (const [key, value] of Object.entries(write.request.data)) {
      if (isFile(value) || (Array.isArray(value) && value.some(isFile))) continue;
      changes[key] = value;
    }
  }
  return changes;
}

/** The report as the agent left it on this device. */
export function withPendingChanges(record: RaRecord, writes: QueuedWrite[]): RaRecord {
  const changes = pendingChanges(writes);
  return Object.keys(changes).length ? { ...record, ...changes } : record;
}

/** The Suivi's lines the pending writes will make: a status change, a reply, a note. */
export function pendingLines(writes: QueuedWrite[], savedStatus: ReportStatus | null): TimelineLine[] {
  const lines: TimelineLine[] = [];
  let status = savedStatus;
  for (const write of writes) {
    const createdAt = new Date(write.createdAt).toISOString();
    const base = { documentId: write.key, authorName: null, createdAt, statusBefore: null, statusAfter: null };
    if (write.request.kind === 'update') {
      const after = write.request.data.report_status as ReportStatus | undefined;
      if (after && after !== status) {
        lines.push({ ...base, kind: 'status', public: true, text: null, statusBefore: status, statusAfter: after });
        status = after;
      }
    } else {
      const data = (write.request.body as { data?: { text?: unknown; public?: unknown } } | undefined)?.data;
      if (typeof data?.text !== 'string') continue;
      lines.push({ ...base, kind: data.public ? 'reply' : 'note', public: !!data.public, text: data.text });
    }
  }
  return lines;
}
