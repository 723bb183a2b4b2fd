import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CrossIcon from '@mui/icons-material/RadioButtonUnchecked';
import { visuallyHidden } from '@mui/utils';
import { passwordProblems, type PasswordPolicy, type PasswordRule } from '@mamoudzou/domain/password';
import { format } from '../i18n/fr-shell';
import { frLayout } from '../i18n/fr-layout';

// Its own module, without react-admin: the account's form, the profile and the activation page (a link of an e-mail) show it.
const t = frLayout.profile.passwordRules;

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

