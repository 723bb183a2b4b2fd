import type { ReactElement } from 'react';
import { DataTable, List, NullableBooleanInput, SearchInput, SelectInput, TextInput, useCanAccess } from 'react-admin';
import { fr } from '../../i18n/fr';
import { renderValue } from './fieldComponents';
import { fieldOf, useResourceConfig } from './useResourceConfig';
import type { FieldConfig, ResourceConfig } from '../types';

/** The filter input of a config filter: free-text search, a select, a yes/no, or "contains". */
function filterInput(config: ResourceConfig, source: string, alwaysOn?: boolean): ReactElement {
  if (source === 'q') return <SearchInput key="q" source="q" alwaysOn placeholder={fr.list.search} aria-label={fr.list.search} />;
  const field: FieldConfig = fieldOf(config, source);
  if (field.type === 'select')
    return <SelectInput key={source} source={source} label={field.label} choices={field.choices as never} alwaysOn={alwaysOn} />;
  if (field.type === 'boolean') return <NullableBooleanInput key={source} source={source} label={field.label} alwaysOn={alwaysOn} />;
  return <TextInput key={source} source={`${source}_containsi`} label={field.label} alwaysOn={alwaysOn} />;
}

/** The generic list of a resource: paginated, sorted and filtered on the server, columns from the config. */
export default function ConfigList() {
  const config = useResourceConfig();
  const { canAccess: canEdit } = useCanAccess({ resource: config.name, action: 'edit' });
  const rowClick = config.views.edit && canEdit ? 'edit' : config.views.show ? 'show' : false;
  return (
    <List
      title={config.label}
      filters={(config.filters ?? []).map((f) => filterInput(config, f.source, f.alwaysOn))}
      sort={config.list.sort}
      perPage={config.list.perPage ?? 25}
      exporter={false}
    >
      {/* No row checkboxes: react-admin 5.15 puts their aria-label on a span (axe: aria-prohibited-attr).
          Bulk actions come with each resource's own screen. */}
      <DataTable rowClick={rowClick} bulkActionButtons={false}>
        {config.list.columns.map((source) => {
          const field = fieldOf(config, source);
          return (
            <DataTable.Col
              key={source}
              source={source}
              label={field.label}
              disableSort={field.sortable === false || !!field.value || ['relation', 'tags', 'images', 'blocks'].includes(field.type)}
              render={(record) => renderValue(field, record)}
            />
          );
        })}
      </DataTable>
    </List>
  );
}
