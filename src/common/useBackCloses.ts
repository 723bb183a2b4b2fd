import { useEffect, useRef } from 'react';

/**
 * A full-screen dialog on a phone is a page to the person holding it: the phone's Back closes it
 * instead of leaving the app. While `active`, an entry is added to the history (the same address,
 * the router's state kept); Back removes it and closes; a close by any other way (its button,
 * Escape) removes it too, so that the history is as it was.
 */
export function useBackCloses(active: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!active) return;
    const marker = `dialog-${Date.now()}-${Math.random()}`;
    window.history.pushState({ ...(window.history.state ?? {}), dialog: marker }, '');
    let popped = false;
    const onPop = () => {
      popped = true;
      close.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (!popped && window.history.state?.dialog === marker) window.history.back();
    };
  }, [active]);
}
