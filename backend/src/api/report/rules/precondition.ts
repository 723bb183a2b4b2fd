import type { Core } from '@strapi/strapi';
import { TOWN_TIME_ZONE } from '@mamoudzou/domain/openingHours';
import { coded } from '@mamoudzou/domain/errors';

const UID = 'api::report.report';

/** The version a client saw, from `If-Match: "<updatedAt>"` (quotes and a weak prefix allowed); null when absent or unreadable. */
export function expectedVersion(header: string | undefined): number | null {
  const value = String(header ?? '').trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!value || value === '*') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

const townTime = new Intl.DateTimeFormat('fr-FR', { timeZone: TOWN_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/**
 * A change made from a version of the report that is no longer the current one (a phone queued it
 * offline while someone else changed the report): the French refusal, else null. Never overwritten
 * silently; the agent decides what to do with it.
 */
export async function staleChange(strapi: Core.Strapi, documentId: string, ifMatch: string | undefined) {
  const expected = expectedVersion(ifMatch);
  if (expected === null) return null;
  const current: any = await strapi.documents(UID as any).findOne({ documentId, fields: ['updatedAt'] as any });
  if (!current?.updatedAt) return null;
  const updatedAt = new Date(current.updatedAt);
  if (updatedAt.getTime() === expected) return null;
  return {
    data: null,
    error: {
      status: 412,
      name: 'PreconditionFailedError',
      message: `Ce signalement a été modifié le ${townTime.format(updatedAt)} depuis que vous l'avez ouvert : votre modification n'a pas été appliquée.`,
      details: coded('conflict', { updatedAt: updatedAt.toISOString() }),
    },
  };
}
