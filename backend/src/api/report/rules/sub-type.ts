import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { REPORT_TYPES } from '@mamoudzou/domain/vocabulary';

const REPORT = 'api::report.report';

/** A report's sub-type must belong to its type (a rule across two fields, which Strapi's schema cannot say). */
export function registerReportSubTypeRule(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid === REPORT && (context.action === 'create' || context.action === 'update')) {
      const { type, subType } = ((context as any).params?.data ?? {}) as { type?: string; subType?: string };
      const known = type && subType ? REPORT_TYPES.find((t) => t.value === type) : undefined;
      if (known && !known.subTypes.includes(subType!)) {
        throw new errors.ValidationError(`Le sous-type « ${subType} » n'appartient pas au type « ${type} »`, { path: ['subType'] });
      }
    }
    return next();
  });
}
