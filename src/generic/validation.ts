import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { Settings } from '@mamoudzou/domain/settings';
import { frShell } from '../i18n/fr-shell';
import type { FieldSchema } from './schema';
import type { ResourceConfig } from './types';

/**
 * From the configs' FieldSchemas (schema.ts) to zod schemas and to a form's validation: zod loads
 * with the forms and the import that import this module, not with the registry (which every
 * logged-in screen loads first).
 */

const built = new WeakMap<FieldSchema, $ZodType>();

/** The zod schema of a FieldSchema (built once). */
export function zodOf(schema: FieldSchema): $ZodType {
  let zod = built.get(schema);
  if (!zod) {
    zod = schema(z);
    built.set(schema, zod);
  }
  return zod;
}

/** Whether a FieldSchema refuses an empty value. */
export const refusesEmpty = (schema: FieldSchema): boolean => !z.safeParse(zodOf(schema), undefined).success;

/** The config's form schema: every editable field that has one (under the settings' rules when they are given). */
export function schemaOf(config: ResourceConfig, mode: 'create' | 'edit' = 'create', settings?: Settings): $ZodType {
  const shape: Record<string, $ZodType> = {};
  for (const field of config.fields) {
    const schema = settings && field.schemaWith ? field.schemaWith(settings, mode) : field.schema;
    if (field.readOnly || !schema) continue;
    if (field.createOnly && mode === 'edit') continue;
    shape[field.source] = zodOf(schema);
  }
  const object = z.looseObject(shape);
  const conditional = config.fields.filter((f) => f.requiredUnless && !f.readOnly && !(f.createOnly && mode === 'edit'));
  if (mode === 'edit' || conditional.length === 0) return object;
  // A field required unless another is on: its own schema checks the value, this its presence, with
  // the other fields' messages (zod would skip it while another field is wrong).
  return object.check(
    z.superRefine((values: Record<string, unknown>, ctx) => {
      for (const field of conditional) {
        if (values[field.requiredUnless!] !== true && isBlank(values[field.source])) {
          ctx.issues.push({ code: 'custom', message: frShell.validation.required, path: [field.source], input: values[field.source] });
        }
      }
    }, { when: (payload) => typeof payload.value === 'object' && payload.value !== null }),
  );
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
