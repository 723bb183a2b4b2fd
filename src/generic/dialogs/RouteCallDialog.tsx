import { useState } from 'react';
import { useRefresh, type RaRecord } from 'ra-core';
import { ActionDialogFrame } from '../../common/ActionDialogFrame';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { fr, format } from '../../i18n/fr';
import { useCustomCalls } from '../../providers/customCalls';
import type { ActionDialogProps } from '../types';

export interface RouteCallTexts {
  title: string;
  /** {name}: the record's name. */
  message: string;
  confirm: string;
  successTitle: string;
  success: string;
  errorTitle: string;
  error: string;
}

export interface RouteCallDialogProps extends ActionDialogProps {
  texts: RouteCallTexts;
  /** The backend route the action calls for this record (a custom route: « Renvoyer »). */
  request: (record: RaRecord) => { method: 'POST' | 'PUT'; path: string; body?: unknown };
  name?: (record: RaRecord) => string;
}

/**
 * A row action that is one call to a backend route of its own, after a confirmation: the list is
 * refreshed and a toast says how it went (the backend's French reason when it refuses).
 */
export function RouteCallDialog({ open, record, onClose, texts, request, name }: RouteCallDialogProps) {
  const calls = useCustomCalls();
  const refresh = useRefresh();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const confirm = async () => {
    const { method, path, body } = request(record);
    setBusy(true);
    try {
      await calls.send(method, path, body);
      toast({ title: texts.successTitle, description: texts.success, variant: 'success' });
      refresh();
      onClose();
    } catch (error) {
      toast({ title: texts.errorTitle, description: `${texts.error} ${frenchErrorMessage(error)}`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialogFrame
      open={open}
      title={texts.title}
      description={format(texts.message, { name: name?.(record) ?? String(record.id) })}
      submitLabel={texts.confirm}
      cancelLabel={fr.generic.cancel}
      onSubmit={confirm}
      onClose={onClose}
      busy={busy}
    />
  );
}
