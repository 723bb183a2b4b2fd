import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import type { Theme } from '@mui/material/styles';
import { MODULE_LABELS, moduleHas, normalizeGrants, permissionsOf, type Action, type Module, type RoleGrants, type RoleMatrixRow } from '@mamoudzou/domain/permissions';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { fr, format } from '../../i18n/fr';
import { useCustomCalls } from '../../providers/customCalls';
import { messages as t } from './roleMessages';
import { usePermissionsNow } from '../../common/access/useAccess';

export interface RoleEditorDialogProps {
  /** The role edited; none: a new role. */
  role?: RoleMatrixRow;
  modules: readonly Module[];
  actions: readonly Action[];
  onClose: () => void;
}

/** The module's column stays in view while the actions scroll sideways (a phone). */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** Every action needs to read its module (the backend keeps the same rule): checking one checks « Lecture », unchecking « Lecture » clears the row. */
function toggled(grants: RoleGrants, module: Module, action: Action, on: boolean, actions: readonly Action[]): RoleGrants {
  const current = new Set(grants[module] ?? []);
  if (on) {
    current.add(action);
    current.add('read');
  } else if (action === 'read') current.clear();
  else current.delete(action);
  const next = { ...grants, [module]: actions.filter((a) => current.has(a)) };
  if (!next[module]!.length) delete next[module];
  return next;
}

/**
 * A custom role, made or changed by an administrator: a name, a description, and what it may do in
 * the matrix's modules and actions (checkboxes, one per cell, each named by its action and module).
 * The backend stores the grants and applies them at once; a refusal keeps what was typed. A right the
 * signed-in person's role lacks is greyed (the backend refuses to give it), and said so.
 */
export default function RoleEditorDialog({ role, modules, actions, onClose }: RoleEditorDialogProps) {
  const id = useId();
  const calls = useCustomCalls();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [grants, setGrants] = useState<RoleGrants>(() => normalizeGrants(role?.permissions ?? {}));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const { permissions } = usePermissionsNow();
  const held = permissionsOf(permissions?.role);
  const holds = (module: Module, action: Action) => held[module]?.includes(action) ?? false;
  const someNotHeld = modules.some((module) => actions.some((action) => moduleHas(module, action) && !holds(module, action)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 3 || trimmed.length > 50) {
      setNameError(t.editor.nameLength);
      return;
    }
    if (!Object.keys(grants).length) {
      setError(t.editor.nothingChecked);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = { name: trimmed, description: description.trim(), grants };
      if (role) await calls.send('PUT', `/api/users-permissions/roles/${role.id}`, body);
      else await calls.send('POST', '/api/users-permissions/roles', body);
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      toast({ title: role ? t.editor.updated : t.editor.created, description: format(t.editor.savedMessage, { name: trimmed }), variant: 'success' });
      onClose();
    } catch (e) {
      setError(frenchErrorMessage(e));
      setBusy(false);
    }
  };

  const title = role ? format(t.editor.editTitle, { name: role.name }) : t.editor.createTitle;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, mt: 1 }}>
            <TextField
              label={t.editor.name}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
              required
              autoFocus
              error={!!nameError}
              helperText={nameError ?? ' '}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
            <TextField
              label={t.editor.description}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              helperText=" "
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Box>
          <Typography id={`${id}-matrix-hint`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t.editor.matrixHint}
            {someNotHeld && ` ${t.editor.notHeld}`}
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t.editor.matrixLabel} aria-describedby={`${id}-matrix-hint`}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col" sx={STICKY}>
                    {t.module}
                  </TableCell>
                  {actions.map((action) => (
                    <TableCell key={action} component="th" scope="col" align="center" sx={{ px: 0.5 }}>
                      {t.actions[action]}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {modules.map((module) => (
                  <TableRow key={module}>
                    <TableCell component="th" scope="row" sx={{ ...STICKY, whiteSpace: 'nowrap' }}>
                      {MODULE_LABELS[module]}
                    </TableCell>
                    {actions.map((action) =>
                      // An action the module does not have is offered nowhere.
                      !moduleHas(module, action) ? (
                        <TableCell key={action} align="center" padding="none">
                          <span aria-hidden>—</span>
                          <Box component="span" sx={visuallyHidden}>
                            {t.notApplicable}
                          </Box>
                        </TableCell>
                      ) : (
                      <TableCell key={action} align="center" padding="none">
                        <Checkbox
                          size="small"
                          checked={grants[module]?.includes(action) ?? false}
                          onChange={(e) => setGrants((g) => toggled(g, module, action, e.target.checked, actions))}
                          disabled={busy || !holds(module, action)}
                          slotProps={{ input: { 'aria-label': format(t.editor.cell, { action: t.actions[action], module: MODULE_LABELS[module] }) } }}
                        />
                      </TableCell>
                      ),
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {fr.generic.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
            {role ? t.editor.save : t.editor.create}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
