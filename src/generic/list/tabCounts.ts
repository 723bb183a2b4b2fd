import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { CountViewsParams } from '../../providers/dataProvider';
import type { Row, TabConfig } from '../types';
import { tabViewsOf } from './listUrl';

type CountingProvider = { countViews?: (resource: string, params: CountViewsParams) => Promise<Record<string, number> | false> };

/**
 * The count of every tab under the list's other filters, in one call where the backend offers it
 * (`viewCounts`): undefined while it is on its way, false where each tab must count its own list.
 */
export function useTabCounts(resource: string, tabs: TabConfig[], base: Row): Record<string, number> | false | undefined {
  const dataProvider = useDataProvider() as unknown as CountingProvider;
  const views = useMemo(() => tabViewsOf(tabs), [tabs]);
  const { data } = useQuery({
    queryKey: [resource, 'viewCounts', { filter: base, views }],
    queryFn: ({ signal }) => (dataProvider.countViews ? dataProvider.countViews(resource, { filter: base, views, signal }) : false),
  });
  return data;
}
