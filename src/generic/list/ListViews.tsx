import { Suspense, useId, type ReactNode } from 'react';
import { useStore } from 'ra-core';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useResourceScreen } from '../screen';

const LIST = 'list';

/** The view shown (the list, or one of the config's other views), kept in the store: it outlives the dialogs opened over it. */
function useListView(): [string, (id: string) => void] {
  const { config } = useResourceScreen();
  const [view, setView] = useStore<string>(`${config.name}.view`, LIST);
  const known = view === LIST || config.list.views?.others.some((v) => v.id === view);
  return [known ? view : LIST, setView];
}

/**
 * The tabs of a resource's views ("Liste", "Calendrier"), when its config declares other views;
 * under them the view chosen: the list's own parts (count, records, pagination), or the view's slot.
 */
export function ListViews({ children }: { children: ReactNode }) {
  const { config } = useResourceScreen();
  const [view, setView] = useListView();
  const base = useId();
  const views = config.list.views;
  if (!views) return <>{children}</>;
  const tabs = [{ id: LIST, label: views.listLabel, icon: undefined }, ...views.others];
  const current = views.others.find((v) => v.id === view);
  const View = current?.component;
  return (
    <>
      <Tabs value={view} onChange={(_, id: string) => setView(id)} aria-label={views.label} sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((tab) => {
          const Icon = tab.icon;
          return (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.label}
              id={`${base}-tab-${tab.id}`}
              aria-controls={`${base}-panel`}
              icon={Icon ? <Icon /> : undefined}
              iconPosition="start"
              sx={{ minHeight: 48 }}
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${view}`}>
        {View ? (
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress size={24} aria-hidden />
              </Box>
            }
          >
            <Box sx={{ mt: 2 }}>
              <View />
            </Box>
          </Suspense>
        ) : (
          children
        )}
      </Box>
    </>
  );
}
