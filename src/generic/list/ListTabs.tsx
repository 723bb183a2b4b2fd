import { memo, useCallback, useEffect, useMemo } from 'react';
import { useGetList, useListContext } from 'ra-core';
import { TabStrip, type TabStripItem } from '../../common/TabStrip';
import { useLatestCallback } from '../../common/useLatestCallback';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import type { ListViewConfig, Row, TabConfig } from '../types';
import { tabKeys } from './ListFilters';
import { defaultTab, queryValue, slugOf, TAB_PARAM, tabOf, VIEW_PARAM, viewOf } from './listUrl';
import { useListAddress, useListUrl } from './useListUrl';
import { useTabCounts } from './tabCounts';
import { useAccessResources } from '../../common/access/useAccess';

const NONE: never[] = [];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The list's filters without what the tabs set. */
function baseFilter(filterValues: Row, keys: Set<string>): Row {
  return Object.fromEntries(Object.entries(filterValues).filter(([key]) => !keys.has(key)));
}

/** The tab whose saved filter these filters hold (params remembered from before tabs were in the address). */
function tabHeldBy(tabs: TabConfig[], filterValues: Row): TabConfig | undefined {
  return tabs.find((tab) => Object.keys(tab.filter).length > 0 && Object.entries(tab.filter).every(([k, v]) => sameValue(filterValues[k], v)));
}

const tabLabel = (tab: TabConfig, total: number | undefined) => (total === undefined ? tab.label : format(fr.generic.tabCount, { label: tab.label, n: total }));

/** A tab counted by a one-row list of its own, where the backend has no counting route for the resource. */
function TabLabel({ tab, base }: { tab: TabConfig; base: Row }) {
  const { config } = useResourceScreen();
  const { total } = useGetList(config.name, { pagination: { page: 1, perPage: 1 }, filter: { ...base, ...tab.filter }, meta: { fields: ['documentId'] } });
  return <>{tabLabel(tab, total)}</>;
}

/** The views of the list the user may open: one that shows another resource's records follows that resource's access. */
export function useListViews(): ListViewConfig[] {
  const { config } = useResourceScreen();
  const views = config.list.views ?? NONE;
  const others = views.flatMap((view) => (view.resource ? [view.resource] : []));
  const { canAccess } = useAccessResources({ action: 'list', resources: others });
  return useMemo(() => views.filter((view) => !view.resource || canAccess?.[view.resource] === true), [views, canAccess]);
}

/**
 * The view of the list shown (config.list.views), kept in the address (`?vue=calendrier`):
 * undefined is the list itself. Setting it shows that view, or the list (with some filters, say
 * a category picked in the categories view).
 */
export function useListView(): [string | undefined, (id: string | undefined, filter?: Row) => void] {
  const { config } = useResourceScreen();
  const { query, change } = useListUrl(config);
  const views = useListViews();
  // A view the user may not open (an address shared by someone else) shows the list.
  const view = views.find((v) => v.id === viewOf(config, query)?.id);
  const setView = useCallback(
    (id: string | undefined, filter?: Row) => {
      const picked = config.list.views?.find((v) => v.id === id);
      const filters = filter ? { filter: JSON.stringify(filter), page: undefined } : {};
      change({ [VIEW_PARAM]: picked ? slugOf(picked) : undefined, [TAB_PARAM]: undefined, ...filters });
    },
    [change, config],
  );
  return [view?.id, setView];
}

/** The list's own tab beside views, when there are no saved filters: "Liste (12)". */
function ListTabLabel() {
  const { config } = useResourceScreen();
  const { total } = useListContext();
  const label = config.list.label ?? fr.generic.listTab;
  return <>{total === undefined ? label : format(fr.generic.tabCount, { label, n: total })}</>;
}

const LIST_TAB = 'list';
const viewValue = (id: string) => `view:${id}`;

/**
 * Saved filters as tabs ("Tous", "Urgences"...), each with the count of its records under the
 * other filters, then the other views of the list ("Carte", "Catégories"), if any. The tab shown
 * is in the address (`?onglet=urgences`, `?vue=carte`): a link or a reload opens it again.
 */
export function ListTabs() {
  const { config } = useResourceScreen();
  const { filterValues } = useListContext();
  const { query, change } = useListUrl(config);
  const { search } = useListAddress();
  const [view, setView] = useListView();
  const tabs = config.tabs ?? NONE;
  const views = useListViews();
  const keys = tabKeys(tabs);
  const baseText = JSON.stringify(baseFilter(filterValues, keys));
  // The same object while the filters are the same: the tab bar below re-renders only when they change.
  const base = useMemo(() => JSON.parse(baseText) as Row, [baseText]);
  const current = tabOf(config, query);
  const held = Object.keys(filterValues).some((key) => keys.has(key));

  // A tab's filter remembered among the list's filters (before tabs were in the address): the address
  // names the tab instead, once react-admin has written the remembered params there.
  useEffect(() => {
    if (!held || !search) return;
    const legacy = queryValue(query, TAB_PARAM) ? undefined : tabHeldBy(tabs, filterValues);
    change({ filter: JSON.stringify(base), ...(legacy ? { [TAB_PARAM]: slugOf(legacy) } : {}) }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held, search]);

  const pick = (id: string) => {
    const picked = views.find((v) => viewValue(v.id) === id);
    if (picked) return setView(picked.id);
    const tab = tabs.find((t) => t.id === id);
    // The default tab ("Tous") is the list's address without `onglet`; another filter starts at page 1.
    // A tab with its own order opens in it; leaving it goes back to the list's order.
    const sort = tab?.sort ?? (current?.sort ? config.list.sort : undefined);
    change({
      [VIEW_PARAM]: undefined,
      [TAB_PARAM]: tab && tab !== defaultTab(config) ? slugOf(tab) : undefined,
      ...(tab !== current ? { page: undefined } : {}),
      ...(sort ? { sort: sort.field, order: sort.order } : {}),
    });
  };
  // The latest pick behind one function for the life of the list, so that the tab bar's props stay the same.
  const onPick = useLatestCallback(pick);

  if (tabs.length === 0 && views.length === 0) return null;
  const value = view ? viewValue(view) : tabs.length ? (current?.id ?? false) : LIST_TAB;
  return <TabBar value={value} tabs={tabs} views={views} base={base} label={config.list.tabsLabel ?? fr.generic.tabs} onPick={onPick} />;
}

interface TabBarProps {
  value: string | false;
  tabs: TabConfig[];
  views: ListViewConfig[];
  base: Row;
  label: string;
  onPick: (id: string) => void;
}

/**
 * The tabs themselves, rendered again only when the tab shown, the tabs or the filters change (a tab's count
 * arriving among them). Drawn without measuring the page (TabStrip): MUI's Tabs read the tabs' sizes after each
 * of its renders, which forced the page's layout as a phone's first list came in.
 */
const TabBar = memo(function TabBar({ value, tabs, views, base, label, onPick }: TabBarProps) {
  const { config } = useResourceScreen();
  // Every tab's count in one call where the backend offers it, else one list call per tab.
  const counts = useTabCounts(config.name, tabs, base);
  const items: TabStripItem[] = [
    ...tabs.map((tab) => ({ value: tab.id, label: counts === false ? <TabLabel tab={tab} base={base} /> : tabLabel(tab, counts?.[tab.id]) })),
    ...(tabs.length === 0 ? [{ value: LIST_TAB, label: <ListTabLabel /> }] : []),
    ...views.map((v) => {
      const Icon = v.icon;
      return { value: viewValue(v.id), label: v.label, icon: Icon ? <Icon aria-hidden /> : undefined };
    }),
  ];
  return <TabStrip value={value} items={items} onChange={onPick} label={label} />;
});
