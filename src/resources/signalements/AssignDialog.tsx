import { useEffect, useState } from 'react';
import { useGetList } from 'ra-core';
import Autocomplete from '@mui/material/Autocomplete';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SERVICES } from '@mamoudzou/domain/vocabulary';
import { UpdateDialog } from '../../generic/dialogs/UpdateDialog';
import type { ActionDialogProps } from '../../generic/types';
import { messages } from './messages';
import { useAccess } from '../../common/access/useAccess';

const l = messages.assignDialog;

/**
 * Assign to a service and/or a person. Roles that may list users (editors, administrators) pick
 * among them; operators type the person's name.
 */
export default function AssignDialog(props: ActionDialogProps) {
  const { open, record } = props;
  const { canAccess: mayListUsers } = useAccess({ resource: 'utilisateurs', action: 'read' });
  const [service, setService] = useState('');
  const [person, setPerson] = useState('');
  const [error, setError] = useState(false);
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

  return (
    <UpdateDialog
      {...props}
      texts={l}
      data={{ service: service || null, assignedTo: person.trim() || null }}
      validate={() => {
        // A service or a person: an empty assignment says nothing.
        const ok = !!service || !!person.trim();
        setError(!ok);
        return ok;
      }}
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
    </UpdateDialog>
  );
}
