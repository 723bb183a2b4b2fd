import { useEffect, useState } from 'react';
import { ListBase, useCanAccess, useListContext, type Identifier, type RaRecord } from 'ra-core';
import { Pagination, Title } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssignIcon from '@mui/icons-material/AssignmentIndOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import StatusIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ExportMenu } from '../../common/ExportMenu';
import { fr, format } from '../../i18n/fr';
import { signalements } from './index';
import { AssignDialog } from './AssignDialog';
import { ReportDetailDialog } from './ReportDetailDialog';
import { ReportFilters } from './ReportFilters';
import { ReportFormDialog } from './ReportFormDialog';
import { ReportTable, type RowActions } from './ReportTable';
import { reportStatus } from './reportRecord';
import { StatusChangeDialog } from './StatusChangeDialog';
import { LIST_STORE_KEY, RESOURCE, useReportActions } from './useReportActions';

const l = fr.resources.signalements;

type Pending =
  | { kind: 'status' | 'assign' | 'delete'; ids: Identifier[]; record?: RaRecord; fromDetail?: boolean }
  | null;

function BulkActions({ onAction, canEdit, canDelete }: { onAction: (kind: 'status' | 'assign' | 'delete') => void; canEdit: boolean; canDelete: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (kind: 'status' | 'assign' | 'delete') => {
    setAnchor(null);
    onAction(kind);
  };
  return (
    <>
      <Button
        variant="contained"
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'report-bulk-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {l.bulkActions}
      </Button>
      <Menu id="report-bulk-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {canEdit && (
          <MenuItem onClick={() => run('status')}>
            <ListItemIcon>
              <StatusIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{l.statusDialog.title}</ListItemText>
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem onClick={() => run('assign')}>
            <ListItemIcon>
              <AssignIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{l.assign}</ListItemText>
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem onClick={() => run('delete')}>
            <ListItemIcon>
              <DeleteIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{l.delete}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function ReportsScreen() {
  const { total, isPending, error, selectedIds, onUnselectItems, filterValues, sort } = useListContext();
  const location = useLocation();
  const navigate = useNavigate();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const { canAccess: canExport } = useCanAccess({ resource: RESOURCE, action: 'export' });
  const { remove, forget } = useReportActions();
  const [deleted, setDeleted] = useState<Identifier[]>([]);

  // /signalements/{id} opens the detail; /signalements/create the creation form (the header's "Créer").
  const rest = location.pathname.replace(/^\/signalements\/?/, '').split('/')[0];
  const routeCreate = rest === 'create';
  const detailId = rest && !routeCreate ? decodeURIComponent(rest) : undefined;
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<RaRecord | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [deleting, setDeleting] = useState(false);

  const detailHref = (id: Identifier) => `/signalements/${encodeURIComponent(String(id))}`;
  const backToList = () => navigate('/signalements');

  const actions: RowActions = {
    view: (record) => navigate(detailHref(record.id)),
    assign: canEdit ? (record) => setPending({ kind: 'assign', ids: [record.id], record }) : undefined,
    changeStatus: canEdit ? (record) => setPending({ kind: 'status', ids: [record.id], record }) : undefined,
    remove: canDelete ? (record) => setPending({ kind: 'delete', ids: [record.id], record }) : undefined,
  };
  const selectable = !!(canEdit || canDelete);

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    const ok = await remove(pending.ids);
    setDeleting(false);
    if (!ok) return;
    if (pending.fromDetail || (detailId && pending.ids.includes(detailId))) backToList();
    setDeleted(pending.ids);
    setPending(null);
  };
  useEffect(() => {
    if (deleted.length && !(detailId && deleted.includes(detailId))) {
      forget(deleted);
      setDeleted([]);
    }
  }, [deleted, detailId, forget]);

  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Title title={l.label} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {l.label}
        </Typography>
        {canExport && (
          <ExportMenu
            resource={RESOURCE}
            columns={signalements.exportColumns ?? []}
            fileName="signalements"
            title={l.label}
            filter={filterValues}
            sort={sort}
          />
        )}
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
            {l.newReport}
          </Button>
        )}
      </Box>

      <Card variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <ReportFilters />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 2, mb: 1, minHeight: 36 }}>
          <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
            {isPending ? '' : format(l.count, { n: total ?? 0 })}
          </Typography>
          {selectable && selectedIds.length > 0 && (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {format(l.selected, { n: selectedIds.length })}
              </Typography>
              <BulkActions
                canEdit={!!canEdit}
                canDelete={!!canDelete}
                onAction={(kind) => setPending({ kind, ids: [...selectedIds] })}
              />
              <Button size="small" onClick={() => onUnselectItems()}>
                {l.unselect}
              </Button>
            </>
          )}
        </Box>

        {error ? (
          <Alert severity="error">
            {l.loadingError} : {(error as Error).message}
          </Alert>
        ) : isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{l.loading}</Typography>
          </Box>
        ) : total === 0 ? (
          <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
            {l.empty}
          </Typography>
        ) : (
          <>
            <ReportTable actions={actions} selectable={selectable} detailHref={detailHref} />
            <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
          </>
        )}
      </Card>

      <ReportDetailDialog
        id={detailId}
        onClose={backToList}
        onChangeStatus={canEdit ? (record) => setPending({ kind: 'status', ids: [record.id], record, fromDetail: true }) : undefined}
        onEdit={canEdit ? (record) => setEditing(record) : undefined}
        onDelete={canDelete ? (record) => setPending({ kind: 'delete', ids: [record.id], record, fromDetail: true }) : undefined}
      />

      <ReportFormDialog
        open={canCreate === true && (createOpen || routeCreate)}
        onClose={() => {
          setCreateOpen(false);
          if (routeCreate) backToList();
        }}
      />
      <ReportFormDialog open={!!editing} record={editing ?? undefined} onClose={() => setEditing(null)} />

      <StatusChangeDialog
        open={pending?.kind === 'status'}
        ids={pending?.ids ?? []}
        current={pending?.record ? reportStatus(pending.record) : undefined}
        onClose={() => setPending(null)}
      />
      <AssignDialog
        open={pending?.kind === 'assign'}
        ids={pending?.ids ?? []}
        initial={pending?.record ? { service: pending.record.service as string, assignedTo: pending.record.assignedTo as string } : undefined}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        title={pending && pending.ids.length > 1 ? format(l.deleteDialog.bulkTitle, { n: pending.ids.length }) : l.deleteDialog.title}
        message={pending && pending.ids.length > 1 ? format(l.deleteDialog.bulkMessage, { n: pending.ids.length }) : l.deleteDialog.message}
        confirmLabel={l.deleteDialog.confirm}
        cancelLabel={l.deleteDialog.cancel}
        destructive
        busy={deleting}
        onConfirm={confirmDelete}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}

/** /signalements: the reports, paged, sorted and filtered by the backend, with their dialogs. */
export default function ReportsPage() {
  return (
    // Params live in the store, not the URL: react-admin's URL sync navigates relative to the list
    // route (/signalements) and would close a detail opened at /signalements/{id}.
    <ListBase resource={RESOURCE} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} disableSyncWithLocation storeKey={LIST_STORE_KEY}>
      <ReportsScreen />
    </ListBase>
  );
}
