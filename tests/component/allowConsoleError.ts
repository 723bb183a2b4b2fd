import { vi } from 'vitest';

/**
 * react-admin logs a failed data call with console.error in development. A test that makes the
 * backend refuse on purpose lets exactly that message through; any other console error still fails it.
 */
export function allowConsoleError(pattern: RegExp) {
  const spy = vi.mocked(console.error);
  const recorded = spy.getMockImplementation();
  spy.mockImplementation((...args: unknown[]) => {
    if (args.some((a) => pattern.test(String(a)))) return;
    recorded?.(...args);
  });
}
