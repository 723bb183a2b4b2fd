import { useEffect, useRef } from 'react';

/**
 * A full-screen dialog on a phone is a page to the person holding it: the phone's Back closes it
 * instead of leaving the app. While `active`, an entry is added to the history (the same address,
 * the router's state kept); Back removes it and closes; a close by any other way (its button,
 * Escape) removes it too, so that the history is as it was.
 *
 * That removal waits a tick: an effect undone and done again at once (React's StrictMode in
 * development) keeps its entry instead of going back, which would close the dialog it just opened.
 */
export function useBackCloses(active: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  const entry = useRef<{ marker: string; removal?: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = entry.current;
    if (current?.removal !== undefined) {
      clearTimeout(current.removal);
      current.removal = undefined;
    } else {
      current = { marker: `dialog-${Date.now()}-${Math.random()}` };
      entry.current = current;
      window.history.pushState({ ...(window.history.state ?? {}), dialog: current.marker }, '');
    }
    const mine = current;
    let popped = false;
    const onPop = () => {
      popped = true;
      entry.current = null;
      close.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (popped) return;
      mine.removal = setTimeout(() => {
        if (entry.current === mine) entry.current = null;
        if (window.history.state?.dialog === mine.marker) window.history.back();
      }, 0);
    };
  }, [active]);
}
