import type { ReactNode } from 'react';
import { usePermissions } from 'ra-core';
import { isAdmin } from '@mamoudzou/domain/permissions';
import { fr } from '../../i18n/fr';
import { AccessDenied } from './AccessDenied';
import { AuthChecking } from './AuthChecking';

/**
 * The route guard of the admin pages (/utilisateurs, /parametrages, /audit, /integrations):
 * Administrator or Super Admin (DESIGN section 5), else the access-denied screen.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<{ role?: string }>();
  if (isPending) return <AuthChecking />;
  if (!isAdmin(permissions?.role)) return <AccessDenied requiredRole={fr.access.adminRole} />;
  return <>{children}</>;
}
