/**
 * The codes of the backend's refusals, in `error.details.code` of its answers (and of each field's item in
 * `error.details.errors`): what the SPA chooses its French sentence by, with the status, never by an error's
 * wording. Plain data, read by both programs.
 */

/**
 * Refusals the backend writes itself: their `message` is a French sentence for the person who acted (the SPA
 * may show it as it is).
 */
export const OWN_ERROR_CODES = [
  /** A value the backend's rules refuse (its field named in `details.errors`). */
  'invalid_value',
  /** A request that is not what the route reads (its body, its parameters, its pagination). */
  'invalid_request',
  /** Fields the caller's role may not set (settings of another tab, a report's status). */
  'forbidden_field',
  /** What the rules of accounts, roles and publication do not allow (one's own account, a system role...). */
  'not_allowed',
  'not_found',
  /** The record changed meanwhile, or is no longer in the state the action needs. */
  'conflict',
  /** A password the settings' policy refuses. */
  'password_policy',
  /** A mailed link (password, invitation, unsubscribing) that is unknown or expired. */
  'invalid_link',
  /** Too many tries: the backend says for how long. */
  'too_many_requests',
  /** A login refused for the account's state (suspended, blocked, locked). */
  'account_refused',
  /** The second step of a login, or its setup, refused. */
  'two_factor',
  /** The monthly number of reports a person may file is reached. */
  'monthly_limit',
  /** A file the upload rules refuse (its type, its size). */
  'file_refused',
  /** The hourly or daily upload limits of a person. */
  'upload_limit',
  /** A batch of an import refused, each refused row named. */
  'import_refused',
  /** Writes are closed: the administrators' message says why. */
  'maintenance',
  /** The database cannot serve. */
  'database_unavailable',
  'backup_failed',
  /** The session is over (expired, ended elsewhere). */
  'session_ended',
  /** The session ended because the account was suspended, or deactivated, meanwhile: the message says to whom to turn. */
  'account_suspended',
  'account_deactivated',
  /** The citizens' page: a form too old, or never given by the backend (a new one is to be asked, then sent again). */
  'form_expired',
] as const;
export type OwnErrorCode = (typeof OWN_ERROR_CODES)[number];

/**
 * Refusals of the backend's frameworks (Strapi, users-permissions), written in English: the backend gives
 * them a code (backend/src/middlewares/error-codes.ts), the SPA says each in its own words.
 */
export const FRAMEWORK_ERROR_CODES = [
  /** Strapi's validation of a body: each field's item carries a FIELD_ERROR_CODES code. */
  'invalid_fields',
  'invalid_credentials',
  'registration_closed',
  'wrong_current_password',
  'account_blocked',
  'rate_limited',
  /** A write whose body has no `data` object (Strapi's wording, which the backend's own controllers keep). */
  'missing_data',
] as const;
export type FrameworkErrorCode = (typeof FRAMEWORK_ERROR_CODES)[number];

export type ErrorCode = OwnErrorCode | FrameworkErrorCode;

/** What a field's value broke, in Strapi's validation (with its bound in the item's `params`). */
export const FIELD_ERROR_CODES = [
  'too_long',
  'too_short',
  'exact_length',
  'not_allowed',
  'unique',
  'required',
  'number',
  'integer',
  'text',
  'date',
  'boolean',
  'email',
  'url',
  'format',
  'min_items',
  'max_items',
  'max',
  'min',
  'less_than',
  'more_than',
  'positive',
  'negative',
  'date_too_early',
  'date_too_late',
  'relation_not_found',
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** One field's refusal in `details.errors`: its path, the backend's message, and a code of either list above. */
export interface FieldErrorItem {
  path: (string | number)[];
  message: string;
  /** FIELD_ERROR_CODES for Strapi's validation, 'invalid_value' for the backend's own French message. */
  code?: FieldErrorCode | 'invalid_value';
  /** The bound a FIELD_ERROR_CODES code names (`max` of too_long, `min` of min...). */
  params?: Record<string, string | number>;
}

const OWN = new Set<string>(OWN_ERROR_CODES);
const FRAMEWORK = new Set<string>(FRAMEWORK_ERROR_CODES);

export const isOwnErrorCode = (code: unknown): code is OwnErrorCode => typeof code === 'string' && OWN.has(code);
export const isFrameworkErrorCode = (code: unknown): code is FrameworkErrorCode => typeof code === 'string' && FRAMEWORK.has(code);
export const isFieldErrorCode = (code: unknown): code is FieldErrorCode => typeof code === 'string' && (FIELD_ERROR_CODES as readonly string[]).includes(code);

/** `details` with the refusal's code (a backend throw: `new errors.ValidationError(message, coded('invalid_value', { path }))`). */
export const coded = <D extends object>(code: ErrorCode, details?: D) => ({ ...(details ?? ({} as D)), code });
