import { useCallback, useRef } from 'react';

/**
 * A function that stays the same for the component's life and calls the latest `callback` it was given: a memoised
 * child holding it keeps equal props while the parent's own function is new at each render (react-admin's toggle of
 * a row, a list's tab picker).
 */
export function useLatestCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((...args: A) => latest.current(...args), []);
}
