import { useGetList, useListContext } from 'ra-core';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import type { Row, TabConfig } from '../types';
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

/** Saved filters as tabs ("Tous", "Urgences"...), each with the count of its records under the other filters. */
export function ListTabs() {
  const { config } = useResourceScreen();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const tabs = config.tabs ?? [];
  if (tabs.length === 0) return null;
  const keys = tabKeys(tabs);
  const base = baseFilter(filterValues, keys);
  const current = activeTab(tabs, filterValues);
  return (
    <Tabs
      value={current?.id ?? false}
      onChange={(_, id: string) => setFilters({ ...base, ...tabs.find((t) => t.id === id)!.filter }, displayedFilters)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={fr.generic.tabs}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.id} value={tab.id} label={<TabLabel tab={tab} base={base} />} />
      ))}
    </Tabs>
  );
}
