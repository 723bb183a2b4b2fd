import type { RaRecord } from 'ra-core';
import { BACKEND_ROLES } from '@mamoudzou/domain/permissions';

/** users-permissions' own roles: technical, never given to staff nor offered. */
const TECHNICAL_TYPES = new Set(['public', 'authenticated']);

/** The staff roles among users-permissions' roles: the five system roles in the matrix's order, then those administrators made, by name. */
export function staffRoles<T extends RaRecord>(roles: readonly T[]): T[] {
  const order = (name: unknown) => {
    const index = BACKEND_ROLES.findIndex((r) => r.name === name);
    return index < 0 ? BACKEND_ROLES.length : index;
  };
  return roles
    .filter((role) => !TECHNICAL_TYPES.has(String(role.type)))
    .sort((a, b) => order(a.name) - order(b.name) || String(a.name).localeCompare(String(b.name), 'fr'));
}
