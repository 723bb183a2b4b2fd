import { useCanAccessResources, useGetList, useListContext, useStore } from 'ra-core';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import type { ListViewConfig, Row, TabConfig } from '../types';
import { tabKeys } from './ListFilters';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The list's filters without what the tabs set. */
function baseFilter(filterValues: Row, keys: Set<string>): Row {
  return Object.fromEntries(Object.entries(filterValues).filter(([key]) => !keys.has(key)));
}

/** The tab whose saved filter the list's filters hold; the one with an empty filter ("Tous") otherwise. */
export function activeTab(tabs: TabConfig[], filterValues: Row): TabConfig | undefined {
  const matching = tabs.filter((tab) => Object.keys(tab.filter).length > 0 && Object.entries(tab.filter).every(([k, v]) => sameValue(filterValues[k], v)));
  return matching[0] ?? tabs.find((tab) => Object.keys(tab.filter).length === 0);
}

function TabLabel({ tab, base }: { tab: TabConfig; base: Row }) {
  const { config } = useResourceScreen();
  const { total } = useGetList(config.name, { pagination: { page: 1, perPage: 1 }, filter: { ...base, ...tab.filter }, meta: { fields: ['documentId'] } });
  return <>{total === undefined ? tab.label : format(fr.generic.tabCount, { label: tab.label, n: total })}</>;
}

/** The views of the list the user may open: one that shows another resource's records follows that resource's access. */
export function useListViews(): ListViewConfig[] {
  const { config } = useResourceScreen();
  const views = config.list.views ?? [];
  const others = views.flatMap((view) => (view.resource ? [view.resource] : []));
  const { canAccess } = useCanAccessResources({ action: 'list', resources: others });
  return views.filter((view) => !view.resource || canAccess?.[view.resource] === true);
}

/** The view of the list shown (config.list.views), kept in the store: undefined is the list itself. */
export function useListView(): [string | undefined, (id: string | undefined) => void] {
  const { config } = useResourceScreen();
  const views = useListViews();
  const [stored, setStored] = useStore<string | undefined>(`${config.name}.listView`, undefined);
  const known = views.some((view) => view.id === stored) ? stored : undefined;
  return [known, setStored];
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
 * other filters, then the other views of the list ("Carte", "Catégories"), if any.
 */
export function ListTabs() {
  const { config } = useResourceScreen();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [view, setView] = useListView();
  const tabs = config.tabs ?? [];
  const views = useListViews();
  if (tabs.length === 0 && views.length === 0) return null;
  const keys = tabKeys(tabs);
  const base = baseFilter(filterValues, keys);
  const current = activeTab(tabs, filterValues);
  const value = view ? viewValue(view) : tabs.length ? (current?.id ?? false) : LIST_TAB;
  const pick = (id: string) => {
    const picked = views.find((v) => viewValue(v.id) === id);
    if (picked) return setView(picked.id);
    setView(undefined);
    const tab = tabs.find((t) => t.id === id);
    if (tab) setFilters({ ...base, ...tab.filter }, displayedFilters);
  };
  return (
    <Tabs
      value={value}
      onChange={(_, id: string) => pick(id)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={config.list.tabsLabel ?? fr.generic.tabs}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.id} value={tab.id} label={<TabLabel tab={tab} base={base} />} />
      ))}
      {tabs.length === 0 && <Tab value={LIST_TAB} label={<ListTabLabel />} />}
      {views.map((v) => {
        const Icon = v.icon;
        return <Tab key={v.id} value={viewValue(v.id)} label={v.label} icon={Icon ? <Icon /> : undefined} iconPosition="start" sx={{ minHeight: 48 }} />;
      })}
    </Tabs>
  );
}
