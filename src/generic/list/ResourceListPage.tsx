import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ListBase, useListContext } from 'ra-core';
import { Pagination } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useIsPhone } from '../../common/breakpoints';
import { useIdlePreload } from '../../common/LazyOverlays';
import { lazyWithPreload, preloadComponent } from '../../common/lazyWithPreload';
import { ResourceScreenProvider, usePendingAction, useResourceScreen, useScreenRoute } from '../screen';
import type { ResourceConfig, Row } from '../types';
import { useResourceConfig } from '../useResourceConfig';
import { ListCards } from './ListCards';
import { ListFilters } from './ListFilters';
import { listFieldsOf } from './listFields';
import { ListHeader } from './ListHeader';
import { ListStatusLine } from './ListStatusLine';
import { ListTabs, useListView } from './ListTabs';
import { listStoreKey, tabFilterOf, tabOf } from './listUrl';
import { ListAddressProvider, useListUrl } from './useListUrl';
import { SummaryCards } from './SummaryCards';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useAfterFirstScreen, useFirstScreenShown } from '../../common/firstScreen';

/** « Chargement des … » while the list's first answer (or, on a wide screen, the table's code) is on its way. */
function ListLoading() {
  const { texts } = useResourceScreen();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{texts.loading}</Typography>
    </Box>
  );
}

function ListBody({ phone }: { phone: boolean }) {
  const { config, texts, lists, available } = useResourceScreen();
  const { total, isPending, error, perPage, filterValues, filter } = useListContext();
  const selectable = available(lists.bulk).length > 0;
  // The list's first answer on the page: what waits for the first screen (the real-time connection) may go.
  useFirstScreenShown(!isPending);
  if (error) {
    return (
      <Alert severity="error" sx={{ justifyContent: 'center' }}>
        {texts.loadingError} : {frenchErrorMessage(error)}
      </Alert>
    );
  }
  if (isPending) return <ListLoading />;
  if (!total) {
    // The tab's filter ("Urgences") narrows the list as the user's own do.
    const filtered = Object.values({ ...filterValues, ...filter }).some((value) => value !== undefined);
    const hint = filtered ? texts.emptyFilteredHint : texts.emptyHint;
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{texts.empty}</Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    );
  }
  const options = [...new Set([perPage, 10, 25, 50, 100])].sort((a, b) => a - b);
  return (
    <>
      {phone || config.list.layout === 'cards' ? (
        <ListCards selectable={selectable} />
      ) : (
        <Suspense fallback={<ListLoading />}>
          <ListTable selectable={selectable} />
        </Suspense>
      )}
      <Pagination rowsPerPageOptions={options} />
    </>
  );
}

/**
 * The table (react-admin's DataTable, its column chooser, the bulk actions' bar and MUI's table and tooltips) is not a
 * phone's, whose lists are cards: a chunk of its own (and its libraries a file of their own, vite.config.ts), asked for
 * when a list shows on a wider screen, beside the list's first call (ResourceScreenLayout). A phone's cold load was
 * ~28 KB (gzip) heavier with it.
 */
const ListTable = lazyWithPreload<{ selectable: boolean }>(() => import('./ListTable').then((m) => ({ default: m.ListTable })));

/**
 * The detail dialog and the actions' confirmations and dialogs: no list shows them at first, their
 * chunks (Dialog, its parts, react-admin's Confirm) load as the list renders, not before it.
 */
const DetailDialog = lazy(() => import('../dialogs/DetailDialog').then((m) => ({ default: m.DetailDialog })));
const ActionHost = lazy(() => import('../actions/ActionHost').then((m) => ({ default: m.ActionHost })));

/**
 * The create and edit form (inputs, editors, pickers, the zod bridge): a chunk of its own, loaded
 * the first time the route asks for it, not with the list; kept mounted afterwards so
 * that it closes with its transition.
 */
const FormDialog = lazy(() => import('../dialogs/FormDialog').then((m) => ({ default: m.FormDialog })));

/**
 * The detail and the actions' host (its children), rendered once the first rows are shown: rendered with the list,
 * their chunks (~40 KB on a phone) came before the rows. At once when the address is a record's or an action was asked
 * for. The dialogs come as children made by the screen's layout: this latch follows the route and the pending action,
 * and re-rendering the detail with it made « Changer statut » ~90 ms slower on a phone.
 */
function AfterFirstRows({ children }: { children: ReactNode }) {
  const { route } = useScreenRoute();
  const { pending } = usePendingAction();
  const afterFirstScreen = useAfterFirstScreen();
  const [wanted, setWanted] = useState(false);
  // Latched: a dialog closing keeps its transition and its state.
  if (!wanted && (afterFirstScreen || route.mode !== 'list' || pending)) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function LazyFormDialog() {
  const { route } = useScreenRoute();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (route.mode === 'create' || route.mode === 'edit')) setWanted(true);
  if (!wanted) return null;
  // No placeholder dialog: the form's own opens once, with its transition, when its chunk is there.
  return (
    <Suspense fallback={null}>
      <FormDialog />
    </Suspense>
  );
}

/** Another view of the records (config.list.views), in place of the count and the records. */
function ListView({ id, onShowList }: { id: string; onShowList: (filter?: Row) => void }) {
  const { config } = useResourceScreen();
  const View = config.list.views!.find((view) => view.id === id)!.component;
  return (
    <Box sx={{ mt: 2 }}>
      <Suspense fallback={<ListLoading />}>
        <View showList={onShowList} />
      </Suspense>
    </Box>
  );
}

/** The screen of a resource: header, figures, tabs, filters, count and selection, the records (or another view of them), and its dialogs. */
export function ResourceScreenLayout({ children }: { children?: ReactNode }) {
  const { config } = useResourceScreen();
  const phone = useIsPhone();
  const [view, setView] = useListView();
  // A wide screen's table, asked for as the page first shows (not on the dashboard, whose file holds this page too).
  const table = !phone && config.list.layout !== 'cards';
  useEffect(() => {
    if (table) preloadComponent(ListTable);
  }, [table]);
  // What a tap on a record opens (its detail's body, its row and detail actions' dialogs), loaded when the page is idle.
  useIdlePreload(
    useCallback(() => {
      preloadComponent(config.detail?.body);
      const ids = new Set([...(config.actions?.row ?? []), ...(config.actions?.detail ?? [])]);
      for (const action of config.actions?.custom ?? []) if (ids.has(action.id)) preloadComponent(action.dialog);
    }, [config]),
  );
  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <ListHeader />
      <SummaryCards />
      <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <ListTabs />
        {!config.list.views?.find((v) => v.id === view)?.standalone && <ListFilters phone={phone} />}
        {view ? (
          <ListView id={view} onShowList={(filter) => setView(undefined, filter)} />
        ) : (
          <>
            <ListStatusLine />
            <ListBody phone={phone} />
          </>
        )}
      </Card>
      <AfterFirstRows>
        <DetailDialog />
        <ActionHost />
      </AfterFirstRows>
      <LazyFormDialog />
      {children}
    </Box>
  );
}

/**
 * The generic page of a resource, read from its config (its route hands it, generic/resourceProps.tsx). Its params
 * (filters, search, sort, page) and its tab are in the address, react-admin's way (listUrl.ts), and
 * remembered in the store for the next visit; the dialogs' addresses keep them (/{name}/{id}?...),
 * so that the list behind a dialog stays as it was. The tab's filter is a permanent filter of the list.
 */
export default function ResourceListPage({ config: given }: { config: ResourceConfig }) {
  const config = useResourceConfig(given);
  return (
    <ListAddressProvider>
      <ResourceList config={config} />
    </ListAddressProvider>
  );
}

/** The list and its screen, rendered again when the list's query changes, not when a dialog's address opens over it. */
function ResourceList({ config }: { config: ResourceConfig }) {
  const { query } = useListUrl(config);
  const tab = tabOf(config, query);
  const filter = useMemo(() => tabFilterOf(config, tab), [config, tab]);
  return (
    <ListBase
      resource={config.name}
      sort={config.list.sort}
      perPage={config.list.perPage ?? 25}
      storeKey={listStoreKey(config)}
      filter={filter}
      queryOptions={{ meta: { fields: listFieldsOf(config) } }}
    >
      <ResourceScreenProvider config={config}>
        <ResourceScreenLayout />
      </ResourceScreenProvider>
    </ListBase>
  );
}
