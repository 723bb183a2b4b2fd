import { useAuthProvider } from 'ra-core';
import { useQuery } from '@tanstack/react-query';

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
  return { allowed: (action) => data?.[action] === true, isPending };
}
