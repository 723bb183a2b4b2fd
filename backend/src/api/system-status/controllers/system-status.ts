import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { currentSettings, outboxService } from '../../../utils/services';
import { backupDir, backupHealth, backupKeep, listBackups } from '../../../maintenance/backup';
import { scheduledTasks } from '../../../maintenance/schedule';
import { smsProvider } from '../../../notifications/sms';
import { imageWorkStatus } from '../../../uploads/image-work';

const versionOf = (file: string) => {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
};

async function databaseSize(strapi: Core.Strapi, client: string): Promise<number | null> {
  try {
    if (client === 'sqlite') {
      const file = strapi.config.get('database.connection.connection.filename') as string;
      return ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
    }
    if (client === 'postgres') {
      const result: any = await strapi.db.connection.raw('select pg_database_size(current_database()) as size');
      return Number(result.rows?.[0]?.size ?? null);
    }
  } catch (error) {
    strapi.log.warn(`system-status: database size: ${(error as Error).message}`);
  }
  return null;
}

/** The SMTP server (configured, answering, last send and error) and the outbox's counts. */
async function emailStatus(strapi: Core.Strapi) {
  const outbox = outboxService(strapi);
  const [smtp, counts] = await Promise.all([outbox.smtpState(), outbox.stats()]);
  return { provider: 'nodemailer', ...smtp, outbox: counts };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: any) {
    const root = strapi.dirs.app.root;
    const client = strapi.config.get('database.connection.client') as string;
    const settings = await currentSettings(strapi);
    const backups = await listBackups(strapi);
    const io = (strapi as any).io;
    const uploadLimit = strapi.config.get('plugin::upload.sizeLimit') as number | undefined;
    ctx.body = {
      data: {
        checkedAt: new Date().toISOString(),
        backend: { uptimeSeconds: Math.round(process.uptime()), node: process.version },
        database: {
          client,
          size: await databaseSize(strapi, client),
          lastBackup: backups[0] ?? null,
          backupCount: backups.length,
          backupFrequency: settings.backupFrequency,
          backupFolder: backupDir(strapi),
          backupKeep: backupKeep(),
          backupError: backupHealth.lastError ?? null,
        },
        realtime: { enabled: Boolean(io), connections: io ? io.engine.clientsCount : 0 },
        email: { ...(await emailStatus(strapi)), notificationsEnabled: settings.emailNotifications },
        sms: { configured: Boolean(smsProvider()), provider: smsProvider()?.name ?? null, notificationsEnabled: settings.smsNotifications },
        uploads: {
          maxFileUploadSize: settings.maxFileUploadSize,
          allowedFileTypes: settings.allowedFileTypes,
          serverLimit: uploadLimit ?? null,
          maxUploadsPerHour: settings.maxUploadsPerHour,
          maxUploadVolumePerDay: settings.maxUploadVolumePerDay,
          // Decoding and resizing, one task (IMAGE_WORK_CONCURRENCY) at a time: what runs, waits and has run.
          imageWork: imageWorkStatus(),
        },
        map: { provider: settings.mapProvider, keySet: Boolean(settings.mapApiKey) },
        versions: {
          application: versionOf(path.join(root, '..', 'package.json')) ?? versionOf(path.join(root, 'package.json')),
          strapi: versionOf(require.resolve('@strapi/strapi/package.json')),
        },
        tasks: scheduledTasks(strapi),
      },
    };
  },
});
