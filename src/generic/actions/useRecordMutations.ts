import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDelete, useDeleteMany, useStoreContext, useUpdate, useUpdateMany, type Identifier, type RaRecord } from 'ra-core';
import { holdCachedChanges, patchCachedRecord } from './cachedRecord';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { openUndoWindow, undoKeyOf } from '../../common/undoWindows';
import { BulkMutationError } from '../../providers/bulkMutationError';
import { useOfflineSupport } from '../../providers/OfflineContext';
import { fr, format } from '../../i18n/fr';
import type { ActionMessages } from '../types';

/** Why a write failed, in French; for a partly failed bulk write, how many went through. */
export function failureDetail(error: unknown): string {
  const reason = frenchErrorMessage(error);
  if (error instanceof BulkMutationError && error.succeeded.length > 0) {
    return `${format(fr.generic.bulkPartial, { ok: error.succeeded.length, failed: error.failed.length })} ${reason}`;
  }
  return reason;
}

/**
 * The writes of the list and its dialogs through react-admin's mutation hooks (the query client
 * refreshes the resource's queries after each one), each with its toasts. They resolve true on
 * success; on failure they show the error toast and resolve false, so the dialog that asked stays open.
 */
/** The texts of a change that can be taken back: the toast's « Annuler », and what a refusal says the record still is. */
export interface UndoableMessages extends ActionMessages {
  undo: string;
  /** After the refusal's reason: « Le signalement reste « Nouveau ». » */
  reverted: string;
}

/**
 * The list's selection changed through react-admin's store, where its list reads it. Not react-admin's
 * useUnselectAll/useUnselect: each mounts a selection of its own, which writes the resource's selection keys to the
 * store at every mount, and the list and all it holds rendered again each time a dialog using these writes opened.
 */
function useSelectionWriter(storeKey: string) {
  const { getItem, setItem } = useStoreContext();
  const key = `${storeKey}.selectedIds`;
  const unselectAll = useCallback(() => setItem(key, []), [key, setItem]);
  const unselect = useCallback(
    (ids: Identifier[]) => {
      if (ids.length === 0) return;
      setItem(key, (getItem<Identifier[]>(key, []) ?? []).filter((id) => !ids.includes(id)));
    },
    [getItem, key, setItem],
  );
  return { unselectAll, unselect };
}

export function useRecordMutations(resource: string, storeKey: string) {
  const [update] = useUpdate();
  const [updateMany] = useUpdateMany();
  const [deleteOne] = useDelete();
  const [deleteMany] = useDeleteMany();
  const { unselectAll, unselect } = useSelectionWriter(storeKey);
  const toast = useToast();
  const offline = useOfflineSupport();
  const queryClient = useQueryClient();

  const updateRecords = useCallback(
    async (ids: Identifier[], data: Record<string, unknown>, messages: ActionMessages, record?: RaRecord) => {
      try {
        const waitingBefore = offline?.queue.items().length ?? 0;
        if (ids.length === 1) {
          // previousData without the changed keys: the provider sends every key of data. Its version
          // (updatedAt) lets a change queued offline be refused if the record changed meanwhile.
          const previousData = record ? { id: record.id, ...(record.updatedAt ? { updatedAt: record.updatedAt } : {}) } : { id: ids[0] };
          await update(resource, { id: ids[0], data, previousData }, { mutationMode: 'pessimistic', returnPromise: true });
        } else {
          await updateMany(resource, { ids, data }, { mutationMode: 'pessimistic', returnPromise: true });
          unselectAll();
        }
        // Kept on the device without a network: said as such, not as done.
        if ((offline?.queue.items().length ?? 0) > waitingBefore) toast({ title: fr.offline.savedOnDevice, description: fr.offline.savedOnDeviceDetail, variant: 'info' });
        else
          toast({
            title: messages.successTitle,
            description: ids.length > 1 ? format(messages.bulkSuccess ?? messages.success, { n: ids.length }) : messages.success,
            variant: 'success',
          });
        return true;
      } catch (error) {
        toast({ title: messages.errorTitle, description: `${messages.error} ${failureDetail(error)}`, variant: 'destructive' });
        return false;
      }
    },
    [offline, resource, toast, unselectAll, update, updateMany],
  );

  /**
   * One record's change shown at once, everywhere the cache holds the record, with « Annuler » in its toast:
   * taken back, nothing is sent; when the toast goes, it is written (through the offline queue when there is no
   * network), then `afterSave`. A refusal puts the record back as it was and says why.
   */
  const changeRecord = useCallback(
    (record: RaRecord, data: Record<string, unknown>, messages: UndoableMessages, afterSave?: () => Promise<void>) => {
      const id = String(record.id);
      const before = Object.fromEntries(Object.keys(data).map((key) => [key, record[key]]));
      const release = holdCachedChanges(queryClient, resource, id, data);
      const putBack = () => {
        release();
        patchCachedRecord(queryClient, resource, id, before);
      };
      const write = async () => {
        const waitingBefore = offline?.queue.items().length ?? 0;
        try {
          const previousData = { id: record.id, ...(record.updatedAt ? { updatedAt: record.updatedAt } : {}) };
          await update(resource, { id: record.id, data, previousData }, { mutationMode: 'pessimistic', returnPromise: true });
        } catch (error) {
          putBack();
          const reason = failureDetail(error);
          toast({ title: messages.errorTitle, description: `${messages.error} ${reason}${/[.!?…]$/.test(reason) ? '' : '.'} ${messages.reverted}`, variant: 'destructive' });
          return;
        }
        release();
        if (afterSave) await afterSave();
        // Kept on the device without a network: said as such.
        if ((offline?.queue.items().length ?? 0) > waitingBefore) toast({ title: fr.offline.savedOnDevice, description: fr.offline.savedOnDeviceDetail, variant: 'info' });
      };
      let open = true;
      let closeWindow = () => {};
      const settle = (then: () => void) => () => {
        if (!open) return;
        open = false;
        closeWindow();
        then();
      };
      const undo = settle(putBack);
      const send = settle(() => void write());
      const key = undoKeyOf(resource, id);
      closeWindow = openUndoWindow(key, { message: messages.successTitle, label: messages.undo, undo, send });
      toast({
        title: messages.successTitle,
        description: messages.success,
        variant: 'success',
        undo: { key, label: messages.undo, undo, end: send },
      });
    },
    [offline, queryClient, resource, toast, update],
  );

  const deleteRecords = useCallback(
    async (ids: Identifier[], messages: { successTitle: string; success: string; bulkSuccess: string; errorTitle: string; error: string }, record?: RaRecord) => {
      try {
        if (ids.length === 1) await deleteOne(resource, { id: ids[0], previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
        else await deleteMany(resource, { ids }, { mutationMode: 'pessimistic', returnPromise: true });
        unselectAll();
        toast({
          title: messages.successTitle,
          description: ids.length > 1 ? format(messages.bulkSuccess, { n: ids.length }) : messages.success,
          variant: 'success',
        });
        return true;
      } catch (error) {
        // What was deleted leaves the selection; what failed stays selected for another try.
        if (error instanceof BulkMutationError) unselect(error.succeeded);
        toast({ title: messages.errorTitle, description: `${messages.error} ${failureDetail(error)}`, variant: 'destructive' });
        return false;
      }
    },
    [deleteMany, deleteOne, resource, toast, unselect, unselectAll],
  );

  return { updateRecords, changeRecord, deleteRecords };
}
