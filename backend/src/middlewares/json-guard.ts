import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';

/** Keys that reach objects' prototypes: never a field of ours. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than any payload of ours (rich text nests about ten levels). */
export const MAX_DEPTH = 24;

/** What is wrong with a parsed body, if anything: a prototype key, or nesting too deep to walk safely. */
export function bodyProblem(body: unknown): string | undefined {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) return `Données trop imbriquées (au plus ${MAX_DEPTH} niveaux)`;
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return `Clé interdite : ${key}`;
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return undefined;
}

/** After the body is parsed: payloads with prototype keys or absurd nesting are refused with 400 before any route sees them. */
export default () => async (ctx: any, next: () => Promise<void>) => {
  const problem = bodyProblem(ctx.request.body);
  if (problem) throw new errors.ValidationError(problem, coded('invalid_request'));
  return next();
};
