import { basename } from 'node:path';
import { existsSync } from 'node:fs';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentRequest, writeAudit } from '../../../audit/writer';
import { BackupError, backupDir, backupKeep, backupPath, backupStream, listBackups, recordedBackup } from '../../../maintenance/backup';
import { coded } from '@mamoudzou/domain/errors';

const audit = (strapi: Core.Strapi, action: 'create' | 'download', name: string) => {
  const request = currentRequest(strapi);
  return writeAudit(strapi, { action, module: 'parametrages', resourceType: 'backup', resourceId: name, resourceLabel: name, user: request?.user, ip: request?.ip });
};

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/backups: the backups, newest first, with the folder and how many are kept. */
  async find(ctx: any) {
    ctx.body = { data: await listBackups(strapi), meta: { folder: backupDir(strapi), keep: backupKeep() } };
  },

  /** POST /api/backups: a backup now ("Sauvegarder maintenant"); a failure says why in French (503). */
  async create(ctx: any) {
    try {
      const file = await recordedBackup(strapi);
      await audit(strapi, 'create', file.name);
      ctx.status = 201;
      ctx.body = { data: file };
    } catch (error) {
      if (!(error instanceof BackupError)) strapi.log.error(`backup: ${(error as Error).stack ?? error}`);
      ctx.status = 503;
      ctx.body = {
        data: null,
        error: { status: 503, name: 'BackupError', message: error instanceof BackupError ? error.message : `La sauvegarde a échoué : ${(error as Error).message}`, details: coded('backup_failed') },
      };
    }
  },

  /** GET /api/backups/:name/download: the archive, as an attachment. */
  async download(ctx: any) {
    const file = backupPath(strapi, String(ctx.params.name ?? ''));
    if (!file || !existsSync(file)) throw new errors.NotFoundError('Sauvegarde introuvable', coded('not_found'));
    await audit(strapi, 'download', basename(file));
    ctx.set('Content-Type', 'application/gzip');
    ctx.set('Content-Disposition', `attachment; filename="${basename(file)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = backupStream(file);
  },
});
