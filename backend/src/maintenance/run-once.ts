import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Core } from '@strapi/strapi';
import { now } from '../utils/clock';

/**
 * Scheduled jobs run once across instances. Every instance schedules the same jobs at the same times; each run is
 * claimed first, by inserting the row of that job and that occurrence (its scheduled time, the same on every
 * instance whatever its clock says within the job's period) into a table of the database they share. The primary
 * key lets one insert through: that instance runs the job, the others skip it. A table of its own, unknown to
 * Strapi's content types (which leave such tables alone), on PostgreSQL as on SQLite (where one instance is the
 * deployment, and the claim costs one insert).
 */
export const RUNS_TABLE = 'scheduled_job_runs';
/** Claims are kept a week (what ran when, for whoever looks), then removed as new ones come. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

/** This process, as its claims name it. */
export const INSTANCE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const table = (strapi: Core.Strapi) => {
  const schema = strapi.db.getSchemaName();
  const knex = strapi.db.connection;
  return schema ? knex(RUNS_TABLE).withSchema(schema) : knex(RUNS_TABLE);
};

/** Bootstrap: the claims' table, made once (instances starting together may race to make it: one does). */
export async function ensureRunsTable(strapi: Core.Strapi) {
  const schema = strapi.db.getSchemaConnection();
  if (await schema.hasTable(RUNS_TABLE)) return;
  try {
    await schema.createTable(RUNS_TABLE, (t: any) => {
      t.string('job', 100).notNullable();
      t.string('occurrence', 40).notNullable();
      t.string('instance', 120).notNullable();
      t.bigInteger('claimed_at').notNullable();
      t.primary(['job', 'occurrence']);
    });
  } catch (error) {
    if (!(await schema.hasTable(RUNS_TABLE))) throw error;
  }
}

/**
 * Whether this instance takes `job`'s run at `occurrence`: true for exactly one caller across instances. A database
 * that cannot take the claim fails the call (the run is skipped there and then, like any of its queries would fail).
 */
export async function claimRun(strapi: Core.Strapi, job: string, occurrence: Date | string): Promise<boolean> {
  const at = now();
  const key = typeof occurrence === 'string' ? occurrence : occurrence.toISOString();
  // An insert that finds the row already there inserts nothing and says so (no error in the server's log).
  const inserted = await table(strapi).insert({ job, occurrence: key, instance: INSTANCE, claimed_at: at }).onConflict(['job', 'occurrence']).ignore().returning(['job']);
  if (!Array.isArray(inserted) || inserted.length === 0) return false;
  await table(strapi)
    .where({ job })
    .andWhere('claimed_at', '<', at - KEEP_MS)
    .del()
    .catch(() => undefined);
  return true;
}

/**
 * The occurrence a cron task runs for, from the arguments Strapi's cron hands it (its context, then the scheduled
 * time); the second nearest to now without one.
 */
export function occurrenceOf(args: unknown[]): Date {
  const fireDate = args[1];
  return fireDate instanceof Date ? fireDate : new Date(Math.round(Date.now() / 1000) * 1000);
}

/** A cron task that runs `run` only on the instance that claims its occurrence; failures are logged under the job's name. */
export function onceAcrossInstances(strapi: Core.Strapi, job: string, run: () => Promise<unknown>) {
  return async (...args: unknown[]) => {
    const occurrence = occurrenceOf(args);
    try {
      if (!(await claimRun(strapi, job, occurrence))) return;
      strapi.log.info(`${job}: run for ${occurrence.toISOString()} on ${INSTANCE}`);
      await run();
    } catch (error) {
      strapi.log.error(`${job}: ${(error as Error).message}`);
    }
  };
}
