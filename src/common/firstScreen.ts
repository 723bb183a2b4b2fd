import { useEffect, useState } from 'react';

/**
 * The moment the first screen's own data is on the page (a list's first rows, the dashboard's figures). What
 * the first screen does not need (socket.io's client and its connection) waits for it rather than taking the
 * processor and the network from the load.
 */
let shown = false;
let released = false;
const waiting = new Set<() => void>();

const release = () => {
  released = true;
  waiting.forEach((resolve) => resolve());
  waiting.clear();
};

/** Said by a screen once its data is rendered: the first one counts, the later ones change nothing. */
export function firstScreenShown() {
  if (shown) return;
  shown = true;
  // Once the browser has painted it: the next frame, then a task after it.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(release, 0));
  else setTimeout(release, 0);
}

/** A screen's mark: `ready` once its data is rendered. */
export function useFirstScreenShown(ready: boolean) {
  useEffect(() => {
    if (ready) firstScreenShown();
  }, [ready]);
}

/**
 * Resolves once the first screen is shown, or after `atMostMs` on a screen that never says so (a page
 * without a list); at once outside a browser.
 */
export function afterFirstScreen(atMostMs = 5000): Promise<void> {
  if (released || typeof document === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    waiting.add(done);
  });
}

/** Whether the first screen is shown: false until then on a cold load, true at once afterwards (a later screen). */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(released);
  useEffect(() => {
    if (after) return;
    let current = true;
    void afterFirstScreen().then(() => current && setAfter(true));
    return () => {
      current = false;
    };
  }, [after]);
  return after;
}
