import { getQuery, parseQueryFromLocation } from 'ra-core';
import type { ListViewConfig, ResourceConfig, Row, TabConfig } from '../types';

/**
 * Where a list is, as an address a person can read and share: react-admin keeps its params in the
 * query string (filter, sort, order, page, perPage), and the list's tab rides beside them:
 * `/evenements?vue=calendrier`, `/annuaire?onglet=urgences`. react-admin carries keys it does not
 * know through its own changes, and remembers the whole query in its store: back through the menu,
 * the list comes as it was left; an address with params wins over what is remembered.
 */

/** Another view of the records (config.list.views): `?vue=carte`. */
export const VIEW_PARAM = 'vue';
/** A saved-filter tab (config.tabs): `?onglet=urgences`. */
export const TAB_PARAM = 'onglet';

export type ListQuery = ReturnType<typeof getQuery> & Record<string, unknown>;

/** Where the list's params are remembered (react-admin's store). */
export const listStoreKey = (config: Pick<ResourceConfig, 'name'>) => `${config.name}.listParams`;

/** The list's query as react-admin reads it: the address's when it has any, else the remembered one, else the config's sort and page size. */
export function listQueryOf(config: ResourceConfig, search: string, stored: unknown): ListQuery {
  return getQuery({
    queryFromLocation: parseQueryFromLocation({ search }),
    params: stored ?? {},
    filterDefaultValues: undefined,
    sort: config.list.sort,
    perPage: config.list.perPage ?? 25,
  }) as ListQuery;
}

/** Each tab's own filter, by tab id: what the backend counts under the list's filters (one call for every tab). */
export const tabViewsOf = (tabs: TabConfig[]): Record<string, Row> => Object.fromEntries(tabs.map((tab) => [tab.id, tab.filter]));

/** One value of the query (the first when the address repeats the key). */
export function queryValue(query: Row, key: string): string | undefined {
  const value = Array.isArray(query[key]) ? (query[key] as unknown[])[0] : query[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A tab's or a view's word in the address (its `path`, else its id). */
export const slugOf = (item: TabConfig | ListViewConfig) => item.path ?? item.id;

/** The tab shown with no `onglet`: the one without a filter ("Tous"), else the first. */
export function defaultTab(config: ResourceConfig): TabConfig | undefined {
  const tabs = config.tabs ?? [];
  return tabs.find((tab) => Object.keys(tab.filter).length === 0) ?? tabs[0];
}

/** The view the query names, if the resource has it: none (the list itself) otherwise. */
export function viewOf(config: ResourceConfig, query: Row): ListViewConfig | undefined {
  const wanted = queryValue(query, VIEW_PARAM);
  return config.list.views?.find((view) => slugOf(view) === wanted);
}

/** The tab the query names; an unknown word, or another view shown, is the default tab. */
export function tabOf(config: ResourceConfig, query: Row): TabConfig | undefined {
  if (viewOf(config, query)) return defaultTab(config);
  const wanted = queryValue(query, TAB_PARAM);
  return config.tabs?.find((tab) => slugOf(tab) === wanted) ?? defaultTab(config);
}

/**
 * What a tab adds to the list's filters (react-admin's permanent filter): its own filter, and no
 * value for the keys of the other tabs, so that a filter of the same key remembered from before
 * tabs were in the address cannot narrow another tab.
 */
export function tabFilterOf(config: ResourceConfig, tab: TabConfig | undefined): Row {
  const keys = (config.tabs ?? []).flatMap((t) => Object.keys(t.filter));
  return { ...Object.fromEntries(keys.map((key) => [key, undefined])), ...tab?.filter };
}

/** The query string of a list's query, written as react-admin writes it (objects as JSON). */
export function searchOf(query: Row): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
