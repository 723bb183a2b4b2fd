import { frShell as fr, format } from '../i18n/fr-shell';

/**
 * Strapi's errors in the words a user reads: the French message under a form field, and the
 * French sentence of a toast for a failed call. Pure functions; the provider keeps the technical
 * "Strapi {status}: {message}" in the error itself.
 */

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** Text a user typed or a list of allowed values sits in quotes or parentheses: not evidence of the sentence's language. */
const withoutQuoted = (text: string) => text.replace(/«[^»]*»|"[^"]*"|`[^`]*`|\([^)]*\)/g, ' ');

const FRENCH_SIGNAL =
  /[àâçéèêëîïôûùüÿœæ]|\s[:;!?](\s|$)|\b(le|la|les|des|du|de|une?|est|sont|pas|doit|fichier|cette|votre|vous|aux|invalide|introuvable|requis|obligatoire|veuillez)\b|\b[ldnj]'/i;
const ENGLISH_SIGNAL =
  /\b(must|should|the|is|are|was|be|invalid|missing|error|errors|occurred|not|found|forbidden|unauthorized|please|cannot|only|allowed|failed|too|many)\b/i;

/** Whether a backend message is already French (our backend writes some), so it can be shown as is. */
export function looksFrench(message: string): boolean {
  const text = withoutQuoted(message);
  return FRENCH_SIGNAL.test(text) && !ENGLISH_SIGNAL.test(text);
}

/** Strapi / yup English messages ("title must be at most 200 characters") and their French wording, first match wins. */
const FIELD_MESSAGES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/must be at most (\d+) characters/, (m) => format(fr.validation.tooLong, { max: m[1] })],
  [/must be at least (\d+) characters/, (m) => format(fr.errors.field.tooShort, { min: m[1] })],
  [/must be exactly (\d+) characters/, (m) => format(fr.errors.field.exactLength, { length: m[1] })],
  [/must (not )?be one of the following values/, () => fr.errors.field.notAllowed],
  [/must be unique/i, () => fr.errors.field.unique],
  [/is a required field|must be defined|cannot be empty|must not be null/, () => fr.validation.required],
  [/must be a `number` type|must be a finite number/, () => fr.validation.number],
  [/must be a valid integer|must be an integer/, () => fr.errors.field.integer],
  [/must be a `string` type/, () => fr.errors.field.text],
  [/must be a `date` type/, () => fr.errors.field.date],
  [/must be a `boolean` type/, () => fr.errors.field.boolean],
  [/must be a valid email/, () => fr.validation.email],
  [/must be a valid URL/, () => fr.errors.field.url],
  [/must match the following/, () => fr.errors.field.format],
  // Item counts before the numeric bounds: "must have less than or equal to 3 items" contains both.
  [/must have at least (\d+) items/, (m) => format(fr.errors.field.minItems, { min: m[1] })],
  [/must have less than or equal to (\d+) items/, (m) => format(fr.errors.field.maxItems, { max: m[1] })],
  [/must be less than or equal to (-?[\d.]+)/, (m) => format(fr.errors.field.max, { max: m[1] })],
  [/must be greater than or equal to (-?[\d.]+)/, (m) => format(fr.errors.field.min, { min: m[1] })],
  [/must be less than (-?[\d.]+)/, (m) => format(fr.errors.field.lessThan, { max: m[1] })],
  [/must be greater than (-?[\d.]+)/, (m) => format(fr.errors.field.moreThan, { min: m[1] })],
  [/must be a positive number/, () => fr.errors.field.positive],
  [/must be a negative number/, () => fr.errors.field.negative],
  [/must be later than/, () => fr.errors.field.dateTooEarly],
  [/must be at earlier than|must be earlier than/, () => fr.errors.field.dateTooLate],
  [/relation\(s\) of type .* do not exist|Invalid relations/i, () => fr.errors.field.relationNotFound],
];

/**
 * The French message shown under a field for one of Strapi's validation messages. A message the
 * backend already writes in French is kept, without its "attribute : " prefix (the field it sits
 * under says it already); anything unknown becomes a generic "Valeur invalide".
 */
export function frenchFieldMessage(message: string): string {
  const text = String(message ?? '');
  for (const [pattern, french] of FIELD_MESSAGES) {
    const match = text.match(pattern);
    if (match) return french(match);
  }
  if (looksFrench(text)) {
    const prefixed = text.match(/^[A-Za-z_][\w.[\]-]* : (.+)$/s);
    if (!prefixed) return text;
    return prefixed[1].charAt(0).toUpperCase() + prefixed[1].slice(1);
  }
  return fr.errors.field.invalid;
}

const pathKey = (path: unknown): string | undefined =>
  Array.isArray(path) && path.length > 0 ? path.map(String).join('.') : undefined;

/**
 * The field errors of a Strapi error body, as react-admin's forms read them ({ 'title': '…' }),
 * in French, the first message of each field; undefined when the body names no field. Reads
 * yup's `details.errors[].path` and the `details.path` of errors thrown by our document rules.
 */
export function strapiFieldErrors(body: unknown): Record<string, string> | undefined {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (!error || error.name !== 'ValidationError' || !isObject(error.details)) return undefined;
  const details = error.details;
  const errors: Record<string, string> = {};
  const add = (path: unknown, message: unknown) => {
    const key = pathKey(path);
    if (key && !(key in errors)) errors[key] = frenchFieldMessage(typeof message === 'string' ? message : '');
  };
  if (Array.isArray(details.errors)) {
    for (const item of details.errors) if (isObject(item)) add(item.path, item.message);
  }
  // A query error carries a string path (`fields`, `sort`...): only arrays name a body attribute.
  add(details.path, error.message);
  return Object.keys(errors).length ? errors : undefined;
}

/** The status of an error: its own, else the one written in its message ("Strapi 404: …", "Upload failed: 413 …"). */
export function errorStatus(error: unknown): number | undefined {
  return isObject(error) ? statusOf(error) : undefined;
}

function statusOf(error: Loose): number | undefined {
  if (typeof error.status === 'number' && error.status > 0) return error.status;
  const message = typeof error.message === 'string' ? error.message : '';
  const match = message.match(/^(?:Strapi |[^:]*failed: )(\d{3})\b/i);
  return match ? Number(match[1]) : undefined;
}

/** The message the backend wrote: error.message of the body, else the error's message without "Strapi {status}: ". */
function backendMessage(error: Loose): string {
  const body = error.body;
  if (isObject(body) && isObject(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (isObject(body) && typeof body.message === 'string') return body.message;
  const message = typeof error.message === 'string' ? error.message : '';
  return message.replace(/^Strapi \d{3}: /, '');
}

/** The backend's answer to a write during maintenance (503 with details.maintenance). */
export function isMaintenance(error: unknown): boolean {
  if (!isObject(error) || statusOf(error) !== 503) return false;
  const body = error.body;
  return isObject(body) && isObject(body.error) && isObject(body.error.details) && body.error.details.maintenance === true;
}

const hasFieldErrors = (body: unknown) =>
  (isObject(body) && isObject(body.errors) && Object.keys(body.errors).length > 0) || !!strapiFieldErrors(body);

/**
 * The French sentence a toast shows for a failed call, never the technical "Strapi 500: …".
 * Reads the status (own or in the message), the body's field errors, a French backend message;
 * a bulk failure (BulkMutationError, recognised by its `failed` list) speaks for its first failure.
 */
export function frenchErrorMessage(error: unknown): string {
  if (!isObject(error)) return fr.errors.unknown;
  if (Array.isArray(error.failed) && error.failed.length > 0 && isObject(error.failed[0]) && 'error' in error.failed[0]) {
    return frenchErrorMessage(error.failed[0].error);
  }
  const status = statusOf(error);
  if (status === undefined) {
    // fetch rejects with a TypeError when the server cannot be reached.
    return error instanceof TypeError ? fr.errors.network : fr.errors.unknown;
  }
  const isUpload = typeof error.message === 'string' && /upload failed/i.test(error.message);
  if (status === 400) {
    if (hasFieldErrors(error.body)) return fr.errors.checkFields;
    const message = backendMessage(error);
    if (looksFrench(message)) return message;
    return isUpload ? fr.errors.uploadRejected : fr.errors.rejected;
  }
  if (status === 401) return fr.errors.sessionExpired;
  if (status === 403) return fr.errors.forbidden;
  if (status === 404) return fr.errors.notFound;
  if (status === 409) return fr.errors.conflict;
  if (status === 413) return fr.errors.fileTooLarge;
  if (status === 429) {
    const message = backendMessage(error);
    return looksFrench(message) ? message : fr.errors.tooManyRequests;
  }
  // The maintenance message is the administrators' own text.
  if (status === 503 && isMaintenance(error)) return backendMessage(error) || fr.maintenance.writeRefused;
  if (status >= 500) return fr.errors.server;
  return isUpload ? fr.errors.uploadRejected : fr.errors.unknown;
}
