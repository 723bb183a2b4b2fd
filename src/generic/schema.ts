import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { fr, format } from '../i18n/fr';
import { passwordProblems, type PasswordPolicy, type PasswordRule } from '@mamoudzou/domain/password';
import type { Settings } from '@mamoudzou/domain/settings';
import type { ResourceConfig } from './types';

/**
 * Zod building blocks for resource configs, with the French messages, and the bridge from a
 * config's zod schema to a react-admin form `validate` function.
 */

const t = fr.validation;

export const requiredText = (max?: number, messages: { required?: string; tooLong?: string } = {}) => {
  let schema = z.string({ error: messages.required ?? t.required }).trim().min(1, messages.required ?? t.required);
  if (max) schema = schema.max(max, messages.tooLong ?? format(t.tooLong, { max }));
  return schema;
};

export const optionalText = (max?: number, tooLong?: string) =>
  (max ? z.string().max(max, tooLong ?? format(t.tooLong, { max })) : z.string()).optional();

export const optionalEmail = (message: string = t.email) => z.email({ error: message }).optional();
export const requiredEmail = () => z.email({ error: t.email });

export const oneOf = <T extends string>(values: readonly T[], required = true, message: string = t.required) => {
  const schema = z.enum(values as unknown as [T, ...T[]], { error: message });
  return required ? schema : schema.optional();
};

/** An optional list of short texts (tags, services). */
export const optionalList = (maxItems = 50, maxLength = 120) => z.array(z.string().max(maxLength, format(t.tooLong, { max: maxLength }))).max(maxItems).optional();

export const optionalNumber = () => z.coerce.number({ error: t.number }).optional();
/** An optional coordinate in degrees: latitude within ±90, longitude within ±180. */
export const optionalCoordinate = (axis: 'latitude' | 'longitude', message?: string) => {
  const bound = axis === 'latitude' ? 90 : 180;
  return z.coerce
    .number({ error: message ?? t.number })
    .optional()
    .pipe(z.number().min(-bound, message).max(bound, message).optional());
};
export const requiredDate = (message?: string) => z.union([z.string().min(1, message ?? t.required), z.date()], { error: message ?? t.required });

/** Rich text (Strapi blocks, or text typed in a form) that must hold some text. */
export const requiredBlocks = (message: string = t.required) =>
  z.custom<unknown>((value) => {
    if (typeof value === 'string') return value.trim().length > 0;
    if (!Array.isArray(value)) return false;
    return JSON.stringify(value).match(/"text":"[^"]*\S/) !== null;
  }, { error: message });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Optional opening hours (type 'openingHours'): every open day has periods, each HH:mm to HH:mm. */
export const optionalOpeningHours = (message: string = fr.openingHours.invalid) =>
  z
    .custom<unknown>((value) => {
      if (value === null || value === undefined) return true;
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      return Object.values(value as Record<string, { isOpen?: unknown; periods?: { open?: unknown; close?: unknown }[] }>).every(
        (day) => !day?.isOpen || (Array.isArray(day.periods) && day.periods.length > 0 && day.periods.every((p) => HH_MM.test(String(p?.open)) && HH_MM.test(String(p?.close)))),
      );
    }, { error: message })
    .optional();

/** The config's form schema: every editable field that has one (under the settings' rules when they are given). */
export function schemaOf(config: ResourceConfig, mode: 'create' | 'edit' = 'create', settings?: Settings): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of config.fields) {
    const schema = settings && field.schemaWith ? field.schemaWith(settings, mode) : field.schema;
    if (field.readOnly || !schema) continue;
    if (field.createOnly && mode === 'edit') continue;
    shape[field.source] = schema;
  }
  return z.object(shape).loose();
}

const isBlank = (v: unknown) => v === '' || v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A react-admin `validate` for a form: zod issues become {field: message}; empty inputs count as missing. */
export function zodValidate(schema: z.ZodObject) {
  return (values: Record<string, unknown>) => {
    const cleaned = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isBlank(v) ? undefined : v]));
    const result = schema.safeParse(cleaned);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}

/**
 * A react-hook-form resolver from a zod schema: each issue under its field's path, list items
 * included (react-admin's `validate` cannot place a message on an item of a list of texts).
 * `prepare` turns the form's values into what the schema reads (empty inputs, derived fields).
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodType, prepare: (values: T) => unknown = (values) => values): Resolver<T> {
  return async (values: T) => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      let node: Record<string, unknown> = errors;
      const path = issue.path.map(String);
      if (path.length === 0) continue;
      path.forEach((key, i) => {
        if (i === path.length - 1) {
          node[key] ??= { type: issue.code, message: issue.message };
        } else {
          node[key] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
          node = node[key] as Record<string, unknown>;
        }
      });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

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
export const passwordSchema = (policy: PasswordPolicy) =>
  z.string({ error: fr.profile.passwordRules.messages.required }).superRefine((value, ctx) => {
    for (const rule of passwordProblems(value, policy)) ctx.addIssue({ code: 'custom', message: passwordRuleMessage(rule, policy) });
  });
