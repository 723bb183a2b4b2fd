import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';

const FILE_INFO_FIELDS = new Set(['name', 'alternativeText', 'caption']);

function fileInfoOf(raw: unknown): unknown[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((item) => {
    if (typeof item !== 'string') return item;
    try {
      return JSON.parse(item);
    } catch {
      throw new errors.ValidationError('fileInfo : JSON invalide', coded('invalid_request'));
    }
  });
}

/**
 * POST /api/upload (on the route, so every spelling of its path): stores new files only. Replacing
 * a file (`?id=`) and attaching one to a record by the upload (`ref`, `refId`, `field`) are refused:
 * a record's files are set by saving the record, which needs the right to update it and keeps image
 * fields to images. `fileInfo` may only name, describe and caption the files.
 */
export default (policyContext: any) => {
  const query = policyContext.query ?? policyContext.request?.query ?? {};
  if (query.id !== undefined) {
    throw new errors.PolicyError('Un fichier enregistré ne se remplace ni ne se modifie : envoyez un nouveau fichier puis liez-le à la fiche.', coded('not_allowed'));
  }
  const body = policyContext.request?.body ?? {};
  if (['ref', 'refId', 'field', 'path'].some((key) => body[key] !== undefined)) {
    throw new errors.PolicyError("Un fichier ne se rattache pas à une fiche par l'envoi : enregistrez la fiche avec l'identifiant du fichier.", coded('not_allowed'));
  }
  if (body.fileInfo !== undefined) {
    for (const info of fileInfoOf(body.fileInfo)) {
      const valid =
        info !== null &&
        typeof info === 'object' &&
        !Array.isArray(info) &&
        Object.entries(info).every(([key, value]) => FILE_INFO_FIELDS.has(key) && (value === null || (typeof value === 'string' && value.length <= 500)));
      if (!valid) throw new errors.ValidationError('fileInfo : seuls name, alternativeText et caption (textes) sont acceptés', coded('invalid_request'));
    }
  }
  return true;
};
