import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetOne } from 'ra-core';
import { resourceRow } from '@mamoudzou/domain/resources';
import { DEFAULT_SETTINGS, type Settings } from '@mamoudzou/domain/settings';

/** The react-admin resource name of the settings single type (the registry maps it to /api/setting). */
export const SETTINGS_RESOURCE = resourceRow('setting').path!;

/** Settings from the backend over the defaults of domain/settings.ts: a missing or null value keeps its default. */
export function mergeSettings(data: Partial<Settings> | null | undefined): Settings {
  const merged = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value !== null && value !== undefined && key in DEFAULT_SETTINGS) merged[key] = value;
  }
  return merged as Settings;
}

/**
 * The current settings, over the defaults while loading. The backend refuses /api/setting to
 * visitors (it holds the map API key), so pages shown before login pass enabled: false and show
 * the defaults.
 */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}): { settings: Settings; isPending: boolean; error: unknown } {
  const { data, isPending, error } = useGetOne<Partial<Settings> & { id: string }>(
    SETTINGS_RESOURCE,
    { id: SETTINGS_RESOURCE },
    { retry: false, enabled },
  );
  // The same object while the answer is the same: screens derive their config from it, and a new one at each render
  // rendered every card of a list again at each tap.
  const settings = useMemo(() => mergeSettings(data), [data]);
  return { settings, isPending: enabled && isPending, error };
}

/** The query of the public settings: refreshed when a write meets maintenance (queryClient.ts). */
export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

/**
 * The settings a visitor may read before logging in (GET /api/setting/public): the town's name,
 * whether public registration is open, maintenance. The defaults apply while loading or on failure.
 */
export function usePublicSettings(): Settings {
  const answer = usePublicAnswer();
  return useMemo(() => mergeSettings(answer), [answer]);
}

/** Whether the login page offers the demo accounts: yes unless the backend says they cannot log in (production). */
export function useDemoAccountsOffered(): boolean {
  return usePublicAnswer()?.demoAccounts !== false;
}

/** GET /api/setting/public, once for both hooks: its settings, and its `meta.demoAccounts` beside them. */
function usePublicAnswer() {
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & {
    get: <T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal) => Promise<T>;
  };
  const { data } = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    queryFn: async ({ signal }) => {
      const answer = await dataProvider.get<{ data?: Partial<Settings>; meta?: { demoAccounts?: boolean } } | null>('/api/setting/public', {}, signal);
      return answer?.data ? { ...answer.data, demoAccounts: answer.meta?.demoAccounts } : null;
    },
    retry: false,
  });
  return data as (Partial<Settings> & { demoAccounts?: boolean }) | null | undefined;
}
