import { lazy } from 'react';
import { useRecordContext } from 'ra-core';
import { isAdminRole } from '@mamoudzou/domain/permissions';
import { useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import type { FieldInputProps } from '../../generic/types';
import { messages } from './messages';
import { useIdentity, usePermissionsNow } from '../../common/access/useAccess';

const PasswordPolicyInput = lazy(() => import('../../generic/fields/PasswordPolicyInput'));

const Note = ({ children }: { children: string }) => (
  <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, mb: 1 }}>
    {children}
  </Typography>
);

/**
 * The password of a new account, unless an invitation is sent (the person then chooses it through
 * the mailed link); in the edit form, an optional new password, which only an administrator sets,
 * and never on their own account (changed with the current password, from « Mon profil »): the
 * backend refuses both, so the form says so instead of offering the field.
 */
export default function AccountPasswordInput(props: FieldInputProps) {
  const recordId = useRecordContext()?.id;
  const editing = recordId !== undefined;
  const invited = useWatch({ name: 'invitation' }) === true;
  const { identity } = useIdentity();
  const { permissions } = usePermissionsNow();
  if (!editing && invited) return <Note>{messages.invitation.noPassword}</Note>;
  if (editing && identity && String(identity.id) === String(recordId)) return <Note>{messages.invitation.ownPassword}</Note>;
  if (editing && permissions && !isAdminRole(permissions.role)) return <Note>{messages.invitation.othersPassword}</Note>;
  return <PasswordPolicyInput {...props} required={!editing} />;
}
