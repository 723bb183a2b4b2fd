import type { Core } from '@strapi/strapi';
import { backupIfDue, removeInterruptedBackups } from './backup';
import { pruneAuditLog, pruneCitizenDetails, pruneEmailOutbox, pruneIdempotencyKeys, pruneNotifications } from './retention';
import { claimRun, ensureRunsTable, onceAcrossInstances } from './run-once';
import { now } from '../utils/clock';

/**
 * The daily jobs (the server's night): pruning by the retention settings, and backups by backupFrequency; and
 * hourly, the idempotency keys past their window. Each run happens on one instance only (run-once.ts).
 * MAINTENANCE_RULE (tests only: a cron rule with seconds) runs them all by that rule instead.
 */
export const MAINTENANCE_TASKS: Record<string, { rule: string; run: (strapi: Core.Strapi) => Promise<unknown> }> = {
  pruneNotifications: { rule: '0 0 0 * * *', run: pruneNotifications },
  pruneAuditLog: { rule: '0 10 0 * * *', run: pruneAuditLog },
  pruneEmailOutbox: { rule: '0 20 0 * * *', run: pruneEmailOutbox },
  backup: { rule: '0 30 23 * * *', run: backupIfDue },
  pruneIdempotencyKeys: { rule: '0 40 * * * *', run: pruneIdempotencyKeys },
  pruneCitizenDetails: { rule: '0 30 0 * * *', run: pruneCitizenDetails },
};

/** The start's catch-up prunes, once an hour at most across instances (several started together prune once). */
const HOUR_MS = 3600 * 1000;

/**
 * Bootstrap: clear what a backup killed mid-way left, prune once now (a backend stopped for days catches up; instances
 * started within the same hour leave it to the first), then schedule every job.
 */
export async function scheduleMaintenance(strapi: Core.Strapi) {
  await removeInterruptedBackups(strapi).catch((error) => strapi.log.error(`backups: interrupted backups not cleared: ${(error as Error).message}`));
  await ensureRunsTable(strapi);
  if (await claimRun(strapi, 'startupPrune', new Date(Math.floor(now() / HOUR_MS) * HOUR_MS))) {
    strapi.log.info('startupPrune: catching up the retention');
    await pruneNotifications(strapi);
    await pruneAuditLog(strapi);
    await pruneEmailOutbox(strapi);
    await pruneIdempotencyKeys(strapi);
    await pruneCitizenDetails(strapi);
  }
  const testRule = process.env.MAINTENANCE_RULE;
  strapi.cron.add(
    Object.fromEntries(
      Object.entries(MAINTENANCE_TASKS).map(([name, { rule, run }]) => [name, { task: onceAcrossInstances(strapi, name, () => run(strapi)), options: { rule: testRule || rule } }]),
    ),
  );
}

/** The service-level reminders' job (api/report/rules/reminders.ts), named here since shared code imports no collection's files. */
const SLA_REMINDERS_JOB = 'slaReminders';

/** The scheduled jobs (maintenance, and the service-level reminders) and their next run, as the cron service holds them. */
export function scheduledTasks(strapi: Core.Strapi): { name: string; nextRun: string | null }[] {
  const jobs = ((strapi.cron as any).jobs ?? []) as { name?: string; job?: { nextInvocation?: () => Date | null } }[];
  return jobs
    .filter((job) => job.name && (job.name in MAINTENANCE_TASKS || job.name === SLA_REMINDERS_JOB))
    .map((job) => {
      const next = job.job?.nextInvocation?.();
      return { name: job.name!, nextRun: next ? new Date(next).toISOString() : null };
    });
}
