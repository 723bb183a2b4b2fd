import type { Core } from '@strapi/strapi';
import { backupIfDue, removeInterruptedBackups } from './backup';
import { pruneAuditLog, pruneCitizenDetails, pruneEmailOutbox, pruneIdempotencyKeys, pruneNotifications } from './retention';

/**
 * The daily jobs (the server's night): pruning by the retention settings, and backups by backupFrequency; and
 * hourly, the idempotency keys past their window.
 */
export const MAINTENANCE_TASKS: Record<string, { rule: string; run: (strapi: Core.Strapi) => Promise<unknown> }> = {
  pruneNotifications: { rule: '0 0 0 * * *', run: pruneNotifications },
  pruneAuditLog: { rule: '0 10 0 * * *', run: pruneAuditLog },
  pruneEmailOutbox: { rule: '0 20 0 * * *', run: pruneEmailOutbox },
  backup: { rule: '0 30 23 * * *', run: backupIfDue },
  pruneIdempotencyKeys: { rule: '0 40 * * * *', run: pruneIdempotencyKeys },
  pruneCitizenDetails: { rule: '0 30 0 * * *', run: pruneCitizenDetails },
};

/** Bootstrap: clear what a backup killed mid-way left, prune once now (a backend stopped for days catches up), then schedule every job. */
export async function scheduleMaintenance(strapi: Core.Strapi) {
  await removeInterruptedBackups(strapi).catch((error) => strapi.log.error(`backups: interrupted backups not cleared: ${(error as Error).message}`));
  await pruneNotifications(strapi);
  await pruneAuditLog(strapi);
  await pruneEmailOutbox(strapi);
  await pruneIdempotencyKeys(strapi);
  await pruneCitizenDetails(strapi);
  strapi.cron.add(
    Object.fromEntries(
      Object.entries(MAINTENANCE_TASKS).map(([name, { rule, run }]) => [
        name,
        {
          task: () => run(strapi).catch((error) => strapi.log.error(`${name}: ${(error as Error).message}`)),
          options: { rule },
        },
      ]),
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
