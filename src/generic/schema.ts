import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { fr, format } from '../i18n/fr';
import { passwordProblems, type PasswordPolicy, type PasswordRule } from '@mamoudzou/domain/password';
import type { Settings } from '@mamoudzou/domain/settings';
import type { ResourceConfig } from './types';

/**
 * Zod building blocks for resource configs, with the French messages, and the bridge from a
 * config's zod schema to a react-admin form `validate` function.
 *
 * Zod Mini (`zod/mini`, the same engine as `zod` with functions instead of methods): the registry's
 * configs are part of every logged-in screen's first load, and zod's classic API costs 26 KB
 * gzipped there against 8 (issue 13). Any zod schema (a classic one from domain/) still fits a
 * field's `schema` and the bridges below.
 */

const t = fr.validation;

export const requiredText = (max?: number, messages: { required?: string; tooLong?: string } = {}) => {
  const required = messages.required ?? t.required;
  return z.string({ error: required }).check(z.trim(), z.minLength(1, required), ...(max ? [z.maxLength(max, messages.tooLong ?? format(t.tooLong, { max }))] : []));
};

export const optionalText = (max?: number, tooLong?: string) => z.optional(max ? z.string().check(z.maxLength(max, tooLong ?? format(t.tooLong, { max }))) : z.string());

export const optionalEmail = (message: string = t.email) => z.optional(z.email({ error: message }));
export const requiredEmail = () => z.email({ error: t.email });

export const oneOf = <T extends string>(values: readonly T[], required = true, message: string = t.required) => {
  const schema = z.enum(values as unknown as [T, ...T[]], { error: message });
  return required ? schema : z.optional(schema);
};

/** An optional list of short texts (tags, services). */
export const optionalList = (maxItems = 50, maxLength = 120) =>
  z.optional(z.array(z.string().check(z.maxLength(maxLength, format(t.tooLong, { max: maxLength })))).check(z.maxLength(maxItems)));

export const optionalNumber = () => z.optional(z.coerce.number({ error: t.number }));
/** An optional coordinate in degrees: latitude within ±90, longitude within ±180. */
export const optionalCoordinate = (axis: 'latitude' | 'longitude', message?: string) => {
  const bound = axis === 'latitude' ? 90 : 180;
  return z.pipe(z.optional(z.coerce.number({ error: message ?? t.number })), z.optional(z.number().check(z.minimum(-bound, message), z.maximum(bound, message))));
};
export const requiredDate = (message?: string) => z.union([z.string().check(z.minLength(1, message ?? t.required)), z.date()], { error: message ?? t.required });

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
  z.optional(
    z.custom<unknown>((value) => {
      if (value === null || value === undefined) return true;
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      return Object.values(value as Record<string, { isOpen?: unknown; periods?: { open?: unknown; close?: unknown }[] }>).every(
        (day) => !day?.isOpen || (Array.isArray(day.periods) && day.periods.length > 0 && day.periods.every((p) => HH_MM.test(String(p?.open)) && HH_MM.test(String(p?.close)))),
      );
    }, { error: message }),
  );

/** The config's form schema: every editable field that has one (under the settings' rules when they are given). */
export function schemaOf(config: ResourceConfig, mode: 'create' | 'edit' = 'create', settings?: Settings): $ZodType {
  const shape: Record<string, $ZodType> = {};
  for (const field of config.fields) {
    const schema = settings && field.schemaWith ? field.schemaWith(settings, mode) : field.schema;
    if (field.readOnly || !schema) continue;
    if (field.createOnly && mode === 'edit') continue;
    shape[field.source] = schema;
  }
  return z.looseObject(shape);
}

const isBlank = (v: unknown) => v === '' || v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A react-admin `validate` for a form: zod issues become {field: message}; empty inputs count as missing. */
export function zodValidate(schema: $ZodType) {
  return (values: Record<string, unknown>) => {
    const cleaned = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isBlank(v) ? undefined : v]));
    const result = z.safeParse(schema, cleaned);
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
export function zodResolver<T extends FieldValues>(schema: $ZodType, prepare: (values: T) => unknown = (values) => values): Resolver<T> {
  return async (values: T) => {
    const result = z.safeParse(schema, prepare(values));
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
  z.string({ error: fr.profile.passwordRules.messages.required }).check(
    z.superRefine((value: string, ctx) => {
      for (const rule of passwordProblems(value, policy)) ctx.addIssue({ code: 'custom', message: passwordRuleMessage(rule, policy) });
    }),
  );
