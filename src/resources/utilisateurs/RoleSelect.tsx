import { useGetList, useRecordContext } from 'ra-core';
import { SelectInput } from 'react-admin';
import { mayHandOver, roleLabelOf } from '@mamoudzou/domain/permissions';
import type { FieldInputProps } from '../../generic/types';
import { messages } from './messages';
import { staffRoles } from './staffRoles';
import { usePermissionsNow } from '../../common/access/useAccess';
const roleIdOf = (value: unknown) => (value && typeof value === 'object' ? ((value as { id?: unknown }).id ?? '') : (value ?? ''));

/**
 * The role of an account: the five staff roles read from the backend, by their French names
 * (Administrateur, Super Administrateur, Éditeur, Opérateur, Auteur), then the roles administrators
 * made, by name. users-permissions' technical roles (Public, Authenticated) are never offered, nor a
 * role the signed-in person may not give (the backend refuses it: an administrators' role, or one with
 * rights theirs lacks); the account's own role stays shown, greyed, when it is one of those. The form
 * holds the role's id.
 */
export default function RoleSelect({ field, label, required }: FieldInputProps) {
  const { data, isPending } = useGetList('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const { permissions, isPending: permissionsPending } = usePermissionsNow();
  const current = String(roleIdOf(useRecordContext()?.role));
  const roles = staffRoles(data ?? []);
  const choices = roles
    .map((role) => ({ id: role.id, name: roleLabelOf(role.name), disabled: !mayHandOver(permissions?.role, role) }))
    .filter((choice) => !choice.disabled || String(choice.id) === current);
  const withheld = choices.length < roles.length || choices.some((choice) => choice.disabled);
  return (
    <SelectInput
      // Mounted again once the roles arrive, so that its select never holds the account's role among no
      // option (MUI's out-of-range warning in the edit form).
      key={choices.length}
      source={field.source}
      label={label}
      choices={choices}
      isPending={isPending || permissionsPending}
      isRequired={required}
      format={roleIdOf}
      emptyText="—"
      helperText={withheld ? messages.rolesWithheld : false}
      fullWidth
      slotProps={{ htmlInput: required ? { 'aria-required': true } : {} }}
    />
  );
}
