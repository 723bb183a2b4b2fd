import { Suspense, useEffect, useRef, useState } from 'react';
import type { RaRecord } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { fr, format } from '../../i18n/fr';
import { usePendingAction, useResourceScreen, useScreenRoute } from '../screen';
import type { ResourceConfig } from '../types';
import { useRecordMutations } from './useRecordMutations';
import { recordTitle } from '../values';

/** The question names the record it is about: « … supprimer cet article « Coupure de courant » ? ». */
export function namedQuestion(message: string, name: string): string {
  if (!name) return message;
  return /\s*\?\s*$/.test(message) ? message.replace(/\s*\?\s*$/, ` « ${name} » ?`) : `${message} (« ${name} »)`;
}

/** The confirmation before a deletion, with the resource's texts; on success a detail of a deleted record closes. */
function DeleteConfirmation() {
  const { config, texts, storeKey, paths } = useResourceScreen();
  const { route } = useScreenRoute();
  const { pending, endPending } = usePendingAction();
  const { deleteRecords } = useRecordMutations(config.name, storeKey);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const ids = pending?.ids ?? [];
  const bulk = ids.length > 1;
  const confirm = async () => {
    setBusy(true);
    const { deleted, deleteError } = texts;
    const ok = await deleteRecords(
      ids,
      { successTitle: deleted.title, success: deleted.message, bulkSuccess: deleted.bulkMessage, errorTitle: deleteError.title, error: deleteError.message },
      pending?.record,
    );
    setBusy(false);
    if (!ok) return;
    if ((route.mode === 'detail' || route.mode === 'edit') && ids.map(String).includes(route.id)) navigate(paths.list);
    endPending();
  };
  return (
    <ConfirmDialog
      open
      title={bulk ? format(texts.deleteConfirm.bulkTitle, { n: ids.length }) : texts.deleteConfirm.title}
      message={bulk ? format(texts.deleteConfirm.bulkMessage, { n: ids.length }) : namedQuestion(texts.deleteConfirm.message, pending?.record ? recordTitle(config, pending.record) : '')}
      confirmLabel={fr.generic.delete}
      cancelLabel={fr.generic.cancel}
      destructive
      busy={busy}
      onConfirm={confirm}
      onClose={endPending}
    />
  );
}

/** The name a confirmation gives a record: its representation, else its id. */
function nameOf(representation: ResourceConfig['recordRepresentation'], record?: RaRecord): string {
  if (!record) return '';
  if (typeof representation === 'function') return representation(record);
  return String((representation && record[representation]) ?? record.id);
}

/** An update declared with a confirmation ("Suspendre l'utilisateur ?"): run once confirmed, the dialog open until it is done. */
function ConfirmedUpdate() {
  const { config, storeKey } = useResourceScreen();
  const { pending, endPending } = usePendingAction();
  const { updateRecords } = useRecordMutations(config.name, storeKey);
  const [busy, setBusy] = useState(false);
  const action = pending!.action;
  const confirm = action.confirm!;
  const ids = pending!.ids;
  const values = { n: ids.length, name: nameOf(config.recordRepresentation, pending!.record) };
  const run = async () => {
    setBusy(true);
    const ok = await updateRecords(ids, action.update!, action.messages!, pending!.record);
    setBusy(false);
    if (ok) endPending();
  };
  return (
    <ConfirmDialog
      open
      title={format(confirm.title, values)}
      message={format(ids.length > 1 && confirm.bulkMessage ? confirm.bulkMessage : confirm.message, values)}
      confirmLabel={confirm.confirmLabel}
      cancelLabel={fr.generic.cancel}
      destructive={confirm.destructive}
      busy={busy}
      onConfirm={run}
      onClose={endPending}
    />
  );
}

/** An update declared in the config ({ status: 'published' }), run at once with its toasts. */
function UpdateRunner() {
  const { config, storeKey } = useResourceScreen();
  const { pending, endPending } = usePendingAction();
  const { updateRecords } = useRecordMutations(config.name, storeKey);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !pending?.action.update || !pending.action.messages) return;
    started.current = true;
    void updateRecords(pending.ids, pending.action.update, pending.action.messages, pending.record).then(endPending);
  }, [endPending, pending, updateRecords]);
  return null;
}

/** Shows what the pending action needs: a confirmation, the resource's own dialog, or nothing (an update). */
export function ActionHost() {
  const { pending, endPending } = usePendingAction();
  if (!pending) return null;
  const { action, ids, record } = pending;
  if (action.kind === 'delete') return <DeleteConfirmation />;
  if (action.kind === 'dialog' && action.dialog) {
    const Dialog = action.dialog;
    return (
      <Suspense fallback={null}>
        <Dialog open ids={ids} record={record} onClose={endPending} />
      </Suspense>
    );
  }
  if (action.kind === 'update') return action.confirm ? <ConfirmedUpdate /> : <UpdateRunner />;
  return null;
}
