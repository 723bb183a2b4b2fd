import { Suspense, type ComponentType } from 'react';
import { useExpanded, useRecordContext } from 'ra-core';
import IconButton from '@mui/material/IconButton';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DataTable, type RaRecord } from 'react-admin';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import { fr, format } from '../../i18n/fr';
import { FieldCell } from '../fields/FieldCell';
import { useResourceScreen } from '../screen';
import { fieldOf, recordTitle } from '../values';
import { RowActions } from './RowActions';
import { SelectPageCheckbox, SelectRowCheckbox } from './Selection';

/** What an unfolded row shows (list.expand), given its record. */
function ExpandedRow({ component: Component }: { component: ComponentType<{ record: RaRecord }> }) {
  const record = useRecordContext();
  return record ? (
    <Suspense fallback={null}>
      <Component record={record} />
    </Suspense>
  ) : null;
}

/**
 * The button that unfolds a row: react-admin's own expand icon is hidden from assistive technologies
 * and out of the tab order, so this one (a real button with aria-expanded) takes its place.
 */
function ExpandToggle({ record, resource, label }: { record: RaRecord; resource: string; label: string }) {
  const [expanded, toggle] = useExpanded(resource, record.id);
  return (
    <IconButton
      size="small"
      aria-expanded={expanded}
      aria-controls={`${resource}-${record.id}-expand`}
      aria-label={format(expanded ? fr.generic.collapseRow : fr.generic.expandRow, { title: label })}
      onClick={(event) => {
        event.stopPropagation();
        toggle();
      }}
      sx={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
    >
      <ExpandMoreIcon fontSize="small" />
    </IconButton>
  );
}

const UNSORTABLE = ['relation', 'tags', 'images', 'image', 'blocks'];

/**
 * The list as a table: react-admin's DataTable (sorting by the backend, a click on a row opens the
 * record), with a selection column of our own (see Selection.tsx) and the row actions menu.
 */
export function ListTable({ selectable }: { selectable: boolean }) {
  const { config, texts, paths, lists, available } = useResourceScreen();
  const hasRowActions = available(lists.row).length > 0;
  const Expand = config.list.expand;
  return (
    <DataTable
      bulkActionButtons={false}
      // A row that unfolds (list.expand) unfolds on a click when it opens nothing else.
      rowClick={(id) => (config.views.detail ? paths.record(id) : config.views.edit ? paths.edit(id) : Expand ? 'expand' : false)}
      expand={Expand ? <ExpandedRow component={Expand} /> : undefined}
      aria-label={texts.listCaption}
      empty={null}
      sx={{
        '& td, & th': { px: 1 },
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        // react-admin's expand icon (hidden from assistive technologies) gives way to ExpandToggle.
        '& .RaDataTable-expandHeader, & .RaDataTable-expandIconCell': { display: 'none' },
      }}
    >
      {Expand && (
        <DataTable.Col
          label={<Box component="span" sx={visuallyHidden}>{fr.generic.details}</Box>}
          render={(record: RaRecord) => <ExpandToggle record={record} resource={config.name} label={recordTitle(config, record)} />}
        />
      )}
      {selectable && (
        <DataTable.Col
          label={<SelectPageCheckbox />}
          headerClassName="column-select"
          render={(record: RaRecord) => <SelectRowCheckbox record={record} />}
        />
      )}
      {config.list.columns.map((source) => {
        const field = fieldOf(config, source);
        const sortable = field.sortable !== false && !UNSORTABLE.includes(field.type) && (!field.value || !!field.sortBy);
        return (
          <DataTable.Col
            key={source}
            source={field.sortBy ?? field.source}
            label={field.label}
            disableSort={!sortable}
            sortByOrder={field.sortOrder}
            render={(record: RaRecord) => <FieldCell field={field} record={record} href={paths.record(record.id)} />}
          />
        );
      })}
      {hasRowActions && (
        <DataTable.Col
          label={<Box component="span" sx={visuallyHidden}>{fr.generic.actions}</Box>}
          align="right"
          render={(record: RaRecord) => <RowActions record={record} />}
        />
      )}
    </DataTable>
  );
}

