/**
 * A chunk loaded once, whoever asks first: every caller gets the same promise, and the value once it is there. A
 * failed load (the network, a redeploy) is forgotten, so that the next asker tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (result) => (value = result),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}
