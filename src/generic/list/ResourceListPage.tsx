import type { ReactNode } from 'react';
import { ListBase, useListContext } from 'ra-core';
import { Pagination } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useIsPhone } from '../../common/breakpoints';
import { ActionHost } from '../actions/ActionHost';
import { DetailDialog } from '../dialogs/DetailDialog';
import { FormDialog } from '../dialogs/FormDialog';
import { ResourceScreenProvider, useResourceScreen } from '../screen';
import { useResourceConfig } from '../useResourceConfig';
import { ListCards } from './ListCards';
import { ListFilters } from './ListFilters';
import { listFieldsOf } from './listFields';
import { ListHeader } from './ListHeader';
import { ListStatusLine } from './ListStatusLine';
import { ListTable } from './ListTable';
import { ListTabs } from './ListTabs';
import { ListViews } from './ListViews';
import { SummaryCards } from './SummaryCards';

function ListBody({ phone }: { phone: boolean }) {
  const { config, texts, lists, available } = useResourceScreen();
  const { total, isPending, error, perPage } = useListContext();
  const selectable = available(lists.bulk).length > 0;
  if (error) {
    return (
      <Alert severity="error" sx={{ justifyContent: 'center' }}>
        {texts.loadingError} : {(error as Error).message}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{texts.loading}</Typography>
      </Box>
    );
  }
  if (!total) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {texts.empty}
      </Typography>
    );
  }
  const options = [...new Set([perPage, 10, 25, 50, 100])].sort((a, b) => a - b);
  return (
    <>
      {phone || config.list.layout === 'cards' ? <ListCards selectable={selectable} /> : <ListTable selectable={selectable} />}
      <Pagination rowsPerPageOptions={options} />
    </>
  );
}

/** The screen of a resource: header, figures, tabs, filters, count and selection, the records, and its dialogs. */
export function ResourceScreenLayout({ children }: { children?: ReactNode }) {
  const phone = useIsPhone();
  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <ListHeader />
      <SummaryCards />
      <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <ListTabs />
        <ListFilters phone={phone} />
        <ListViews>
          <ListStatusLine />
          <ListBody phone={phone} />
        </ListViews>
      </Card>
      <DetailDialog />
      <FormDialog />
      <ActionHost />
      {children}
    </Box>
  );
}

/**
 * The generic page of a resource, read from its config (App.tsx maps it on /{name}/*). Params and
 * selection live in the store, not the URL: react-admin's URL sync navigates relative to the list
 * route and would close a dialog opened at /{name}/{id}.
 */
export default function ResourceListPage() {
  const config = useResourceConfig();
  return (
    <ListBase
      resource={config.name}
      sort={config.list.sort}
      perPage={config.list.perPage ?? 25}
      disableSyncWithLocation
      storeKey={`${config.name}.listParams`}
      queryOptions={{ meta: { fields: listFieldsOf(config) } }}
    >
      <ResourceScreenProvider config={config}>
        <ResourceScreenLayout />
      </ResourceScreenProvider>
    </ListBase>
  );
}
