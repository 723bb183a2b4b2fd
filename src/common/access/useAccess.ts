import { useAuthProvider, useCanAccess, useCanAccessResources, useGetIdentity, usePermissions, useResourceContext, type UserIdentity } from 'ra-core';
import type { RoleRef } from '@mamoudzou/domain/permissions';

/**
 * react-admin's access hooks with the auth provider's immediate answer as their query's initial data. Its hooks ask
 * canAccess, getIdentity and getPermissions through react-query: even answered at once, the answer comes a render
 * later, and every guard, menu and card waited for that render on a cold load (one more round before the first
 * screen). The answers are those the same calls give (the permission matrix for the stored role); same query keys
 * and invalidation as react-admin's, so a role changed in the session is read again the same way.
 */
const FIVE_MINUTES = 5 * 60 * 1000;

/** What getPermissions answers (src/providers/authProvider.ts): the role the access table reads and the account's id. */
export interface Permissions {
  role: RoleRef;
  userId?: number;
}

/** The auth provider's immediate answers (src/providers/authProvider.ts has them; a provider without them gets react-admin's hooks as they are). */
export interface ImmediateAnswers {
  canAccessNow(params: { resource: string; action: string }): boolean | undefined;
  identityNow(): UserIdentity | undefined;
  permissionsNow(): Permissions;
}

const nowOf = (auth: unknown) => auth as Partial<ImmediateAnswers> | undefined;

/** useCanAccess, answered at the first render when the matrix alone decides. */
export function useAccess({ resource: asked, action }: { resource?: string; action: string }) {
  const auth = nowOf(useAuthProvider());
  const resource = useResourceContext({ resource: asked });
  const initialData = resource ? auth?.canAccessNow?.({ resource, action }) : undefined;
  return useCanAccess(initialData === undefined ? { resource, action } : { resource, action, initialData });
}

/** useCanAccessResources, answered at the first render when the matrix alone decides for each resource. */
export function useAccessResources({ resources, action }: { resources: string[]; action: string }) {
  const auth = nowOf(useAuthProvider());
  const answers = resources.map((resource) => [resource, auth?.canAccessNow?.({ resource, action })] as const);
  // Only when every answer is known at once: react-query's initial data is the whole record or nothing.
  const known = answers.every(([, answer]) => answer !== undefined);
  return useCanAccessResources(known ? { resources, action, initialData: Object.fromEntries(answers) as Record<string, boolean> } : { resources, action });
}

/** useGetIdentity with the stored session's identity at the first render (the welcome heading had its name a render later). */
export function useIdentity() {
  const auth = nowOf(useAuthProvider());
  return useGetIdentity({ staleTime: FIVE_MINUTES, initialData: auth?.identityNow?.() });
}

/** usePermissions with the stored session's role at the first render. */
export function usePermissionsNow() {
  const auth = nowOf(useAuthProvider());
  return usePermissions<Permissions>(undefined, { staleTime: FIVE_MINUTES, initialData: auth?.permissionsNow?.() });
}
