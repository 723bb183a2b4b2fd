import type * as ZodMini from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { fr, format } from '../i18n/fr';
import { passwordProblems, type PasswordPolicy, type PasswordRule } from '@mamoudzou/domain/password';
import type { Settings } from '@mamoudzou/domain/settings';

/**
 * Zod building blocks for resource configs, with the French messages. The bridges from a config's
 * schemas to a form's validation are in validation.ts.
 *
 * The registry's configs are part of every logged-in screen's first load, zod is not (17.5 KB
 * gzipped on the dashboard): a field's `schema` is a FieldSchema, a function that builds
 * its zod schema with the zod it is handed (Zod Mini, `zod/mini`: the same engine as `zod` with
 * functions instead of methods), called by the forms and the import, which load zod with them.
 * A function returning any zod schema (a classic one from domain/) fits too.
 */

/** zod/mini's functions, handed to a FieldSchema by validation.ts. */
export type Zod = typeof ZodMini;
/** A field's validation: its zod schema, built when a form or an import needs it. */
export type FieldSchema = (z: Zod) => $ZodType;

const t = fr.validation;

/** A FieldSchema that also accepts no value. */
export const optional =
  (schema: FieldSchema): FieldSchema =>
  (z) =>
    z.optional(schema(z));

export const requiredText =
  (max?: number, messages: { required?: string; tooLong?: string } = {}): FieldSchema =>
  (z) => {
    const required = messages.required ?? t.required;
    return z.string({ error: required }).check(z.trim(), z.minLength(1, required), ...(max ? [z.maxLength(max, messages.tooLong ?? format(t.tooLong, { max }))] : []));
  };

export const optionalText =
  (max?: number, tooLong?: string): FieldSchema =>
  (z) =>
    z.optional(max ? z.string().check(z.maxLength(max, tooLong ?? format(t.tooLong, { max }))) : z.string());

export const optionalEmail =
  (message: string = t.email): FieldSchema =>
  (z) =>
    z.optional(z.email({ error: message }));
export const requiredEmail =
  (message: string = t.email): FieldSchema =>
  (z) =>
    z.email({ error: message });

export const oneOf =
  <T extends string>(values: readonly T[], required = true, message: string = t.required): FieldSchema =>
  (z) => {
    const schema = z.enum(values as unknown as [T, ...T[]], { error: message });
    return required ? schema : z.optional(schema);
  };

/** An optional list of short texts (tags, services). */
export const optionalList =
  (maxItems = 50, maxLength = 120): FieldSchema =>
  (z) =>
    z.optional(
      z.array(z.string().check(z.maxLength(maxLength, format(t.tooLong, { max: maxLength })))).check(z.maxLength(maxItems, format(fr.errors.field.maxItems, { max: maxItems }))),
    );

export const optionalNumber = (): FieldSchema => (z) => z.optional(z.coerce.number({ error: t.number }));

/** A number within its attribute's bounds (an integer when it is one); `message` says every broken rule when given. */
export const boundedNumber =
  ({ min, max, integer, required }: { min?: number; max?: number; integer?: boolean; required?: boolean }, message?: string): FieldSchema =>
  (z) => {
    const number = z.pipe(
      z.coerce.number({ error: message ?? t.number }),
      z.number().check(
        ...(integer ? [z.refine((value) => Number.isInteger(value), { error: message ?? fr.errors.field.integer })] : []),
        ...(min !== undefined ? [z.minimum(min, message ?? format(fr.errors.field.min, { min }))] : []),
        ...(max !== undefined ? [z.maximum(max, message ?? format(fr.errors.field.max, { max }))] : []),
      ),
    );
    if (!required) return z.optional(number);
    const present = z.unknown().check(z.refine((value) => value !== undefined && value !== null && value !== '', { error: message ?? t.required }));
    return z.pipe(present, number);
  };
/** An optional coordinate in degrees: latitude within ±90, longitude within ±180. */
export const optionalCoordinate =
  (axis: 'latitude' | 'longitude', message?: string): FieldSchema =>
  (z) => {
    const bound = axis === 'latitude' ? 90 : 180;
    return z.pipe(z.optional(z.coerce.number({ error: message ?? t.number })), z.optional(z.number().check(z.minimum(-bound, message), z.maximum(bound, message))));
  };
export const requiredDate =
  (message?: string): FieldSchema =>
  (z) =>
    z.union([z.string().check(z.minLength(1, message ?? t.required)), z.date()], { error: message ?? t.required });

/** Rich text (Strapi blocks, or text typed in a form) that must hold some text. */
export const requiredBlocks =
  (message: string = t.required): FieldSchema =>
  (z) =>
    z.custom<unknown>((value) => {
      if (typeof value === 'string') return value.trim().length > 0;
      if (!Array.isArray(value)) return false;
      return JSON.stringify(value).match(/"text":"[^"]*\S/) !== null;
    }, { error: message });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Optional opening hours (type 'openingHours'): every open day has periods, each HH:mm to HH:mm. */
export const optionalOpeningHours =
  (message: string = fr.openingHours.invalid): FieldSchema =>
  (z) =>
    z.optional(
      z.custom<unknown>((value) => {
        if (value === null || value === undefined) return true;
        if (typeof value !== 'object' || Array.isArray(value)) return false;
        return Object.values(value as Record<string, { isOpen?: unknown; periods?: { open?: unknown; close?: unknown }[] }>).every(
          (day) => !day?.isOpen || (Array.isArray(day.periods) && day.periods.length > 0 && day.periods.every((p) => HH_MM.test(String(p?.open)) && HH_MM.test(String(p?.close)))),
        );
      }, { error: message }),
    );

/** The password policy of the settings (passwordMinLength, requirePasswordComplexity), as domain/password.ts reads it. */
export const passwordPolicyOf = (settings: Pick<Settings, 'passwordMinLength' | 'requirePasswordComplexity'>): PasswordPolicy => ({
  minLength: settings.passwordMinLength,
  requireComplexity: settings.requirePasswordComplexity,
});

/** A French message for each rule of the policy a password breaks (the backend applies the same policy). */
export function passwordRuleMessage(rule: PasswordRule, policy: PasswordPolicy): string {
  return format(fr.profile.passwordRules.messages[rule], { n: policy.minLength });
}

/** A password under the policy: one issue per broken rule, each with its French message. */
export const passwordSchema =
  (policy: PasswordPolicy): FieldSchema =>
  (z) =>
    z.string({ error: fr.profile.passwordRules.messages.required }).check(
      z.superRefine((value: string, ctx) => {
        for (const rule of passwordProblems(value, policy)) ctx.addIssue({ code: 'custom', message: passwordRuleMessage(rule, policy) });
      }),
    );
