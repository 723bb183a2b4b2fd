/**
 * The password policy the settings set (passwordMinLength, requirePasswordComplexity), applied by the
 * backend to every password set and available to the SPA's forms.
 */

export interface PasswordPolicy {
  minLength: number;
  requireComplexity: boolean;
}

/** bcrypt reads at most 72 bytes: a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;

export type PasswordRule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

/** Complexity: at least one lowercase letter, one uppercase letter, one digit and one other character. */
const COMPLEXITY: [PasswordRule, RegExp][] = [
  ['lowercase', /\p{Ll}/u],
  ['uppercase', /\p{Lu}/u],
  ['digit', /\p{Nd}/u],
  ['symbol', /[^\p{L}\p{Nd}]/u],
];

/** The rules a password breaks (none: it may be set). */
export function passwordProblems(password: string, policy: PasswordPolicy): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if ([...password].length < policy.minLength) problems.push('minLength');
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) problems.push('maxLength');
  if (policy.requireComplexity) {
    for (const [rule, pattern] of COMPLEXITY) if (!pattern.test(password)) problems.push(rule);
  }
  return problems;
}

/** The policy in one French sentence, as a form hint or the backend's refusal. */
export function passwordPolicyText(policy: PasswordPolicy): string {
  const length = `au moins ${policy.minLength} caractères (au plus ${PASSWORD_MAX_BYTES} ; un caractère accentué compte pour deux)`;
  return policy.requireComplexity
    ? `Le mot de passe doit contenir ${length}, dont une minuscule, une majuscule, un chiffre et un caractère spécial.`
    : `Le mot de passe doit contenir ${length}.`;
}
