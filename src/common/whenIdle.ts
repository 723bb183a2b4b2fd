/**
 * Runs `run` when the browser is next idle (at the latest after `timeoutMs`), or after 200 ms where it has no idle
 * callbacks (Safari, jsdom); answers the function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}
