import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The backend's clock in a test that starts its own backend with `env: { CLOCK_OFFSET_FILE: clock.file }`:
 * moving it forward stands for minutes or hours going by, without waiting for them.
 */
export function testClock() {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-clock-'));
  const file = path.join(dir, 'offset');
  let offset = 0;
  writeFileSync(file, '0');
  return {
    file,
    /** Moves the backend's clock forward. */
    advance(ms: number) {
      offset += ms;
      writeFileSync(file, String(offset));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
