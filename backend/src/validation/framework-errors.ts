import type { FieldErrorCode, FrameworkErrorCode } from '@mamoudzou/domain/errors';

/**
 * The refusals Strapi and users-permissions write in English, as this backend recognises them: a code
 * (domain/errors.ts) for each, so that the SPA says it in French by its code, never by its wording. Their
 * words are known here, beside the frameworks that write them, and nowhere in the SPA.
 */

/** A whole refusal of users-permissions, by its message. */
const REFUSALS: [RegExp, FrameworkErrorCode][] = [
  [/^Invalid identifier or password$/, 'invalid_credentials'],
  [/^Register action is currently disabled$/, 'registration_closed'],
  [/^The provided current password is invalid$/, 'wrong_current_password'],
  [/^(Your account has been blocked by an administrator|User blocked)$/, 'account_blocked'],
  [/^Missing "data" payload in the request body$/, 'missing_data'],
];

/** The code of a framework's refusal: by its message, a 429 of the plugin's rate limiter, a body validation. */
export function frameworkCode(error: { status?: number; name?: string; message?: string; details?: { errors?: unknown } }): FrameworkErrorCode | undefined {
  const message = String(error.message ?? '');
  const known = REFUSALS.find(([pattern]) => pattern.test(message));
  if (known) return known[1];
  if (error.status === 429) return 'rate_limited';
  if (error.name === 'ValidationError' && Array.isArray(error.details?.errors)) return 'invalid_fields';
  return undefined;
}

/** Strapi's (yup's) messages about one field, and the bound they name; first match wins. */
const FIELD_MESSAGES: [RegExp, FieldErrorCode, string?][] = [
  [/must be at most (\d+) characters/, 'too_long', 'max'],
  [/must be at least (\d+) characters/, 'too_short', 'min'],
  [/must be exactly (\d+) characters/, 'exact_length', 'length'],
  [/must (not )?be one of the following values/, 'not_allowed'],
  [/must be unique/i, 'unique'],
  [/is a required field|must be defined|cannot be empty|must not be null/, 'required'],
  [/must be a `number` type|must be a finite number/, 'number'],
  [/must be a valid integer|must be an integer/, 'integer'],
  [/must be a `string` type/, 'text'],
  [/must be a `date` type/, 'date'],
  [/must be a `boolean` type/, 'boolean'],
  [/must be a valid email/, 'email'],
  [/must be a valid URL/, 'url'],
  [/must match the following/, 'format'],
  // Item counts before the numeric bounds: "must have less than or equal to 3 items" contains both.
  [/must have at least (\d+) items/, 'min_items', 'min'],
  [/must have less than or equal to (\d+) items/, 'max_items', 'max'],
  [/must be less than or equal to (-?[\d.]+)/, 'max', 'max'],
  [/must be greater than or equal to (-?[\d.]+)/, 'min', 'min'],
  [/must be less than (-?[\d.]+)/, 'less_than', 'max'],
  [/must be greater than (-?[\d.]+)/, 'more_than', 'min'],
  [/must be a positive number/, 'positive'],
  [/must be a negative number/, 'negative'],
  [/must be later than/, 'date_too_early'],
  [/must be at earlier than|must be earlier than/, 'date_too_late'],
  [/relation\(s\) of type .* do not exist|Invalid relations/i, 'relation_not_found'],
];

/** One field's refusal in Strapi's words, as a code and the bound it names ('invalid' when unknown). */
export function fieldCode(message: string): { code: FieldErrorCode; params?: Record<string, string> } {
  for (const [pattern, code, param] of FIELD_MESSAGES) {
    const match = message.match(pattern);
    if (match) return param && match[1] !== undefined ? { code, params: { [param]: match[1] } } : { code };
  }
  return { code: 'invalid' };
}
