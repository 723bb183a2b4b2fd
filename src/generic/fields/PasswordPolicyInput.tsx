import { useId } from 'react';
import { useRecordContext } from 'ra-core';
import { PasswordInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import { fr } from '../../i18n/fr';
import { useSettings } from '../../providers/settings';
import { passwordPolicyOf } from '../schema';
import type { FieldInputProps } from '../types';
import { PasswordRulesList } from '../../common/PasswordRulesList';

export { PasswordRulesList, policyRules } from '../../common/PasswordRulesList';

const t = fr.profile.passwordRules;

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
