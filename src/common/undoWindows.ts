import { useSyncExternalStore } from 'react';

/**
 * The changes shown as made and not sent yet, which « Annuler » can still take back, by record. Their toast
 * offers « Annuler »; a dialog that shows the record offers it too, inside the dialog, where the keyboard and
 * screen readers reach it (a modal dialog hides the toasts from them).
 */
export interface UndoEntry {
  /** What was changed (« Statut mis à jour »). */
  message: string;
  label: string;
  undo: () => void;
}

const windows = new Map<string, UndoEntry>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const undoKeyOf = (resource: string, id: string) => `${resource}/${id}`;

/** Opens the window of a change; the function returned closes it (taken back or sent). */
export function openUndoWindow(key: string, entry: UndoEntry): () => void {
  windows.set(key, entry);
  emit();
  return () => {
    if (windows.get(key) !== entry) return;
    windows.delete(key);
    emit();
  };
}

/** The open window of `key`, if any. */
export function useUndoEntry(key: string | undefined): UndoEntry | undefined {
  return useSyncExternalStore(subscribe, () => (key ? windows.get(key) : undefined), () => undefined);
}
