import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { serviceForReportType } from '@mamoudzou/domain/settings';
import { currentRequest } from '../../../audit/writer';
import { currentSettings } from '../../../utils/services';
import { now } from '../../../utils/clock';
import { coded } from '@mamoudzou/domain/errors';

const REPORT = 'api::report.report';
/** The town's time zone (UTC+3, no daylight saving): a month starts at midnight there. */
const MAYOTTE_OFFSET_MS = 3 * 3600 * 1000;

/** The first instant (UTC) of the calendar month, in Mayotte, that holds `at`. */
export function monthStartInMayotte(at: Date): Date {
  const local = new Date(at.getTime() + MAYOTTE_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - MAYOTTE_OFFSET_MS);
}

/**
 * A new report made through the API (the seed and imports by the backend itself are not counted):
 * - maxSignalementsPerUser: a citizen (known by the email given with the report, case ignored) sends
 *   at most that many reports per calendar month; beyond, the report is refused with a French message that
 *   says only that the limit is reached (not the count: an Open311 client may type anyone's address).
 *   Staff enter reports for many citizens, so the limit counts the citizen, not the staff account.
 * - autoAssignSignalements: a report that names no service goes to its type's service (the settings'
 *   reportTypeServices over the defaults of domain/settings.ts).
 */
export function registerReportIntake(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    // Made through the API, by staff or a citizens' channel client; the seed and bulk loads are not counted.
    if (context.uid !== REPORT || context.action !== 'create' || !currentRequest(strapi)) return next();
    const data = ((context.params as any).data ??= {}) as Record<string, any>;
    const settings = await currentSettings(strapi);

    const email = typeof data.citizenEmail === 'string' ? data.citizenEmail.trim().toLowerCase() : '';
    if (email) {
      const since = monthStartInMayotte(new Date(now()));
      const sent = await strapi.db.query(REPORT).count({
        where: { citizenEmail: { $eqi: email }, createdAt: { $gte: since } },
      });
      if (sent >= settings.maxSignalementsPerUser) {
        const max = settings.maxSignalementsPerUser;
        throw new errors.ValidationError(
          `Limite mensuelle atteinte pour cette adresse e-mail : au plus ${max} signalement${max > 1 ? 's' : ''} par personne et par mois.`,
          coded('monthly_limit', { errors: [{ path: ['citizenEmail'], message: 'Limite mensuelle de signalements atteinte pour cette personne', name: 'ValidationError', code: 'invalid_value' }] }),
        );
      }
    }

    if (settings.autoAssignSignalements && !data.service) {
      const service = serviceForReportType(data.type, settings.reportTypeServices);
      if (service) data.service = service;
    }
    return next();
  });
}
