import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { REPORT_TYPES } from '@mamoudzou/domain/vocabulary';

const FILE_UID = 'plugin::upload.file';

function mediaIds(value: unknown): (number | string)[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.flatMap(mediaIds);
  if (typeof value === 'object') {
    const id = (value as { id?: number | string }).id;
    return id != null ? [id] : [];
  }
  return [value as number | string];
}

/** Media attributes restricted to images must only receive image files. */
async function checkImagesOnly(strapi: Core.Strapi, uid: string, data: Record<string, unknown>) {
  const attributes = (strapi.getModel(uid as any) as any).attributes as Record<string, any>;
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type !== 'media' || !attribute.allowedTypes?.includes('images') || !(name in data)) continue;
    const ids = mediaIds(data[name]);
    if (ids.length === 0) continue;
    const files = await strapi.db.query(FILE_UID).findMany({ where: { id: { $in: ids } }, select: ['id', 'mime', 'name'] });
    if (files.length !== new Set(ids.map(String)).size) {
      throw new errors.ValidationError(`${name} : fichier introuvable`, { path: [name] });
    }
    const notImage = files.find((f: { mime?: string }) => !f.mime?.startsWith('image/'));
    if (notImage) {
      throw new errors.ValidationError(`${name} : seules les images sont acceptées (${notImage.name})`, { path: [name] });
    }
  }
}

/** A report's sub-type must belong to its type. */
function checkReportSubType(data: Record<string, unknown>) {
  const { type, subType } = data as { type?: string; subType?: string };
  if (!type || !subType) return;
  const known = REPORT_TYPES.find((t) => t.value === type);
  if (known && !known.subTypes.includes(subType)) {
    throw new errors.ValidationError(`Le sous-type « ${subType} » n'appartient pas au type « ${type} »`, { path: ['subType'] });
  }
}

/** Cross-field and media rules Strapi's schema validation does not cover. */
export function registerDocumentRules(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if ((context.action === 'create' || context.action === 'update') && context.uid.startsWith('api::')) {
      const data = ((context as any).params?.data ?? {}) as Record<string, unknown>;
      await checkImagesOnly(strapi, context.uid, data);
      if (context.uid === 'api::report.report') checkReportSubType(data);
    }
    return next();
  });
}
