import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Attribute } from '@mamoudzou/domain/attributes';
import { blocksSchema, DATE_YEARS, forbiddenCharacterInValue, forbiddenCharacterMessage, isSaneDate, openingHoursSchema, stringList } from '@mamoudzou/domain/input';
import { coded } from '@mamoudzou/domain/errors';
import { rowOfUid } from '@mamoudzou/domain/resources';

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
      throw refuse(name, 'fichier introuvable');
    }
    const notImage = files.find((f: { mime?: string }) => !f.mime?.startsWith('image/'));
    if (notImage) {
      throw refuse(name, `seules les images sont acceptées (${notImage.name})`);
    }
  }
}

/** A value refused: the message names its attribute; its item in `errors` says it alone, under the field. */
const refuse = (name: string, message: string) =>
  new errors.ValidationError(`${name} : ${message}`, coded('invalid_value', { path: [name], errors: [{ path: [name], message: message.charAt(0).toUpperCase() + message.slice(1), code: 'invalid_value' }] }));

interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

function checkShape(name: string, schema: Schema, value: unknown) {
  if (value === null || value === undefined) return;
  const result = schema.safeParse(value);
  if (!result.success) {
    const [issue] = result.error.issues;
    const where = issue.path.length ? ` (${issue.path.map(String).join('.')})` : '';
    throw refuse(name, `${issue.message}${where}`);
  }
}

/** Attributes that hold text a person wrote, directly or inside JSON. */
const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid', 'json', 'blocks']);

/**
 * The shapes Strapi's own validation lets through: no control or bidi override character in any text
 * (refused rather than stripped: the writer learns what was wrong instead of finding the text changed), and by
 * the kind its declaration gives an attribute (domain/attributes/), whatever its name: lists of short texts
 * (tags, services, internal notes), opening hours; rich text (blocks, whose links must be http(s)), and dates
 * within sane years.
 */
function checkValues(strapi: Core.Strapi, uid: string, data: Record<string, unknown>) {
  const attributes = (strapi.getModel(uid as any) as any).attributes as Record<string, any>;
  const declared: Record<string, Attribute> = rowOfUid(uid)?.attributes ?? {};
  for (const [name, value] of Object.entries(data)) {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (!attribute) continue;
    const forbidden = TEXT_TYPES.has(attribute.type) ? forbiddenCharacterInValue(value) : undefined;
    if (forbidden) throw refuse(name, forbiddenCharacterMessage(forbidden));
    const declaration = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (declaration?.type === 'json' && declaration.kind === 'stringList') checkShape(name, stringList(declaration), value);
    else if (declaration?.type === 'json' && declaration.kind === 'openingHours') checkShape(name, openingHoursSchema, value);
    else if (attribute.type === 'blocks') checkShape(name, blocksSchema, value);
    else if ((attribute.type === 'date' || attribute.type === 'datetime') && !isSaneDate(value)) {
      throw refuse(name, `date hors des années ${DATE_YEARS.min} à ${DATE_YEARS.max}`);
    }
  }
}

/** Media and value rules Strapi's schema validation does not cover, for every collection (a collection's own rules are in its folder). */
export function registerDocumentRules(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if ((context.action === 'create' || context.action === 'update') && context.uid.startsWith('api::')) {
      const data = ((context as any).params?.data ?? {}) as Record<string, unknown>;
      checkValues(strapi, context.uid, data);
      await checkImagesOnly(strapi, context.uid, data);
    }
    return next();
  });
}
