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
  /** Sends the change now, as when its toast goes. */
  send: () => void;
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

/**
 * A page that is hidden (the phone locked, another app, the tab closing) sends its open changes at once: an agent
 * who changes a status and puts the phone away would otherwise leave it unsent until the page comes back, or lose
 * it if the page is closed within the few seconds « Annuler » is offered.
 */
let watchingVisibility = false;
function sendWhenHidden() {
  if (watchingVisibility || typeof document === 'undefined') return;
  watchingVisibility = true;
  const sendAll = () => [...windows.values()].forEach((entry) => entry.send());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendAll();
  });
  window.addEventListener('pagehide', sendAll);
}

/** Opens the window of a change; the function returned closes it (taken back or sent). */
export function openUndoWindow(key: string, entry: UndoEntry): () => void {
  sendWhenHidden();
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
