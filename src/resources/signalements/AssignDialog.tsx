import { useEffect, useState } from 'react';
import { useCanAccess, useGetList } from 'ra-core';
import Autocomplete from '@mui/material/Autocomplete';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SERVICES } from '@mamoudzou/domain/vocabulary';
import { useRecordMutations } from '../../generic/actions/useRecordMutations';
import { ActionDialogFrame } from '../../common/ActionDialogFrame';
import { useResourceScreen } from '../../generic/screen';
import type { ActionDialogProps } from '../../generic/types';
import { fr, format } from '../../i18n/fr';

const l = fr.resources.signalements.assignDialog;

/**
 * Assign to a service and/or a person. Roles that may list users (editors, administrators) pick
 * among them; operators type the person's name.
 */
export default function AssignDialog({ open, ids, record, onClose }: ActionDialogProps) {
  const { config, storeKey } = useResourceScreen();
  const { canAccess: mayListUsers } = useCanAccess({ resource: 'utilisateurs', action: 'list' });
  const { updateRecords } = useRecordMutations(config.name, storeKey);
  const [service, setService] = useState('');
  const [person, setPerson] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setService(String(record?.service ?? ''));
      setPerson(String(record?.assignedTo ?? ''));
      setError(false);
    }
  }, [open, record?.service, record?.assignedTo]);

  const users = useGetList(
    'utilisateurs',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'username', order: 'ASC' }, filter: {}, meta: { fields: ['username', 'email'] } },
    { enabled: open && mayListUsers === true, retry: false },
  );
  const options = (users.data ?? []).map((u) => String(u.username ?? u.email ?? '')).filter(Boolean);

  const submit = async () => {
    if (!service && !person.trim()) {
      setError(true);
      return;
    }
    setBusy(true);
    const ok = await updateRecords(
      ids,
      { service: service || null, assignedTo: person.trim() || null },
      { successTitle: l.successTitle, success: l.successMessage, bulkSuccess: l.bulkSuccessMessage, errorTitle: l.errorTitle, error: l.errorMessage },
      record,
    );
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <ActionDialogFrame
      open={open}
      title={ids.length > 1 ? format(l.bulkTitle, { n: ids.length }) : l.title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={l.submit}
      cancelLabel={l.cancel}
      busy={busy}
    >
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
    </ActionDialogFrame>
  );
}
