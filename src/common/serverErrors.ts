import { isFieldErrorCode, isFrameworkErrorCode, isOwnErrorCode, type FieldErrorCode, type FrameworkErrorCode } from '@mamoudzou/domain/errors';
import { frShell as fr, format } from '../i18n/fr-shell';

/**
 * The backend's refusals in the words a user reads: the French message under a form field, and the French
 * sentence of a toast for a failed call. Chosen by the refusal's code (`error.details.code`, domain/errors.ts)
 * and its status, never by its wording: a code of the backend's own carries a French sentence to show as it is;
 * a framework's (Strapi, users-permissions) is said here. Pure functions; the provider keeps the technical
 * "Strapi {status}: {message}" in the error itself.
 */

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** The SPA's own code of a failed upload (the provider's uploadFiles sets it): « Le fichier a été refusé ». */
export const UPLOAD_FAILED = 'upload_failed';

/** What each of Strapi's field refusals says under its field, with the bound it names. */
const FIELD_SENTENCES: Record<FieldErrorCode, string> = {
  too_long: fr.validation.tooLong,
  too_short: fr.errors.field.tooShort,
  exact_length: fr.errors.field.exactLength,
  not_allowed: fr.errors.field.notAllowed,
  unique: fr.errors.field.unique,
  required: fr.validation.required,
  number: fr.validation.number,
  integer: fr.errors.field.integer,
  text: fr.errors.field.text,
  date: fr.errors.field.date,
  boolean: fr.errors.field.boolean,
  email: fr.validation.email,
  url: fr.errors.field.url,
  format: fr.errors.field.format,
  min_items: fr.errors.field.minItems,
  max_items: fr.errors.field.maxItems,
  max: fr.errors.field.max,
  min: fr.errors.field.min,
  less_than: fr.errors.field.lessThan,
  more_than: fr.errors.field.moreThan,
  positive: fr.errors.field.positive,
  negative: fr.errors.field.negative,
  date_too_early: fr.errors.field.dateTooEarly,
  date_too_late: fr.errors.field.dateTooLate,
  relation_not_found: fr.errors.field.relationNotFound,
  invalid: fr.errors.field.invalid,
};

/** What each framework refusal says, in a toast. */
const FRAMEWORK_SENTENCES: Record<FrameworkErrorCode, string> = {
  invalid_fields: fr.errors.checkFields,
  invalid_credentials: fr.auth.invalidCredentials,
  registration_closed: fr.auth.registerClosed,
  wrong_current_password: fr.errors.wrongCurrentPassword,
  account_blocked: fr.auth.accountBlocked,
  rate_limited: fr.errors.tooManyRequests,
  missing_data: fr.errors.missingData,
};

/** The backend's refusal in a body: `error`, its details and code. */
function refusalOf(body: unknown): { message?: string; details: Loose; code?: string } | undefined {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (!error) return undefined;
  const details = isObject(error.details) ? error.details : {};
  return { message: typeof error.message === 'string' ? error.message : undefined, details, code: typeof details.code === 'string' ? details.code : undefined };
}

/** The code of a failed call: the backend's refusal's, else the SPA's own (a failed upload). */
export function errorCodeOf(error: unknown): string | undefined {
  if (!isObject(error)) return undefined;
  return refusalOf(error.body)?.code ?? (typeof error.code === 'string' ? error.code : undefined);
}

/** The French message under a field for one item of a refusal's `details.errors`. */
export function fieldMessage(item: { code?: unknown; message?: unknown; params?: unknown }): string {
  if (isFieldErrorCode(item.code)) return format(FIELD_SENTENCES[item.code], isObject(item.params) ? (item.params as Record<string, string>) : {});
  // The backend's own words for this field.
  if (item.code === 'invalid_value' && typeof item.message === 'string' && item.message) return item.message;
  return fr.errors.field.invalid;
}

const pathKey = (path: unknown): string | undefined => (Array.isArray(path) && path.length > 0 ? path.map(String).join('.') : undefined);

/**
 * The field errors of a refused body, as react-admin's forms read them ({ 'title': '…' }), in French, the first
 * of each field; undefined when the refusal names no field.
 */
export function strapiFieldErrors(body: unknown): Record<string, string> | undefined {
  const refusal = refusalOf(body);
  if (!refusal || !Array.isArray(refusal.details.errors)) return undefined;
  const errors: Record<string, string> = {};
  for (const item of refusal.details.errors) {
    const key = isObject(item) ? pathKey(item.path) : undefined;
    if (key && !(key in errors)) errors[key] = fieldMessage(item as Loose);
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** The status of an error: its own, else the one the HTTP client wrote in its message ("Strapi 404: …"). */
export function errorStatus(error: unknown): number | undefined {
  return isObject(error) ? statusOf(error) : undefined;
}

function statusOf(error: Loose): number | undefined {
  if (typeof error.status === 'number' && error.status > 0) return error.status;
  const message = typeof error.message === 'string' ? error.message : '';
  const match = message.match(/^Strapi (\d{3})\b/);
  return match ? Number(match[1]) : undefined;
}

/** The sentence the backend wrote for the person, when its code says it did (its own refusals). */
function ownMessage(error: Loose): string | undefined {
  const refusal = refusalOf(error.body);
  return refusal && isOwnErrorCode(refusal.code) && refusal.message ? refusal.message : undefined;
}

/** The backend's answer to a write during maintenance (503, code `maintenance`). */
export function isMaintenance(error: unknown): boolean {
  return isObject(error) && statusOf(error) === 503 && refusalOf(error.body)?.code === 'maintenance';
}

const hasFieldErrors = (body: unknown) => (isObject(body) && isObject(body.errors) && Object.keys(body.errors).length > 0) || !!strapiFieldErrors(body);

/**
 * The French sentence a toast shows for a failed call, never the technical "Strapi 500: …": by the status, the
 * body's field errors and the refusal's code; a bulk failure (BulkMutationError, recognised by its `failed` list)
 * speaks for its first failure.
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
  const code = errorCodeOf(error);
  const isUpload = code === UPLOAD_FAILED;
  if (status === 400) {
    if (hasFieldErrors(error.body)) return fr.errors.checkFields;
    const own = ownMessage(error);
    if (own) return own;
    if (isFrameworkErrorCode(code)) return FRAMEWORK_SENTENCES[code];
    return isUpload ? fr.errors.uploadRejected : fr.errors.rejected;
  }
  if (status === 401) return fr.errors.sessionExpired;
  if (status === 403) return fr.errors.forbidden;
  if (status === 404) return fr.errors.notFound;
  if (status === 409) return fr.errors.conflict;
  if (status === 413) return fr.errors.fileTooLarge;
  if (status === 429) return ownMessage(error) ?? fr.errors.tooManyRequests;
  // The maintenance message is the administrators' own text.
  if (status === 503 && isMaintenance(error)) return refusalOf(error.body)?.message || fr.maintenance.writeRefused;
  if (status >= 500) return fr.errors.server;
  return isUpload ? fr.errors.uploadRejected : fr.errors.unknown;
}

/** The sentence a refusal of the backend's own carries (a login refused, a code refused), else undefined. */
export function ownErrorMessage(error: unknown): string | undefined {
  return isObject(error) ? ownMessage(error) : undefined;
}
