import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Settings } from '@mamoudzou/domain/settings';
import { now } from '../utils/clock';
import type { IncomingFile } from './file-rules';
import { coded } from '@mamoudzou/domain/errors';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const AUDIT = 'api::audit-log.audit-log';
const FILE = 'plugin::upload.file';

const hourInMayotte = (epochMs: number) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Indian/Mayotte' }).format(epochMs);

/** Files of each person still being stored on this instance: counted before their audit entries exist. */
const inFlight = new Map<number, { files: number; bytes: number }>();

/**
 * The settings' upload limits per person (Sécurité): at most maxUploadsPerHour files in the last hour
 * and maxUploadVolumePerDay megabytes in the last 24 hours. What a person stored is read from the
 * audit log (each stored file has its entry) and the files' sizes. Answers a release to call once
 * the upload is over; refuses with a 429 in French.
 */
export async function reserveUploads(
  strapi: Core.Strapi,
  userId: number,
  files: IncomingFile[],
  settings: Pick<Settings, 'maxUploadsPerHour' | 'maxUploadVolumePerDay'>,
): Promise<() => void> {
  const at = now();
  const entries: { timestamp: string | Date; resourceId: string | null }[] = await strapi.db.query(AUDIT as any).findMany({
    where: { userId, module: 'medias', action: 'create', timestamp: { $gte: new Date(at - DAY) } },
    select: ['timestamp', 'resourceId'],
    orderBy: { timestamp: 'asc' },
  });
  const pending = inFlight.get(userId) ?? { files: 0, bytes: 0 };
  const incomingBytes = files.reduce((sum, file) => sum + (file.size ?? 0), 0);

  const lastHour = entries.filter((entry) => new Date(entry.timestamp).getTime() >= at - HOUR);
  if (lastHour.length + pending.files + files.length > settings.maxUploadsPerHour) {
    const freedAt = lastHour.length > 0 ? new Date(lastHour[0].timestamp).getTime() + HOUR : at + HOUR;
    throw new errors.RateLimitError(
      `Limite d'envoi atteinte : au plus ${settings.maxUploadsPerHour} fichiers par heure et par personne. Réessayez après ${hourInMayotte(freedAt)}.`,
      coded('upload_limit'),
    );
  }

  const ids = entries.map((entry) => Number(entry.resourceId)).filter(Number.isInteger);
  // The plugin stores sizes in kilobytes.
  const stored: { size: number | string | null }[] = ids.length ? await strapi.db.query(FILE as any).findMany({ where: { id: { $in: ids } }, select: ['size'] }) : [];
  const storedBytes = stored.reduce((sum, file) => sum + Number(file.size ?? 0) * 1000, 0);
  if (storedBytes + pending.bytes + incomingBytes > settings.maxUploadVolumePerDay * 1024 * 1024) {
    throw new errors.RateLimitError(
      `Volume d'envoi atteint : au plus ${settings.maxUploadVolumePerDay} Mo par personne sur 24 heures. Réessayez plus tard ou demandez à un administrateur de relever la limite.`,
      coded('upload_limit'),
    );
  }

  inFlight.set(userId, { files: pending.files + files.length, bytes: pending.bytes + incomingBytes });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = inFlight.get(userId);
    if (!current) return;
    const left = { files: current.files - files.length, bytes: current.bytes - incomingBytes };
    if (left.files <= 0) inFlight.delete(userId);
    else inFlight.set(userId, left);
  };
}
