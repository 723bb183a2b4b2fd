import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDelete } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import AddIcon from '@mui/icons-material/Add';
import { visuallyHidden } from '@mui/utils';
import { MODULE_LABELS, grantsBeyond, moduleHas, permissionsOf, roleLabelOf, type Action, type Module, type RoleMatrix, type RoleMatrixRow, type RoleRef } from '@mamoudzou/domain/permissions';
import { Badge } from '../../common/Badge';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { useCustomCalls } from '../../providers/customCalls';
import { fr, format } from '../../i18n/fr';
import { messages as t } from './roleMessages';
import { useAccess, usePermissionsNow } from '../../common/access/useAccess';

const RoleEditorDialog = lazy(() => import('./RoleEditorDialog'));

/** The query of the matrix, kept under the roles resource (a role written refreshes it). */
export const ROLE_MATRIX_KEY = ['roles', 'matrix'] as const;

/**
 * Why the signed-in person may neither edit nor delete a role the backend would refuse them: their own
 * role, or one with rights theirs lacks.
 */
function lockOf(role: RoleMatrixRow, mine: RoleRef): string | undefined {
  const own = typeof mine === 'string' ? mine : mine?.name;
  if (own === role.name) return t.ownRoleHint;
  if (Object.keys(grantsBeyond(role.permissions, permissionsOf(mine))).length) return t.widerHint;
  return undefined;
}

/**
 * One role: its name, description, number of users, edit and delete (disabled for a system role, for
 * the person's own role or one wider than theirs; delete disabled while someone holds the role; each
 * with the reason), and its matrix.
 */
function RoleCard({
  role,
  modules,
  actions,
  onEdit,
  onDelete,
  locked,
}: {
  role: RoleMatrixRow;
  modules: readonly Module[];
  actions: readonly Action[];
  onEdit?: (role: RoleMatrixRow) => void;
  onDelete?: (role: RoleMatrixRow) => void;
  locked?: string;
}) {
  const held = role.users > 0;
  const name = roleLabelOf(role.name);
  const lockedHint = locked && (onEdit || onDelete) ? locked : undefined;
  return (
    <Card variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`role-${role.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={`role-${role.id}`} variant="h6" component="h3" sx={{ fontSize: 17, fontWeight: 600 }}>
              {name}
            </Typography>
            {role.system ? <Badge label={t.system} tone="blue" /> : <Badge label={t.custom} tone="grey" />}
            <Typography variant="body2" color="text.secondary">
              {format(t.users, { n: role.users })}
            </Typography>
          </Box>
          {role.description && (
            <Typography variant="body2" color="text.secondary">
              {role.description}
            </Typography>
          )}
        </Box>
        {role.system ? (
          <>
            {/* A system role's rights are the matrix of domain/permissions.ts: its buttons are there, disabled, with the reason. */}
            <Button size="small" startIcon={<EditIcon />} disabled aria-label={format(t.editOf, { name })} aria-describedby={`role-${role.id}-hint`}>
              {t.edit}
            </Button>
            <Button size="small" startIcon={<DeleteIcon />} disabled aria-label={format(t.deleteOf, { name })} aria-describedby={`role-${role.id}-hint`}>
              {t.delete}
            </Button>
          </>
        ) : (
          <>
            {onEdit && (
              <Button
                size="small"
                startIcon={<EditIcon />}
                aria-label={format(t.editOf, { name })}
                onClick={() => onEdit(role)}
                disabled={!!lockedHint}
                aria-describedby={lockedHint ? `role-${role.id}-hint` : undefined}
              >
                {t.edit}
              </Button>
            )}
            {onDelete && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                aria-label={format(t.deleteOf, { name })}
                onClick={() => onDelete(role)}
                disabled={held || !!lockedHint}
                aria-describedby={held || lockedHint ? `role-${role.id}-hint` : undefined}
              >
                {t.delete}
              </Button>
            )}
          </>
        )}
      </Box>
      {(role.system || lockedHint || (held && onDelete)) && (
        <Typography id={`role-${role.id}-hint`} variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {role.system ? t.systemHint : (lockedHint ?? format(t.heldHint, { n: role.users }))}
        </Typography>
      )}
      {/* Positioned: the cells' visually hidden words (absolute) are then clipped with the table, not laid out past a phone's screen. */}
      {/* Focusable: on a phone the table scrolls sideways, which a keyboard must reach too. */}
      <TableContainer tabIndex={0} role="group" aria-label={format(t.matrixOf, { name })} sx={{ overflowX: 'auto', position: 'relative' }}>
        <Table size="small" aria-label={format(t.matrixOf, { name })}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t.module}</TableCell>
              {actions.map((action) => (
                <TableCell key={action} component="th" scope="col" align="center">
                  {t.actions[action]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {modules.map((module) => (
              <TableRow key={module}>
                <TableCell component="th" scope="row">{MODULE_LABELS[module]}</TableCell>
                {actions.map((action) => {
                  const allowed = role.permissions[module]?.includes(action) ?? false;
                  if (!moduleHas(module, action))
                    return (
                      <TableCell key={action} align="center" data-allowed="n/a">
                        <Box component="span" sx={visuallyHidden}>
                          {t.notApplicable}
                        </Box>
                      </TableCell>
                    );
                  // A right the app narrows (an Auteur's own drafts): said in the cell, for everyone to read.
                  const limit = allowed ? role.limits?.[module]?.[action] : undefined;
                  return (
                    <TableCell key={action} align="center" data-allowed={allowed}>
                      {allowed ? <CheckIcon fontSize="small" color="success" aria-hidden /> : <span aria-hidden>—</span>}
                      {limit ? (
                        <Typography component="span" variant="caption" sx={{ display: 'block', lineHeight: 1.2 }}>
                          {limit}
                        </Typography>
                      ) : (
                        <Box component="span" sx={visuallyHidden}>
                          {allowed ? t.allowed : t.denied}
                        </Box>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/**
 * "Rôles & Permissions": each staff role with what it may do per module and action, read from the
 * backend (GET /api/role-matrix: what it grants). System roles are read-only; those who manage users
 * create a role from the matrix's modules and actions they hold, edit a role within their rights (not
 * their own), and delete one nobody holds.
 */
export default function RolesMatrixView() {
  const calls = useCustomCalls();
  const toast = useToast();
  const [deleteOne, { isPending: deleting }] = useDelete();
  // An Editor reads the matrix; deleting a role is for those who may delete accounts.
  const { canAccess: mayDelete } = useAccess({ resource: 'roles', action: 'delete' });
  const { canAccess: mayCreate } = useAccess({ resource: 'roles', action: 'create' });
  const { canAccess: mayEdit } = useAccess({ resource: 'roles', action: 'edit' });
  const { permissions } = usePermissionsNow();
  const [toDelete, setToDelete] = useState<RoleMatrixRow | null>(null);
  // The role being edited; `true`: a new one.
  const [editing, setEditing] = useState<RoleMatrixRow | true | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: ROLE_MATRIX_KEY,
    queryFn: async ({ signal }) => (await calls.get<{ data: RoleMatrix }>('/api/role-matrix', {}, signal)).data,
  });
  if (error) return <Alert severity="error">{`${t.error} : ${frenchErrorMessage(error)}`}</Alert>;
  if (isPending || !data)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t.loading}</Typography>
      </Box>
    );
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteOne('roles', { id: toDelete.id, previousData: { id: toDelete.id } }, { mutationMode: 'pessimistic', returnPromise: true });
      toast({ title: t.deleted.title, description: t.deleted.message, variant: 'success' });
      setToDelete(null);
    } catch (e) {
      toast({ title: t.deleteError.title, description: `${t.deleteError.message} ${frenchErrorMessage(e)}`, variant: 'destructive' });
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {t.intro}
        </Typography>
        {mayCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(true)}>
            {t.newRole}
          </Button>
        )}
      </Box>
      {/* minmax(0, 1fr): a grid column would otherwise grow to its widest matrix, past a phone's screen. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {data.roles.map((role) => (
          <RoleCard key={role.id} role={role} modules={data.modules} actions={data.actions} onEdit={mayEdit ? setEditing : undefined} onDelete={mayDelete ? setToDelete : undefined} locked={lockOf(role, permissions?.role)} />
        ))}
      </Box>
      {editing && (
        <Suspense fallback={null}>
          <RoleEditorDialog role={editing === true ? undefined : editing} modules={data.modules} actions={data.actions} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {toDelete && (
        <ConfirmDialog
          open
          title={t.deleteConfirm.title}
          message={format(t.deleteConfirm.message, { name: toDelete.name })}
          confirmLabel={t.delete}
          cancelLabel={fr.generic.cancel}
          destructive
          busy={deleting}
          onConfirm={confirmDelete}
          onClose={() => setToDelete(null)}
        />
      )}
    </Box>
  );
}
