import Database from 'better-sqlite3';

/** Pages a backup step may copy: sqlite3_backup_step's "all remaining", which better-sqlite3 takes as a large count. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database `source` into `target`, consistent as of one moment, while the backend goes on writing.
 * In one step: SQLite restarts an online backup from its first page whenever another connection writes between two
 * steps, and better-sqlite3's default (100 pages a step, one step per turn of the event loop) never ended on a
 * busy backend (seen: a backup still running after 5 minutes beside the reminders' job and the sessions' writes).
 * One step holds a read lock for the copy (a quarter of a second for a 40 MB base on this project's machine); the
 * backend's writers wait meanwhile, within better-sqlite3's 5-second busy timeout.
 */
export async function copySqlite(source: string, target: string): Promise<void> {
  const database = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(target, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
}
