import type { Store } from 'ra-core';
import type { RoleRef } from '@mamoudzou/domain/permissions';
import { canAccessResource, type AccessRule } from '../../providers/authProvider';
import { createStrapiDataProvider, type CountViewsParams, type EndpointOptions } from '../../providers/dataProvider';
import type { FetchLike } from '../../providers/http';
import { prefetchGet } from '../../providers/prefetch';
import { SETTINGS_RESOURCE } from '../../providers/settings';
import type { RegisteredResource } from '../types';
import { listFieldsOf } from './listFields';
import { listQueryOf, listStoreKey, tabFilterOf, tabOf, tabViewsOf } from './listUrl';

const EMPTY = JSON.stringify({ data: [], meta: { pagination: { total: 0 } } });

/**
 * A data provider that sends its GETs early (prefetch.ts) and answers nothing: a cold load's
 * calls written by the data provider itself, so that the HTTP client meets them again, the same.
 * It starts with the settings the menu reads.
 */
export function earlyCalls({ apiUrl, endpoints, token, fetch }: { apiUrl: string; endpoints: Record<string, EndpointOptions>; token: string; fetch?: FetchLike }) {
  const recorder = createStrapiDataProvider({
    apiUrl,
    resources: endpoints,
    getToken: () => token,
    fetch: async (url, init) => {
      if ((init?.method ?? 'GET') === 'GET') prefetchGet(url, token, fetch);
      return new Response(EMPTY, { status: 200 });
    },
  });
  if (endpoints[SETTINGS_RESOURCE]) void recorder.getOne(SETTINGS_RESOURCE, { id: SETTINGS_RESOURCE }).catch(() => undefined);
  return recorder;
}

/**
 * A cold load of a list (/{name}, or a dialog over it): its first page is asked for as soon as the
 * app's code and the list's configuration have arrived, beside the session check, not after the
 * page's chunk and the guards (the first row shows sooner), with the parameters ResourceListPage
 * hands react-admin (the address's, else the stored ones, else the config's sort and page size,
 * and the tab's filter), when the stored session's role may open it. Settles once the calls are sent.
 */
export async function prefetchListOf(
  calls: ReturnType<typeof earlyCalls>,
  { path, search = '', registry, store, role, accessRules }: { path: string; search?: string; registry: RegisteredResource[]; store: Store; role: RoleRef; accessRules: Record<string, AccessRule> },
) {
  const entry = registry.find((candidate) => candidate.name === path.split('/')[1] && candidate.views.list === true);
  // A list the session's role may not open shows "Accès refusé" and asks for nothing: nor does this.
  if (!entry || !canAccessResource(role, accessRules[entry.name], 'list')) return;
  // A configuration that cannot load: the page says so when it renders.
  const config = await entry.load().catch(() => undefined);
  if (!config) return;
  const query = listQueryOf(config, search, store.getItem(listStoreKey(config), {}));
  void calls
    .getList(config.name, {
      pagination: { page: query.page, perPage: query.perPage },
      sort: { field: query.sort, order: query.order },
      filter: { ...query.filter, ...tabFilterOf(config, tabOf(config, query)) },
      meta: { fields: listFieldsOf(config) },
    })
    .catch(() => undefined);
  // And its tabs' counts, as the tab bar asks for them (the list's filters without the tabs' own).
  if (config.tabs?.length) {
    const keys = new Set(config.tabs.flatMap((tab) => Object.keys(tab.filter)));
    const filter = Object.fromEntries(Object.entries(query.filter ?? {}).filter(([key]) => !keys.has(key)));
    const counting = calls as unknown as { countViews: (resource: string, params: CountViewsParams) => Promise<unknown> };
    void counting.countViews(config.name, { filter, views: tabViewsOf(config.tabs) }).catch(() => undefined);
  }
}
