import { useCallback, useMemo } from 'react';
import { hasCustomParams, useStore, type ListParams } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceConfig } from '../types';
import { listQueryOf, listStoreKey, queryValue, searchOf } from './listUrl';

export type ListUrlChanges = Record<string, string | undefined>;

/**
 * The list's query (listUrl.ts) and a way to change some of its keys in the address, keeping the
 * others (react-admin's params, the tab): a tab, a calendar's period. A change is a new history
 * entry (Back returns to the previous tab) unless `replace`.
 */
export function useListUrl(config: ResourceConfig) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [stored] = useStore(listStoreKey(config), {});
  const query = useMemo(() => listQueryOf(config, search, stored), [config, search, stored]);

  const change = useCallback(
    (changes: ListUrlChanges, options?: { replace?: boolean }) => {
      // The address holds the whole query once react-admin has written it there; before that, the remembered one.
      const text = rewrite(search || (hasCustomParams(stored as ListParams) ? searchOf(query) : ''), changes);
      if (text !== search) navigate({ search: text }, { replace: options?.replace });
    },
    [navigate, query, search, stored],
  );

  const get = useCallback((key: string) => queryValue(query, key), [query]);
  return { query, get, change };
}

/** The address's query string with some keys set or removed, the others as they are. */
function rewrite(search: string, changes: ListUrlChanges): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
