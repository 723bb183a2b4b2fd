import type { Core } from '@strapi/strapi';
import { databaseErrorSummary, databaseUnavailableCause } from '../utils/database';

/**
 * A database that stops taking writes (read only, full, locked, unreachable) must not end the process: the requests
 * after it are refused with a 503 and everything resumes once the database is back. A database error that nobody
 * awaited (a side write after the answer, a driver's rejected rollback) would otherwise end Node. Only such errors
 * are survived, in one line: they leave the process's memory as it was. Any other unhandled error is a bug whose
 * state nobody knows: the process ends as Node would end it, for the supervisor to start a clean one.
 */
let installed = false;

export function guardProcess(strapi: Core.Strapi) {
  if (installed) return;
  installed = true;
  const survive = (kind: string) => (error: unknown) => {
    if (databaseUnavailableCause(error)) {
      // The code and the table only: the failed statement's values are what a person wrote.
      strapi.log.error(`${kind} survived, the database refused it: ${databaseErrorSummary(error)}`);
      return;
    }
    console.error(`${kind}:`, error);
    process.exit(1);
  };
  process.on('unhandledRejection', survive('unhandled rejection'));
  process.on('uncaughtException', survive('uncaught exception'));
}
