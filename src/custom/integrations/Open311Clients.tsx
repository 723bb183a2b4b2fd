import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { can } from '@mamoudzou/domain/permissions';
import { ActionDialogFrame } from '../../common/ActionDialogFrame';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { formatDate } from '../../i18n/dates';
import { format } from '../../i18n/fr';
import { API_URL } from '../../providers/env';
import { useCustomCalls } from '../../providers/customCalls';
import { messages as t } from './messages';
import { usePermissionsNow } from '../../common/access/useAccess';

const c = t.open311;
const PATH = '/api/open311-clients';
const KEY = ['integrations', 'open311-clients'] as const;

interface Client {
  documentId: string;
  name: string;
  keyStart: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** The citizens' page's own client (its key stays on the server). */
  page?: boolean | null;
}

/** The citizens' page, beside the back-office. */
const CITIZEN_PAGE_URL = `${typeof window === 'undefined' ? '' : window.location.origin}/signaler`;

/**
 * The citizens' channel on the Intégrations page: the applications that may file reports through
 * Open311, each with the start of its key. Administrators add one (its key is shown once, then only
 * its hash is kept) and revoke one; Editors read the list.
 */
export function Open311Clients() {
  const calls = useCustomCalls();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { permissions } = usePermissionsNow();
  const mayAdd = can(permissions?.role, 'integrations', 'create');
  const mayRevoke = can(permissions?.role, 'integrations', 'delete');
  const headingId = useId();
  // On a phone each client is a block of lines: four columns do not fit 390 px.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ name: string; apiKey: string } | null>(null);
  const [revoking, setRevoking] = useState<Client | null>(null);

  const clients = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => calls.get<{ data: Client[] }>(PATH, { 'pagination[pageSize]': 100 }, signal).then((body) => body.data),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: (clientName: string) => calls.send<{ data: Client & { apiKey: string } }>('POST', PATH, { data: { name: clientName } }),
    onSuccess: ({ data }) => {
      setAdding(false);
      setName('');
      setIssued({ name: data.name, apiKey: data.apiKey });
      void refresh();
    },
  });
  const openPage = useMutation({
    mutationFn: () => calls.send('POST', PATH, { data: { page: true } }),
    onSuccess: () => {
      toast({ title: c.pageOpenedTitle, description: format(c.pageOpenedMessage, { url: CITIZEN_PAGE_URL }), variant: 'success' });
      void refresh();
    },
    onError: (error) => toast({ title: c.errorTitle, description: frenchErrorMessage(error), variant: 'destructive' }),
  });
  const pageClient = clients.data?.find((client) => client.page && !client.revokedAt);
  const keyOf = (client: Client) => (client.page ? c.pageKey : <code>{client.keyStart}…</code>);
  const revoke = useMutation({
    mutationFn: (client: Client) => calls.send('DELETE', `${PATH}/${client.documentId}`),
    onSuccess: (_data, client) => {
      setRevoking(null);
      toast({ title: c.revokedTitle, description: format(c.revokedMessage, { name: client.name }), variant: 'success' });
      void refresh();
    },
    onError: (error) => toast({ title: c.errorTitle, description: frenchErrorMessage(error), variant: 'destructive' }),
  });

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, mt: 2, minWidth: 0, maxWidth: '100%', overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1, minWidth: 200 }}>
          {c.title}
        </Typography>
        {mayAdd && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {c.add}
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {format(c.help, { url: `${API_URL}/open311/v2/services.json` })}
      </Typography>
      {clients.data && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography sx={{ flex: 1, minWidth: 240 }}>
            {`${c.page} : ${format(pageClient ? c.pageOpen : c.pageClosed, { url: CITIZEN_PAGE_URL })}`}
          </Typography>
          {mayAdd && !pageClient && (
            <Button variant="outlined" onClick={() => openPage.mutate()} disabled={openPage.isPending}>
              {c.openPage}
            </Button>
          )}
        </Box>
      )}
      {issued && (
        <Alert severity="warning" onClose={() => setIssued(null)} sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{format(c.issuedTitle, { name: issued.name })}</Typography>
          <Typography>{c.issuedMessage}</Typography>
          <Box component="code" aria-label={c.keyLabel} sx={{ display: 'block', mt: 1, p: 1, bgcolor: 'background.paper', wordBreak: 'break-all', userSelect: 'all' }}>
            {issued.apiKey}
          </Box>
        </Alert>
      )}
      {clients.isError && <Alert severity="error">{frenchErrorMessage(clients.error)}</Alert>}
      {clients.data && clients.data.length === 0 && <Typography>{c.empty}</Typography>}
      {clients.data && clients.data.length > 0 && phone && (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {clients.data.map((client) => (
            <Box component="li" key={client.documentId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Typography sx={{ fontWeight: 700 }}>{client.name}</Typography>
              <Typography variant="body2">
                {c.key} : {keyOf(client)}
              </Typography>
              <Typography variant="body2">
                {c.lastUsed} : {client.lastUsedAt ? formatDate(client.lastUsedAt) : c.never}
              </Typography>
              <Typography variant="body2">{client.revokedAt ? format(c.revokedOn, { date: formatDate(client.revokedAt) }) : c.active}</Typography>
              {mayRevoke && !client.revokedAt && (
                <Button size="small" color="error" onClick={() => setRevoking(client)} aria-label={format(c.revokeOne, { name: client.name })} sx={{ mt: 0.5 }}>
                  {c.revoke}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      {clients.data && clients.data.length > 0 && !phone && (
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.key}</TableCell>
                <TableCell>{c.lastUsed}</TableCell>
                <TableCell>{c.state}</TableCell>
                {mayRevoke && <TableCell>{c.actions}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.data.map((client) => (
                <TableRow key={client.documentId}>
                  <TableCell>{client.name}</TableCell>
                  <TableCell>{keyOf(client)}</TableCell>
                  <TableCell>{client.lastUsedAt ? formatDate(client.lastUsedAt) : c.never}</TableCell>
                  <TableCell>{client.revokedAt ? format(c.revokedOn, { date: formatDate(client.revokedAt) }) : c.active}</TableCell>
                  {mayRevoke && (
                    <TableCell>
                      {!client.revokedAt && (
                        <Button size="small" color="error" onClick={() => setRevoking(client)} aria-label={format(c.revokeOne, { name: client.name })}>
                          {c.revoke}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}

      <ActionDialogFrame
        open={adding}
        title={c.addTitle}
        onClose={() => setAdding(false)}
        onSubmit={() => create.mutate(name.trim())}
        submitLabel={c.create}
        cancelLabel={c.cancel}
        busy={create.isPending}
        canSubmit={name.trim().length > 0}
        description={c.addHelp}
      >
        <TextField
          label={c.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 80 } }}
          error={create.isError}
          helperText={create.isError ? frenchErrorMessage(create.error) : c.namePlaceholder}
          sx={{ mt: 1 }}
        />
      </ActionDialogFrame>
      <ConfirmDialog
        open={!!revoking}
        title={c.revokeTitle}
        message={revoking ? format(c.revokeMessage, { name: revoking.name }) : ''}
        confirmLabel={c.revoke}
        cancelLabel={c.cancel}
        destructive
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
