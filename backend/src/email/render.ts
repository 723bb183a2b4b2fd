import type { EmailTemplate } from '@mamoudzou/domain/emails';
import type { Settings } from '@mamoudzou/domain/settings';
import { EMAIL_TEXTS } from './texts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Fills `{name}` from `values`; a missing value is left empty, never "undefined". */
export const fill = (template: string, values: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => (values[key] === undefined || values[key] === null ? '' : String(values[key])));

/** A subject is one line: no line breaks a header could be split with. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim().slice(0, 300);

/**
 * Subject, HTML and plain-text parts of a template, in French, with the town's name and contact
 * from the settings. The HTML is one column of at most 600 px with system fonts of 16 px, so that a
 * phone shows it without zooming; the plain-text part says the same.
 */
export function renderEmail(template: EmailTemplate, params: Record<string, unknown>, settings: Pick<Settings, 'siteName' | 'contactEmail' | 'contactPhone' | 'address'>): RenderedEmail {
  const texts = EMAIL_TEXTS[template] as {
    subject: string;
    paragraphs: readonly string[];
    button?: string;
    after?: string;
    optOut?: string;
    optOutLink?: string;
    repairQuestion?: string;
    repaired?: string;
    notRepaired?: string;
  };
  const common = EMAIL_TEXTS.common;
  // The town's own values win over a template's parameters (a report has an address too).
  const values: Record<string, unknown> = { ...params, siteName: settings.siteName, contactEmail: settings.contactEmail, contactPhone: settings.contactPhone, townAddress: settings.address };
  const link = typeof params.link === 'string' ? params.link : undefined;
  const optOutUrl = typeof params.optOutUrl === 'string' ? params.optOutUrl : undefined;
  // A citizen's mail links to the report's public page; a resolved report's asks « Est-ce réparé ? » with two links.
  const trackUrl = typeof params.trackUrl === 'string' ? params.trackUrl : undefined;
  const repair =
    texts.repairQuestion && typeof params.repairedUrl === 'string' && typeof params.notRepairedUrl === 'string'
      ? { question: texts.repairQuestion, yes: { label: texts.repaired!, url: params.repairedUrl }, no: { label: texts.notRepaired!, url: params.notRepairedUrl } }
      : undefined;

  const greeting = fill(params.name ? common.greetingNamed : common.greeting, values);
  const paragraphs = texts.paragraphs.map((p) => fill(p, values)).filter((p) => p.trim() !== '');
  const after = texts.after ? fill(texts.after, values) : undefined;
  const footer = [fill(common.town, values), fill(common.address, values), fill(common.contact, values), common.automatic].filter((line) => line.trim() !== '');

  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link && texts.button ? [`${texts.button} : ${link}`, ''] : []),
    ...(repair ? [repair.question, `${repair.yes.label} : ${repair.yes.url}`, `${repair.no.label} : ${repair.no.url}`, ''] : []),
    ...(trackUrl ? [`${common.track} ${trackUrl}`, ''] : []),
    ...(after ? [after, ''] : []),
    fill(common.signature, values),
    ...(optOutUrl && texts.optOut ? ['', `${texts.optOut} ${optOutUrl}`] : []),
    '',
    '--',
    ...footer,
  ].join('\n');

  const h = (value: string) => escapeHtml(value);
  const button =
    link && texts.button
      ? `<p style="margin:24px 0"><a href="${h(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${h(texts.button)}</a></p>
<p style="font-size:14px;color:#475569">${h(common.linkFallback)}<br><a href="${h(link)}" style="color:#1d4ed8;word-break:break-all">${h(link)}</a></p>`
      : '';
  const repairHtml = repair
    ? `<p style="margin:24px 0 8px;font-weight:600">${h(repair.question)}</p>
<p style="margin:0 0 24px"><a href="${h(repair.yes.url)}" style="display:inline-block;background:#166534;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;margin:0 8px 8px 0">${h(repair.yes.label)}</a><a href="${h(repair.no.url)}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;margin:0 8px 8px 0">${h(repair.no.label)}</a></p>`
    : '';
  const trackHtml = trackUrl
    ? `<p>${h(common.track)} <a href="${h(trackUrl)}" style="color:#1d4ed8">${h(fill(common.trackLink, values))}</a></p>`
    : '';
  const optOut =
    optOutUrl && texts.optOut && texts.optOutLink
      ? `<p style="font-size:14px;color:#475569;margin-top:24px">${h(texts.optOut)} <a href="${h(optOutUrl)}" style="color:#1d4ed8">${h(texts.optOutLink)}</a></p>`
      : '';
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(oneLine(fill(texts.subject, values)))}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9">
<div style="max-width:600px;margin:0 auto;padding:16px;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<div style="background:#0f3a7d;color:#ffffff;padding:16px 20px;border-radius:8px 8px 0 0;font-weight:700">${h(fill(common.town, values))}</div>
<div style="background:#ffffff;padding:20px;border-radius:0 0 8px 8px">
<p>${h(greeting)}</p>
${paragraphs.map((p) => `<p>${h(p)}</p>`).join('\n')}
${button}
${repairHtml}
${trackHtml}
${after ? `<p>${h(after)}</p>` : ''}
<p>${h(fill(common.signature, values))}</p>
${optOut}
</div>
<p style="font-size:13px;color:#64748b;padding:12px 4px">${footer.map(h).join('<br>')}</p>
</div>
</body>
</html>`;

  return {
    subject: oneLine(fill(texts.subject, values)),
    html,
    text,
    ...(optOutUrl ? { headers: { 'List-Unsubscribe': `<${optOutUrl}>` } } : {}),
  };
}
