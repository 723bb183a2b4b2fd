import { lazy } from 'react';
import { useRecordContext } from 'ra-core';
import { useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import type { FieldInputProps } from '../../generic/types';
import { messages } from './messages';

const PasswordPolicyInput = lazy(() => import('../../generic/fields/PasswordPolicyInput'));

/**
 * The password of a new account, unless an invitation is sent (the person then chooses it through
 * the mailed link); in the edit form, an optional new password.
 */
export default function AccountPasswordInput(props: FieldInputProps) {
  const editing = useRecordContext()?.id !== undefined;
  const invited = useWatch({ name: 'invitation' }) === true;
  if (!editing && invited)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, mb: 1 }}>
        {messages.invitation.noPassword}
      </Typography>
    );
  return <PasswordPolicyInput {...props} required={!editing} />;
}
