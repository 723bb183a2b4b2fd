import type { Core } from '@strapi/strapi';
import { fieldRefusal } from '../../../validation/refusal';
import { reportTypesOf } from '@mamoudzou/domain/vocabulary';
import { currentSettings } from '../../../utils/services';

const REPORT = 'api::report.report';


/**
 * A report's type is one of the settings' « Catégories de signalement » and its sub-type one of that
 * type's: the list an administrator keeps is the one the forms offer, so the backend holds to it too.
 * A report keeps a type later taken off the list until someone changes its type; its sub-type is then
 * no longer checked, as no list says what it may be.
 */
export function registerReportTypeRule(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || (context.action !== 'create' && context.action !== 'update')) return next();
    const data = ((context as any).params?.data ?? {}) as { type?: unknown; subType?: unknown };
    if (data.type === undefined && data.subType === undefined) return next();

    let { type } = data;
    let typeChanged = context.action === 'create' || type !== undefined;
    if (context.action === 'update') {
      const documentId = (context as any).params?.documentId;
      const stored = documentId ? await strapi.db.query(REPORT).findOne({ where: { documentId }, select: ['type'] }) : null;
      if (type === undefined) type = stored?.type;
      typeChanged = type !== stored?.type;
    }
    const types = reportTypesOf((await currentSettings(strapi)).signalementCategories);
    const known = types.find((t) => t.value === type);
    if (typeChanged && !known && type !== undefined && type !== null && type !== '') {
      throw fieldRefusal('type', `Type de signalement inconnu : « ${String(type)} » (types possibles : ${types.map((t) => t.value).join(', ')})`);
    }
    const subType = data.subType;
    if (known && typeof subType === 'string' && subType !== '' && !known.subTypes.includes(subType)) {
      throw fieldRefusal('subType', `Le sous-type « ${subType} » n'appartient pas au type « ${String(type)} »`);
    }
    return next();
  });
}
