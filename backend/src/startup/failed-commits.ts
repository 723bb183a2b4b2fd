import type { Core } from '@strapi/strapi';

/**
 * A COMMIT the database refuses (SQLite could not write its file: read only, full, failing disk) must fail the
 * transaction. Knex answers a transaction's commit() with a promise that resolves whatever happened, and rejects
 * only the transaction's own execution promise, which Strapi does not await: Strapi then took the refused commit
 * for done, answered the write as kept and ran its after-commit work (its entry events, our notifications) on rows
 * that were rolled back, whose failing reads nobody awaited. Here every transaction opened without a callback (how
 * Strapi opens its own) has a commit() that fails as its COMMIT did. Transactions opened with a callback are
 * settled by knex itself, failures included.
 */
export function rejectRefusedCommits(strapi: Core.Strapi) {
  const context = (strapi.db.connection as any).context;
  const transaction = context.transaction;
  context.transaction = function (this: unknown, container?: unknown, config?: unknown) {
    const started = transaction.call(this, container, config);
    if (typeof container === 'function') return started;
    return started.then((trx: any) => {
      const commit = trx.commit;
      trx.commit = async (value?: unknown) => {
        const result = await commit(value);
        // Settled by now: resolved by a COMMIT that succeeded, rejected with the error of one that failed.
        await trx.executionPromise;
        return result;
      };
      return trx;
    });
  };
}
