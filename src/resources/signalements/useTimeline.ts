import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Identifier } from 'ra-core';
import type { ReportUpdateKind } from '@mamoudzou/domain/timeline';
import type { ReportStatus } from '@mamoudzou/domain/vocabulary';
import { useCustomCalls, type CustomCalls } from '../../providers/customCalls';

/** A line of a report's timeline (/api/report-updates). */
export interface TimelineLine {
  documentId: string;
  kind: ReportUpdateKind;
  public: boolean;
  text: string | null;
  statusBefore: ReportStatus | null;
  statusAfter: ReportStatus | null;
  authorName: string | null;
  createdAt: string;
}

const PATH = '/api/report-updates';
// Under the resource's name: a write of the reports (a status change) refreshes it too.
const keyOf = (report: Identifier) => ['signalements', 'timeline', String(report)] as const;

/** The query of a report's timeline, oldest first: read by the detail, fetched ahead for a round kept offline. */
export const timelineQuery = (calls: CustomCalls, report: Identifier) => ({
  queryKey: keyOf(report),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    calls
      .get<{ data: TimelineLine[] }>(PATH, { 'filters[report][$eq]': String(report), 'pagination[pageSize]': 200, 'sort[0]': 'createdAt:asc' }, signal)
      .then((body) => body.data),
});

/** The timeline of a report, oldest first. */
export function useTimeline(report: Identifier) {
  const calls = useCustomCalls();
  return useQuery(timelineQuery(calls, report));
}

/** Writes a public reply (`public`) or an internal note on reports' timelines. */
export function useWriteTimeline() {
  const calls = useCustomCalls();
  const queryClient = useQueryClient();
  const write = (report: Identifier, text: string, isPublic: boolean) => calls.send('POST', PATH, { data: { report: String(report), text, public: isPublic } });
  const mutation = useMutation({
    mutationFn: async ({ reports, text, isPublic }: { reports: Identifier[]; text: string; isPublic: boolean }) => {
      for (const report of reports) await write(report, text, isPublic);
    },
    onSettled: (_data, _error, { reports }) => Promise.all(reports.map((report) => queryClient.invalidateQueries({ queryKey: keyOf(report) }))),
  });
  return mutation;
}
