import { execFileSync } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';

export interface ReadOnlyFile {
  undo(): void;
}

/**
 * Makes a file impossible to write for the backend the test starts, whoever runs the tests: root writes whatever the
 * permissions say, so as root the file is made immutable (`chattr +i`, which root cannot write through either);
 * any other account gets the file's write permission removed. No other account, folder or copy of the checkout is
 * involved, so the test does not depend on where the clone sits.
 */
export function makeReadOnly(file: string): ReadOnlyFile {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', file]);
    return { undo: () => execFileSync('chattr', ['-i', file]) };
  }
  const mode = statSync(file).mode & 0o777;
  chmodSync(file, 0o444);
  return { undo: () => chmodSync(file, mode) };
}
