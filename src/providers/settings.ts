import { useGetOne } from 'ra-core';
import { DEFAULT_SETTINGS, type Settings } from '../../domain/settings';

/** The react-admin resource name of the settings single type (the registry maps it to /api/setting). */
export const SETTINGS_RESOURCE = 'settings';

/** Settings from the backend over the defaults of domain/settings.ts (specification section 9). */
export function mergeSettings(data: Partial<Settings> | null | undefined): Settings {
  const merged = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value !== null && value !== undefined && key in DEFAULT_SETTINGS) merged[key] = value;
  }
  return merged as Settings;
}

/** The current settings; the defaults while loading or when the backend refuses (logged out). */
export function useSettings(): { settings: Settings; isPending: boolean; error: unknown } {
  const { data, isPending, error } = useGetOne<Partial<Settings> & { id: string }>(
    SETTINGS_RESOURCE,
    { id: SETTINGS_RESOURCE },
    { retry: false },
  );
  return { settings: mergeSettings(data), isPending, error };
}
