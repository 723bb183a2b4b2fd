/**
 * Replies to citizens that staff start from (Paramétrages → Signalements → Modèles de réponse): the
 * ones that fit a report, and their text with the report's own words in place of the placeholders.
 */
import type { ResponseTemplate } from './settings';

export const TEMPLATE_PLACEHOLDERS = ['{reference}', '{type}', '{adresse}', '{service}'] as const;

export interface TemplateReport {
  reference?: string | null;
  type?: string | null;
  address?: string | null;
  service?: string | null;
}

/** The templates for a report of `type` moving to `status`: those for that type or any, that status or any; the most specific first. */
export function templatesFor(templates: readonly ResponseTemplate[], type: string | null | undefined, status: string | null | undefined): ResponseTemplate[] {
  const fits = (t: ResponseTemplate) => (!t.type || t.type === type) && (!t.status || !status || t.status === status);
  const weight = (t: ResponseTemplate) => (t.type ? 2 : 0) + (t.status ? 1 : 0);
  return templates.filter(fits).sort((a, b) => weight(b) - weight(a));
}

/** The template's text for this report: each placeholder replaced (an unknown value reads « la mairie » for the service, empty otherwise). */
export function fillTemplate(text: string, report: TemplateReport): string {
  const values: Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string> = {
    '{reference}': report.reference ?? '',
    '{type}': report.type ?? '',
    '{adresse}': report.address ?? '',
    '{service}': report.service ?? 'de la mairie',
  };
  return text.replace(/\{(reference|type|adresse|service)\}/g, (placeholder) => values[placeholder as keyof typeof values]);
}
