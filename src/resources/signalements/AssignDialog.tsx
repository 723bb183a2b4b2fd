import { useEffect, useId, useState } from 'react';
import { useDataProvider, usePermissions, type Identifier } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { can } from '@mamoudzou/domain/permissions';
import { SERVICES } from '@mamoudzou/domain/vocabulary';
import { fr, format } from '../../i18n/fr';
import { useReportActions } from './useReportActions';

const l = fr.resources.signalements.assignDialog;

export interface AssignDialogProps {
  open: boolean;
  ids: Identifier[];
  /** The current assignment of a single report. */
  initial?: { service?: string | null; assignedTo?: string | null };
  onClose: () => void;
}

/**
 * Assign to a service and/or a person. Editors and administrators pick among the users (the
 * backend lists them to those roles only); operators type the person's name.
 */
export function AssignDialog({ open, ids, initial, onClose }: AssignDialogProps) {
  const id = useId();
  const dataProvider = useDataProvider();
  const { permissions } = usePermissions<{ role?: string }>();
  const mayListUsers = can(permissions?.role, 'utilisateurs', 'read');
  const { assign } = useReportActions();
  const [service, setService] = useState('');
  const [person, setPerson] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setService(initial?.service ?? '');
      setPerson(initial?.assignedTo ?? '');
      setError(false);
    }
  }, [open, initial?.service, initial?.assignedTo]);

  const users = useQuery({
    queryKey: ['utilisateurs', 'assignees'],
    enabled: open && mayListUsers,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const { data } = await dataProvider.getList('utilisateurs', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'username', order: 'ASC' },
        filter: {},
        signal,
      });
      return data.map((u) => String(u.username ?? u.email ?? '')).filter(Boolean);
    },
  });
  const options = users.data ?? [];

  const submit = async () => {
    if (!service && !person.trim()) {
      setError(true);
      return;
    }
    setBusy(true);
    const ok = await assign(ids, { service: service || null, assignedTo: person.trim() || null });
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{ids.length > 1 ? format(l.bulkTitle, { n: ids.length }) : l.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select fullWidth label={l.service} value={service} onChange={(e) => { setService(e.target.value); setError(false); }}>
            <MenuItem value="">
              <em>{l.none}</em>
            </MenuItem>
            {SERVICES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            freeSolo
            options={options}
            inputValue={person}
            onInputChange={(_, value) => { setPerson(value); setError(false); }}
            loading={users.isFetching}
            renderInput={(params) => (
              <TextField
                {...params}
                label={l.person}
                helperText={mayListUsers && !users.isError ? l.personHelp : l.personFreeHelp}
              />
            )}
          />
          {error && (
            <FormHelperText error role="alert">
              {l.required}
            </FormHelperText>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {l.cancel}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {l.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
