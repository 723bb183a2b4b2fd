import { useAuthProvider } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ImmediateAnswers } from '../../common/access/useAccess';

/**
 * What the current user may do on a resource, for several react-admin actions at once, asked to
 * the auth provider's canAccess (the one place the permission matrix is read). Answered at the first
 * render when the matrix alone decides (canAccessNow, as useAccess does): the screen's buttons do not
 * wait a render for it.
 */
export function useAllowed(resource: string, actions: string[]): { allowed: (action: string) => boolean; isPending: boolean } {
  const authProvider = useAuthProvider();
  const now = (authProvider as Partial<ImmediateAnswers> | undefined)?.canAccessNow;
  const known = now ? actions.map((action) => [action, now({ resource, action })] as const) : [];
  const initialData = now && known.every(([, answer]) => answer !== undefined) ? (Object.fromEntries(known) as Record<string, boolean>) : undefined;
  const { data, isPending } = useQuery({
    queryKey: ['auth', 'canAccessAll', { resource, actions }],
    queryFn: async ({ signal }) => {
      if (!authProvider?.canAccess) return Object.fromEntries(actions.map((action) => [action, true]));
      const answers = await Promise.all(actions.map((action) => authProvider.canAccess!({ resource, action, signal })));
      return Object.fromEntries(actions.map((action, i) => [action, answers[i]]));
    },
    // As useAccess gives react-admin's own access queries: the immediate answer first, the query's as usual.
    ...(initialData ? { initialData } : {}),
  });
  // The same function while the answers are the same: the screen's context holds it, and every card reads that.
  const allowed = useCallback((action: string) => data?.[action] === true, [data]);
  return { allowed, isPending };
}
