import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copySqlite } from '../../../backend/src/maintenance/sqlite-copy';

// The backend's own driver, as the backup uses it.
const Database = createRequire(path.resolve('backend/package.json'))('better-sqlite3');

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("a backup's copy of the SQLite database", () => {
  it('ends while another connection writes all the time, with every row written before it began', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-copy-'));
    dirs.push(dir);
    const source = path.join(dir, 'data.db');
    const backend = new Database(source);
    backend.pragma('journal_mode = WAL');
    backend.exec('CREATE TABLE reports (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = backend.prepare('INSERT INTO reports (body) VALUES (?)');
    // About 20 MB: some 5,000 pages, fifty steps of better-sqlite3's default hundred.
    backend.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run('x'.repeat(1000));
    })();

    // The backend goes on writing (sessions, reminders, the outbox) from its own connection, every millisecond.
    const writer = setInterval(() => insert.run('y'), 1);
    try {
      const copied = copySqlite(source, path.join(dir, 'copy.db'));
      const gaveUp = new Promise<'never ended'>((resolve) => setTimeout(() => resolve('never ended'), 20_000).unref());
      expect(await Promise.race([copied.then(() => 'ended' as const), gaveUp])).toBe('ended');
    } finally {
      clearInterval(writer);
    }
    const total = backend.prepare('SELECT count(*) AS n FROM reports').get().n;
    backend.close();

    const copy = new Database(path.join(dir, 'copy.db'), { readonly: true });
    const { n } = copy.prepare('SELECT count(*) AS n FROM reports').get();
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    expect(n).toBeGreaterThanOrEqual(20_000);
    expect(n).toBeLessThanOrEqual(total);
  });
});
