/**
 * Replies to citizens that staff start from (Paramétrages → Signalements → Modèles de réponse): the
 * ones that fit a report, and their text with the report's own words in place of the placeholders.
 */
import type { ResponseTemplate } from './settings';
import { isGpsAddress } from './open311';

export const TEMPLATE_PLACEHOLDERS = ['{reference}', '{type}', '{adresse}', '{service}'] as const;

export interface TemplateReport {
  reference?: string | null;
  type?: string | null;
  address?: string | null;
  service?: string | null;
  zone?: string | null;
}

/** The templates for a report of `type` moving to `status`: those for that type or any, that status or any; the most specific first. */
export function templatesFor(templates: readonly ResponseTemplate[], type: string | null | undefined, status: string | null | undefined): ResponseTemplate[] {
  const fits = (t: ResponseTemplate) => (!t.type || t.type === type) && (!t.status || !status || t.status === status);
  const weight = (t: ResponseTemplate) => (t.type ? 2 : 0) + (t.status ? 1 : 0);
  return templates.filter(fits).sort((a, b) => weight(b) - weight(a));
}

/**
 * The template's text for this report: each placeholder replaced (an unknown value reads « la mairie »
 * for the service, empty otherwise). A report filed by position only has coordinates for address: the
 * citizen reads its zone (« secteur de Kawéni ») rather than « Position GPS -12.78000, 45.22800 ».
 */
export function fillTemplate(text: string, report: TemplateReport): string {
  const address = isGpsAddress(report.address) ? (report.zone ? `secteur de ${report.zone}` : 'lieu signalé') : (report.address ?? '');
  const values: Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string> = {
    '{reference}': report.reference ?? '',
    '{type}': report.type ?? '',
    '{adresse}': address,
    '{service}': report.service ?? 'la mairie',
  };
  return text.replace(/\{(reference|type|adresse|service)\}/g, (placeholder) => values[placeholder as keyof typeof values]);
}
