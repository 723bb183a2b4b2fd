import type { Choice } from './types';

/** Choices for select fields from the domain's value lists. */
export const choicesOf = (values: readonly string[], labels?: Record<string, string>): Choice[] =>
  values.map((value) => ({ id: value, name: labels?.[value] ?? value }));
