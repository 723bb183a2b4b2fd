import { describe, expect, it } from 'vitest';
import { passwordPolicyOf, passwordSchema } from '../../../src/generic/schema';
import * as z from 'zod/mini';
import { zodOf } from '../../../src/generic/validation';
import { townDayBound, townDayOf } from '../../../src/i18n/dates';

/** The password policy of the settings as the forms apply it: one French message per broken rule. */
const messages = (password: unknown, minLength = 8, requireComplexity = true) => {
  const result = z.safeParse(zodOf(passwordSchema(passwordPolicyOf({ passwordMinLength: minLength, requirePasswordComplexity: requireComplexity }))), password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('password policy messages', () => {
  it('says every rule a password breaks, in French', () => {
    expect(messages('a')).toEqual([
      'Le mot de passe doit contenir au moins 8 caractères',
      'Le mot de passe doit contenir une lettre majuscule',
      'Le mot de passe doit contenir un chiffre',
      'Le mot de passe doit contenir un caractère spécial',
    ]);
    expect(messages('ABCDEFG1!')).toEqual(['Le mot de passe doit contenir une lettre minuscule']);
    expect(messages('Abcdefg1!')).toEqual([]);
    expect(messages('Émile-2026')).toEqual([]);
  });

  it('follows the settings: the minimum length, with or without complexity', () => {
    expect(messages('abcdefghijk', 12, false)).toEqual(['Le mot de passe doit contenir au moins 12 caractères']);
    expect(messages('abcdefghijkl', 12, false)).toEqual([]);
    expect(messages('Abc1!x', 6)).toEqual([]);
    expect(messages('Abc1!', 6)).toEqual(['Le mot de passe doit contenir au moins 6 caractères']);
  });

  it('refuses what bcrypt would cut (over 72 bytes) and a missing password', () => {
    expect(messages(`Aa1!${'é'.repeat(40)}`)).toEqual(['Le mot de passe ne peut pas dépasser 72 caractères (un caractère accentué compte pour deux)']);
    expect(messages(undefined)).toEqual(['Le mot de passe est requis']);
  });
});

describe('date-range filter bounds, in the town time (UTC+3)', () => {
  it('a day starts at 21:00 UTC the day before and ends at 20:59:59.999 UTC', () => {
    expect(townDayBound('2026-11-20')).toBe('2026-11-19T21:00:00.000Z');
    expect(townDayBound('2026-11-20', true)).toBe('2026-11-20T20:59:59.999Z');
    expect(townDayBound('2026-12-31', true)).toBe('2026-12-31T20:59:59.999Z');
    expect(townDayBound('')).toBeUndefined();
    expect(townDayOf('2026-11-19T21:00:00.000Z')).toBe('2026-11-20');
    expect(townDayOf('2026-11-20T20:59:59.999Z')).toBe('2026-11-20');
    expect(townDayOf(undefined)).toBe('');
  });
});
