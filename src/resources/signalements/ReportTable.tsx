import { useState, type MouseEvent } from 'react';
import { useListContext, type Identifier, type RaRecord } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../common/visuallyHidden';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import AssignIcon from '@mui/icons-material/AssignmentIndOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MoreIcon from '@mui/icons-material/MoreVert';
import StatusIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import { fr, format } from '../../i18n/fr';
import { formatDate } from '../../i18n/dates';
import { PriorityBadge, SlaBadge, StatusBadge } from './ReportBadges';
import { reportTitle } from './reportRecord';

const l = fr.resources.signalements;

export interface RowActions {
  view: (record: RaRecord) => void;
  assign?: (record: RaRecord) => void;
  changeStatus?: (record: RaRecord) => void;
  remove?: (record: RaRecord) => void;
}

const COLUMNS: { source: string; label: string; sortField?: string }[] = [
  { source: 'title', label: l.fields.title, sortField: 'title' },
  { source: 'report_status', label: l.fields.report_status, sortField: 'report_status' },
  { source: 'priority', label: l.fields.priority, sortField: 'priority' },
  { source: 'zone', label: l.fields.zone, sortField: 'zone' },
  { source: 'slaStatus', label: l.fields.slaStatus, sortField: 'slaTarget' },
  { source: 'assignedTo', label: l.fields.assignedTo, sortField: 'assignedTo' },
  { source: 'createdAt', label: l.fields.createdAt, sortField: 'createdAt' },
];

function RowMenu({ record, actions }: { record: RaRecord; actions: RowActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `report-actions-${record.id}`;
  const item = (label: string, Icon: typeof ViewIcon, run?: (r: RaRecord) => void) =>
    run && (
      <MenuItem
        onClick={() => {
          setAnchor(null);
          run(record);
        }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  return (
    <>
      <IconButton
        size="small"
        aria-label={format(l.rowActions, { title: reportTitle(record) })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {item(l.view, ViewIcon, actions.view)}
        {item(l.assign, AssignIcon, actions.assign)}
        {item(l.changeStatus, StatusIcon, actions.changeStatus)}
        {item(l.delete, DeleteIcon, actions.remove)}
      </Menu>
    </>
  );
}

/** The reports table: sortable headers, select-all and row checkboxes, badges, a row menu; a click on a row opens its detail. */
export function ReportTable({ actions, selectable, detailHref }: { actions: RowActions; selectable: boolean; detailHref: (id: Identifier) => string }) {
  const { data = [], sort, setSort, selectedIds, onSelect, onToggleItem } = useListContext();
  const pageIds = data.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id));
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;

  const toggleAll = () => {
    if (allSelected) onSelect(selectedIds.filter((id) => !pageIds.includes(id)));
    else onSelect([...new Set([...selectedIds, ...pageIds])]);
  };

  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={l.listCaption} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={selectedOnPage.length > 0 && !allSelected}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': l.selectAll } }}
                />
              </TableCell>
            )}
            {COLUMNS.map((column) => (
              <TableCell key={column.source} sortDirection={sort?.field === column.sortField ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                {column.sortField ? (
                  <TableSortLabel
                    active={sort?.field === column.sortField}
                    direction={sort?.field === column.sortField && sort.order === 'ASC' ? 'asc' : 'desc'}
                    onClick={() =>
                      setSort({
                        field: column.sortField!,
                        order: sort?.field === column.sortField && sort.order === 'DESC' ? 'ASC' : 'DESC',
                      })
                    }
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {l.actions}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((record) => {
            const selected = selectedIds.includes(record.id);
            return (
              <TableRow key={record.id} hover selected={selected} onClick={() => actions.view(record)} sx={{ cursor: 'pointer' }}>
                {selectable && (
                  <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      checked={selected}
                      onChange={() => onToggleItem(record.id)}
                      slotProps={{ input: { 'aria-label': format(l.selectRow, { title: reportTitle(record) }) } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ minWidth: 200, maxWidth: 300 }}>
                  <Link
                    component={RouterLink}
                    to={detailHref(record.id)}
                    onClick={(e) => e.stopPropagation()}
                    underline="hover"
                    sx={{ fontWeight: 600, color: 'text.primary', display: 'block' }}
                  >
                    {reportTitle(record)}
                  </Link>
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {[record.type, record.subType].filter(Boolean).join(' · ')}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StatusBadge record={record} />
                </TableCell>
                <TableCell>
                  <PriorityBadge priority={record.priority} />
                </TableCell>
                <TableCell>{String(record.zone || l.noZone)}</TableCell>
                <TableCell>
                  <SlaBadge record={record} />
                </TableCell>
                <TableCell>{record.assignedTo ? String(record.assignedTo) : <Typography component="span" variant="body2" color="text.secondary">{l.notAssigned}</Typography>}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(record.createdAt)}</TableCell>
                <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                  <RowMenu record={record} actions={actions} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
