import type { ReactNode } from 'react';
import { useCanAccess } from 'ra-core';
import { AccessDenied } from './AccessDenied';
import { AuthChecking } from './AuthChecking';

/**
 * The route guard of resources and custom pages: the auth provider's canAccess decides (the one
 * table of resources and pages, App.tsx); a refusal shows "Accès refusé" with the required role.
 */
export function RequireAccess({ resource, action = 'list', requiredRole, children }: { resource: string; action?: string; requiredRole?: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <AuthChecking />;
  if (!canAccess) return <AccessDenied requiredRole={requiredRole} />;
  return <>{children}</>;
}
