import { useAuthProvider } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * What the current user may do on a resource, for several react-admin actions at once, asked to
 * the auth provider's canAccess (the one place the permission matrix is read).
 */
export function useAllowed(resource: string, actions: string[]): { allowed: (action: string) => boolean; isPending: boolean } {
  const authProvider = useAuthProvider();
  const { data, isPending } = useQuery({
    queryKey: ['auth', 'canAccessAll', { resource, actions }],
    queryFn: async ({ signal }) => {
      if (!authProvider?.canAccess) return Object.fromEntries(actions.map((action) => [action, true]));
      const answers = await Promise.all(actions.map((action) => authProvider.canAccess!({ resource, action, signal })));
      return Object.fromEntries(actions.map((action, i) => [action, answers[i]]));
    },
  });
  // The same function while the answers are the same: the screen's context holds it, and every card reads that.
  const allowed = useCallback((action: string) => data?.[action] === true, [data]);
  return { allowed, isPending };
}
