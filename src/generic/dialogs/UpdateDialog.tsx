import { useState, type ReactNode } from 'react';
import { ActionDialogFrame } from '../../common/ActionDialogFrame';
import { format } from '../../i18n/fr';
import { useRecordMutations } from '../actions/useRecordMutations';
import { useResourceScreen } from '../screen';
import type { ActionDialogProps, Row } from '../types';

/** The texts of an update dialog, as src/i18n/fr.ts writes them for each (statusDialog, assignDialog...). */
export interface UpdateDialogTexts {
  title: string;
  /** "Changer le statut de {n} signalement(s)" */
  bulkTitle: string;
  submit: string;
  cancel: string;
  successTitle: string;
  successMessage: string;
  /** "{n} signalement(s) mis à jour." */
  bulkSuccessMessage: string;
  errorTitle: string;
  errorMessage: string;
}

export interface UpdateDialogProps extends ActionDialogProps {
  texts: UpdateDialogTexts;
  /** What every target gets, or null while the choice is incomplete (the button waits). */
  data: Row | null;
  /** The success message of one record when it depends on the choice ("… maintenant « En cours »"). */
  successMessage?: string;
  /** Checked on submit; false keeps the dialog open (the dialog says why). */
  validate?: () => boolean;
  /** After a successful write, before closing: what the dialog writes beside the records (a reply on each report's timeline). */
  afterSave?: (ids: ActionDialogProps['ids']) => Promise<void>;
  /**
   * One record's change is shown at once and the dialog closes, with « Annuler » in the toast (`undo`), sent
   * when the toast goes; `reverted` ends the message of a refusal (what the record still is).
   */
  undoable?: { undo: string; reverted: string };
  children: ReactNode;
}

/**
 * An action dialog that writes the same values to one record or to a selection (a status, an
 * assignment), through the screen's mutations and toasts; it closes on success and stays open on failure.
 */
export function UpdateDialog({ open, ids, record, onClose, texts, data, successMessage, validate, afterSave, undoable, children }: UpdateDialogProps) {
  const { config, storeKey } = useResourceScreen();
  const { updateRecords, changeRecord } = useRecordMutations(config.name, storeKey);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!data || (validate && !validate())) return;
    const messages = { successTitle: texts.successTitle, success: successMessage ?? texts.successMessage, bulkSuccess: texts.bulkSuccessMessage, errorTitle: texts.errorTitle, error: texts.errorMessage };
    if (undoable && record && ids.length === 1) {
      changeRecord(record, data, { ...messages, ...undoable }, afterSave && (() => afterSave(ids)));
      onClose();
      return;
    }
    setBusy(true);
    const ok = await updateRecords(ids, data, messages, record);
    if (ok && afterSave) await afterSave(ids);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <ActionDialogFrame
      open={open}
      title={ids.length > 1 ? format(texts.bulkTitle, { n: ids.length }) : texts.title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={texts.submit}
      cancelLabel={texts.cancel}
      canSubmit={!!data}
      busy={busy}
    >
      {children}
    </ActionDialogFrame>
  );
}
