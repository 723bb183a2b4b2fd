import { readFileSync } from 'node:fs';

/**
 * The time the security rules read (idle and maximum session length, token expiry, login lockout).
 * CLOCK_OFFSET_FILE, for tests only, names a file holding milliseconds added to the real time, so
 * that a contract test can move a running backend's clock forward instead of waiting for minutes.
 */
export function now(): number {
  const file = process.env.CLOCK_OFFSET_FILE;
  if (!file) return Date.now();
  let offset = 0;
  try {
    offset = Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    offset = 0;
  }
  return Date.now() + offset;
}

export const nowSeconds = () => Math.floor(now() / 1000);
