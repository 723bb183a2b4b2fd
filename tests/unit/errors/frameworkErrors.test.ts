import { describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES, FRAMEWORK_ERROR_CODES, OWN_ERROR_CODES } from '../../../domain/errors';
import { fieldCode, frameworkCode } from '../../../backend/src/validation/framework-errors';

/** The backend gives a code to what its frameworks say in English, so that the SPA never reads their words. */
describe('the codes of the frameworks’ refusals (backend/src/validation/framework-errors.ts)', () => {
  it.each<[string, string, Record<string, string> | undefined]>([
    ['title must be at most 200 characters', 'too_long', { max: '200' }],
    ['password must be at least 8 characters', 'too_short', { min: '8' }],
    ['code must be exactly 5 characters', 'exact_length', { length: '5' }],
    ['priority must be one of the following values: basse, normale, haute, critique, ', 'not_allowed', undefined],
    ['zone must be one of the following values: Kawéni, Cavani, Mamoudzou centre', 'not_allowed', undefined],
    ['This attribute must be unique', 'unique', undefined],
    ['latitude must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).', 'number', undefined],
    ['latitude must be a finite number', 'number', undefined],
    ['capacity must be an integer', 'integer', undefined],
    ['citizenEmail must be a valid email', 'email', undefined],
    ['website must be a valid URL', 'url', undefined],
    ['title is a required field', 'required', undefined],
    ['address must be defined.', 'required', undefined],
    ['email cannot be empty', 'required', undefined],
    ['slug must match the following: "/^[a-z0-9]+(?:-[a-z0-9]+)*$/"', 'format', undefined],
    ['sessionTimeout must be less than or equal to 480', 'max', { max: '480' }],
    ['capacity must be greater than or equal to 1', 'min', { min: '1' }],
    ['latitude must be greater than or equal to -90', 'min', { min: '-90' }],
    ['count must be greater than 0', 'more_than', { min: '0' }],
    ['tags field must have less than or equal to 3 items', 'max_items', { max: '3' }],
    ['1 relation(s) of type api::report.report associated with this entity do not exist', 'relation_not_found', undefined],
    ['title must be a trimmed string', 'invalid', undefined],
    ['', 'invalid', undefined],
  ])('a field: %s → %s', (message, code, params) => {
    expect(fieldCode(message)).toEqual(params ? { code, params } : { code });
  });

  it.each<[object, string | undefined]>([
    [{ status: 400, name: 'ValidationError', message: 'Invalid identifier or password' }, 'invalid_credentials'],
    [{ status: 400, name: 'ApplicationError', message: 'Register action is currently disabled' }, 'registration_closed'],
    [{ status: 400, name: 'ValidationError', message: 'The provided current password is invalid' }, 'wrong_current_password'],
    [{ status: 400, name: 'ApplicationError', message: 'Your account has been blocked by an administrator' }, 'account_blocked'],
    [{ status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.' }, 'rate_limited'],
    [{ status: 400, name: 'ValidationError', message: '2 errors occurred', details: { errors: [] } }, 'invalid_fields'],
    [{ status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body' }, undefined],
    [{ status: 403, name: 'ForbiddenError', message: 'Forbidden' }, undefined],
  ])('a whole refusal: %o → %s', (error, code) => {
    expect(frameworkCode(error)).toBe(code);
  });

  it('keeps the three lists of codes apart', () => {
    const own = new Set<string>(OWN_ERROR_CODES);
    expect(FRAMEWORK_ERROR_CODES.filter((code) => own.has(code))).toEqual([]);
    expect(new Set([...OWN_ERROR_CODES, ...FRAMEWORK_ERROR_CODES, ...FIELD_ERROR_CODES]).size).toBe(OWN_ERROR_CODES.length + FRAMEWORK_ERROR_CODES.length + FIELD_ERROR_CODES.length - FIELD_ERROR_CODES.filter((c) => own.has(c)).length);
  });
});
