import { useId } from 'react';
import { useRecordContext } from 'ra-core';
import { PasswordInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CrossIcon from '@mui/icons-material/RadioButtonUnchecked';
import { visuallyHidden } from '@mui/utils';
import { passwordProblems, type PasswordPolicy, type PasswordRule } from '@mamoudzou/domain/password';
import { fr, format } from '../../i18n/fr';
import { useSettings } from '../../providers/settings';
import { passwordPolicyOf } from '../schema';
import type { FieldInputProps } from '../types';

const t = fr.profile.passwordRules;

/** The rules of a policy, in the order a person reads them. */
export function policyRules(policy: PasswordPolicy): PasswordRule[] {
  return ['minLength', ...(policy.requireComplexity ? (['lowercase', 'uppercase', 'digit', 'symbol'] as const) : [])];
}

/** The policy's rules, each marked met or not as the password is typed. */
export function PasswordRulesList({ id, password, policy }: { id: string; password: string; policy: PasswordPolicy }) {
  const broken = new Set(passwordProblems(password, policy));
  const rules: PasswordRule[] = [...policyRules(policy), ...(broken.has('maxLength') ? (['maxLength'] as const) : [])];
  return (
    <Box id={id} sx={{ mt: -0.5, mb: 1.5 }}>
      <Typography variant="caption" component="p" color="text.secondary">
        {t.title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.25 }}>
        {rules.map((rule) => {
          const met = password !== '' && !broken.has(rule);
          const Icon = met ? CheckIcon : CrossIcon;
          return (
            <Box component="li" key={rule} data-rule={rule} data-met={met} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: met ? 'success.main' : 'text.secondary', fontSize: 13 }}>
              <Icon sx={{ fontSize: 16 }} aria-hidden />
              <span>{format(t.rules[rule], { n: policy.minLength })}</span>
              <Box component="span" sx={visuallyHidden}>
                {` : ${met ? t.met : t.unmet}`}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * A new password under the settings' policy (passwordMinLength, requirePasswordComplexity): the
 * rules are listed under the input and marked as the user types; the form's schema (passwordSchema)
 * gives one French message per broken rule and the backend applies the same policy.
 */
export default function PasswordPolicyInput({ field, label, required }: FieldInputProps) {
  const { settings } = useSettings();
  const policy = passwordPolicyOf(settings);
  const password = useWatch({ name: field.source }) ?? '';
  const rulesId = useId();
  // In an edit form (a stored record) the password is a new one, optional: empty keeps the current one.
  const editing = useRecordContext()?.id !== undefined;
  const mandatory = required && !editing;
  const listed = !editing || password !== '';
  return (
    <Box>
      <PasswordInput
        source={field.source}
        label={editing ? t.newPassword : label}
        isRequired={mandatory}
        fullWidth
        helperText={editing ? t.keepCurrent : false}
        autoComplete="new-password"
        slotProps={{ htmlInput: { ...(listed ? { 'aria-describedby': rulesId } : {}), ...(mandatory ? { 'aria-required': true } : {}) } }}
      />
      {listed && <PasswordRulesList id={rulesId} password={String(password)} policy={policy} />}
    </Box>
  );
}
