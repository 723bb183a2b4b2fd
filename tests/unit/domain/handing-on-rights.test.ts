import { describe, expect, it } from 'vitest';
import { describeGrants, grantsBeyond, isAdminRole, mayActOnRecord, mayHandOver } from '../../../domain/permissions';

/** Nobody hands on a right they do not hold: the rule the backend applies and the users screens follow. */
const hr = { name: 'Gestion RH', type: 'custom_gestion_rh', grants: { utilisateurs: ['read', 'create', 'edit'] } };

describe('handing on rights', () => {
  it('an administrators’ role is handed on by administrators only, whatever the caller’s grants', () => {
    expect(isAdminRole('Administrator')).toBe(true);
    expect(isAdminRole({ name: 'Super Admin' })).toBe(true);
    expect(isAdminRole(hr)).toBe(false);
    expect(mayHandOver('Super Admin', 'Administrator')).toBe(true);
    expect(mayHandOver(hr, 'Administrator')).toBe(false);
    expect(mayHandOver('Editor', 'Super Admin')).toBe(false);
  });

  it('any other role only when every right it gives is the caller’s (an action implies reading)', () => {
    expect(mayHandOver(hr, { name: 'Lecteurs', type: 'custom_lecteurs', grants: { utilisateurs: ['read'] } })).toBe(true);
    expect(mayHandOver(hr, hr)).toBe(true);
    expect(mayHandOver(hr, { name: 'Suppression', type: 'custom_suppression', grants: { utilisateurs: ['delete'] } })).toBe(false);
    expect(mayHandOver(hr, 'Operator')).toBe(false);
    expect(mayHandOver('Editor', 'Operator')).toBe(true);
    expect(mayHandOver('Operator', 'Editor')).toBe(false);
    // The default role gives nothing: anyone may hand it on; a caller with no role hands on nothing else.
    expect(mayHandOver(hr, { name: 'Authenticated', type: 'authenticated' })).toBe(true);
    expect(mayHandOver(undefined, 'Author')).toBe(false);
  });

  it('says in French which rights go beyond the caller’s', () => {
    const beyond = grantsBeyond({ utilisateurs: ['read', 'delete'], audit: ['read', 'export'] }, { utilisateurs: ['read', 'create'] });
    expect(beyond).toEqual({ utilisateurs: ['delete'], audit: ['read', 'export'] });
    expect(describeGrants(beyond)).toBe("Utilisateurs (suppression), Journal d'audit (lecture, export)");
    expect(grantsBeyond({ utilisateurs: ['read'] }, { utilisateurs: ['read', 'edit'] })).toEqual({});
  });
});

describe('acting on an account from the users list', () => {
  const hrRole = { name: 'Gestion RH', type: 'custom_gestion_rh', grants: { utilisateurs: ['read', 'create', 'edit'] } };
  it('another person’s account only when the caller’s rights cover its role; one’s own always; reading always', () => {
    const admin = { id: 1, role: { name: 'Administrator', type: 'administrator' } };
    const reader = { id: 13, role: { name: 'Lecteurs RH', type: 'custom_lecteurs_rh', grants: { utilisateurs: ['read'] } } };
    for (const action of ['edit', 'delete', 'create']) {
      expect(mayActOnRecord(hrRole, 'utilisateurs', action, admin, 12)).toBe(false);
      expect(mayActOnRecord(hrRole, 'utilisateurs', action, reader, 12)).toBe(true);
      expect(mayActOnRecord('Administrator', 'utilisateurs', action, admin, 2)).toBe(true);
    }
    expect(mayActOnRecord(hrRole, 'utilisateurs', 'read', admin, 12)).toBe(true);
    expect(mayActOnRecord(hrRole, 'utilisateurs', 'edit', { id: 12, role: hrRole }, 12)).toBe(true);
  });
});
