import { useListContext, type RaRecord } from 'ra-core';
import Checkbox from '@mui/material/Checkbox';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import { recordTitle } from '../values';

/**
 * Row selection with real labels. react-admin 5.15's row checkbox puts its aria-label on the
 * checkbox's span, not on the input (axe: aria-prohibited-attr, label): these label the input
 * itself, and name the record ("Sélectionner « Lampadaire éteint »").
 */
export function SelectPageCheckbox() {
  const { texts } = useResourceScreen();
  const { data = [], selectedIds, onSelect } = useListContext();
  const pageIds = data.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id));
  const all = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  return (
    <Checkbox
      checked={all}
      indeterminate={selectedOnPage.length > 0 && !all}
      disabled={pageIds.length === 0}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onSelect(all ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])])}
      slotProps={{ input: { 'aria-label': texts.selectAll } }}
    />
  );
}

export function SelectRowCheckbox({ record }: { record: RaRecord }) {
  const { config } = useResourceScreen();
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <Checkbox
      checked={selectedIds.includes(record.id)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onToggleItem(record.id)}
      slotProps={{ input: { 'aria-label': format(fr.generic.selectRow, { title: recordTitle(config, record) }) } }}
    />
  );
}
