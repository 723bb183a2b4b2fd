import { createContext, createElement, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { hasCustomParams, useStore, type ListParams } from 'ra-core';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ResourceConfig } from '../types';
import { listQueryOf, listStoreKey, queryValue, searchOf } from './listUrl';

export type ListUrlChanges = Record<string, string | undefined>;

interface ListAddress {
  /** The address's query string: the list's params, its tab and view. */
  search: string;
  navigate: NavigateFunction;
}

const ListAddressContext = createContext<ListAddress | null>(null);

/**
 * The list's query string for the screen below, through a context whose value changes only with it: a detail
 * opening or closing changes the address's path, not its query, and renders nothing that reads the query alone
 * (react-router's useLocation renders its caller at every address).
 */
export function ListAddressProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const address = useMemo(() => ({ search, navigate }), [search, navigate]);
  return createElement(ListAddressContext.Provider, { value: address }, children);
}

/** The list's query string and a navigate, from the screen's ListAddressProvider. */
export function useListAddress(): ListAddress {
  const address = useContext(ListAddressContext);
  if (!address) throw new Error('useListAddress: hors de la page d’une liste');
  return address;
}

/**
 * The list's query (listUrl.ts) and a way to change some of its keys in the address, keeping the
 * others (react-admin's params, the tab): a tab, a calendar's period. A change is a new history
 * entry (Back returns to the previous tab) unless `replace`.
 */
export function useListUrl(config: ResourceConfig) {
  const { search, navigate } = useListAddress();
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
