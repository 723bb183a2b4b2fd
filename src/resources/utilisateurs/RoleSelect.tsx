import { useGetList } from 'ra-core';
import { SelectInput } from 'react-admin';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import type { FieldInputProps } from '../../generic/types';
import { staffRoles } from './staffRoles';
const roleIdOf = (value: unknown) => (value && typeof value === 'object' ? ((value as { id?: unknown }).id ?? '') : (value ?? ''));

/**
 * The role of an account: the five staff roles read from the backend, by their French names
 * (Administrateur, Super Administrateur, Éditeur, Opérateur, Auteur), then the roles administrators
 * made, by name. users-permissions' technical roles (Public, Authenticated) are never offered. The
 * form holds the role's id.
 */
export default function RoleSelect({ field, label, required }: FieldInputProps) {
  const { data, isPending } = useGetList('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const choices = staffRoles(data ?? []).map((role) => ({ id: role.id, name: roleLabelOf(role.name) }));
  return (
    <SelectInput
      // Mounted again once the roles arrive, so that its select never holds the account's role among no
      // option (MUI's out-of-range warning in the edit form).
      key={choices.length}
      source={field.source}
      label={label}
      choices={choices}
      isPending={isPending}
      isRequired={required}
      format={roleIdOf}
      emptyText="—"
      helperText={false}
      fullWidth
      slotProps={{ htmlInput: required ? { 'aria-required': true } : {} }}
    />
  );
}
