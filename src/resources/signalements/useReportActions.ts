import { useCallback } from 'react';
import { useDataProvider, useRefresh, useUnselectAll, type Identifier } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import { REPORT_STATUS_LABELS, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { useToast } from '../../custom/toast';
import { fr, format } from '../../i18n/fr';

export const RESOURCE = 'signalements';
/** Where the reports list keeps its params and selection (not in the URL: see ReportsPage). */
export const LIST_STORE_KEY = `${RESOURCE}.listParams`;
const l = fr.resources.signalements;

/** The server's message of a refusal (403, 400...), shown under the specification's text. */
export function errorDetail(error: unknown): string {
  const message = (error as { message?: string } | undefined)?.message;
  return message ? ` (${message})` : '';
}

/**
 * The writes of the reports screen (status, assignment, deletion; one record or several), each
 * with its toasts. They resolve true on success; on failure they show an error toast and resolve
 * false, so the dialog that asked stays open.
 */
export function useReportActions() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(RESOURCE, LIST_STORE_KEY);
  const toast = useToast();

  /** Refreshes the lists, the detail and the dashboard figures; a deleted report's detail is not refetched (it would 404). */
  const afterWrite = useCallback(async (deleted: Identifier[] = []) => {
    const gone = new Set(deleted.map(String));
    await queryClient.invalidateQueries({
      queryKey: [RESOURCE],
      predicate: (q) => !(q.queryKey[1] === 'getOne' && gone.has(String((q.queryKey[2] as { id?: unknown })?.id))),
    });
    await queryClient.invalidateQueries({ queryKey: ['reports-stats'] });
  }, [queryClient]);

  const updateAll = useCallback(
    async (ids: Identifier[], data: Record<string, unknown>) => {
      if (ids.length === 1) await dataProvider.update(RESOURCE, { id: ids[0], data, previousData: { id: ids[0] } });
      else await dataProvider.updateMany(RESOURCE, { ids, data });
    },
    [dataProvider],
  );

  const changeStatus = useCallback(
    async (ids: Identifier[], status: ReportStatus) => {
      try {
        await updateAll(ids, { report_status: status });
        await afterWrite();
        if (ids.length > 1) unselectAll();
        toast({
          title: l.statusDialog.successTitle,
          description:
            ids.length > 1
              ? format(l.statusDialog.bulkSuccessMessage, { n: ids.length })
              : format(l.statusDialog.successMessage, { status: REPORT_STATUS_LABELS[status] }),
          variant: 'success',
        });
        return true;
      } catch (error) {
        await afterWrite();
        toast({ title: l.statusDialog.errorTitle, description: l.statusDialog.errorMessage + errorDetail(error), variant: 'destructive' });
        return false;
      }
    },
    [afterWrite, toast, unselectAll, updateAll],
  );

  const assign = useCallback(
    async (ids: Identifier[], data: { service: string | null; assignedTo: string | null }) => {
      try {
        await updateAll(ids, data);
        await afterWrite();
        if (ids.length > 1) unselectAll();
        toast({
          title: l.assignDialog.successTitle,
          description: ids.length > 1 ? format(l.assignDialog.bulkSuccessMessage, { n: ids.length }) : l.assignDialog.successMessage,
          variant: 'success',
        });
        return true;
      } catch (error) {
        await afterWrite();
        toast({ title: l.assignDialog.errorTitle, description: l.assignDialog.errorMessage + errorDetail(error), variant: 'destructive' });
        return false;
      }
    },
    [afterWrite, toast, unselectAll, updateAll],
  );

  const remove = useCallback(
    async (ids: Identifier[]) => {
      try {
        if (ids.length === 1) await dataProvider.delete(RESOURCE, { id: ids[0] });
        else await dataProvider.deleteMany(RESOURCE, { ids });
        unselectAll();
        await afterWrite(ids);
        toast({
          title: l.deleteDialog.successTitle,
          description: ids.length > 1 ? format(l.deleteDialog.bulkSuccessMessage, { n: ids.length }) : l.deleteDialog.successMessage,
          variant: 'success',
        });
        return true;
      } catch (error) {
        await afterWrite();
        toast({ title: l.deleteDialog.errorTitle, description: l.deleteDialog.errorMessage + errorDetail(error), variant: 'destructive' });
        return false;
      }
    },
    [afterWrite, dataProvider, toast, unselectAll],
  );

  /** Drops the cached detail of deleted reports, once no dialog shows them any more. */
  const forget = useCallback(
    (ids: Identifier[]) => {
      const gone = new Set(ids.map(String));
      queryClient.removeQueries({ queryKey: [RESOURCE, 'getOne'], predicate: (q) => gone.has(String((q.queryKey[2] as { id?: unknown })?.id)) });
    },
    [queryClient],
  );

  return { changeStatus, assign, remove, forget, refresh };
}
