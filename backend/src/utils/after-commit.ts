import type { Core } from '@strapi/strapi';

/**
 * Runs `work` once the current transaction has committed, as Strapi's own entry events do; at once outside a
 * transaction (what was written is kept already). Registering opens no transaction of its own, so it cannot fail;
 * `work` failing is logged, never left unhandled.
 */
export function afterCommit(strapi: Core.Strapi, label: string, work: () => unknown) {
  const run = () => {
    Promise.resolve()
      .then(work)
      .catch((error) => strapi.log.error(`${label}: ${(error as Error)?.message ?? error}`));
  };
  if (!strapi.db.inTransaction()) return run();
  // Nested in the current transaction: registers on it, runs no query.
  strapi.db
    .transaction(({ onCommit }) => {
      onCommit(run);
    })
    .catch((error) => strapi.log.error(`${label}: ${(error as Error)?.message ?? error}`));
}
