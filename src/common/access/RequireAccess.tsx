import type { ReactNode } from 'react';
import { rolesAllowed, type Action, type Module } from '@mamoudzou/domain/permissions';
import { AccessDenied } from './AccessDenied';
import { AuthChecking } from './AuthChecking';
import { useAccess } from './useAccess';

// Made at the first refusal: a list formatter loads the language's data, some 40 ms of a phone's first screen
// (CPU slowed 4×) when it was made as this module loaded, on every screen, refused or not.
let orList: Intl.ListFormat | undefined;

/** « Administrateur ou Éditeur »: the roles of the permission matrix that may open a screen. */
export const requiredRolesOf = (access: { module: Module; action?: Action }) =>
  (orList ??= new Intl.ListFormat('fr', { type: 'disjunction' })).format(rolesAllowed(access.module, access.action ?? 'read'));

/**
 * The route guard of resources and custom pages: the auth provider's canAccess decides (the one
 * table of resources and pages, App.tsx); a refusal shows "Accès refusé" with the roles the
 * permission matrix lets in.
 */
export function RequireAccess({ resource, action = 'list', access, children }: { resource: string; action?: string; access?: { module: Module; action?: Action }; children: ReactNode }) {
  const { canAccess, isPending } = useAccess({ resource, action });
  if (isPending) return <AuthChecking />;
  if (!canAccess) return <AccessDenied requiredRole={access ? requiredRolesOf(access) : undefined} />;
  return <>{children}</>;
}
