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
  const partial = selectedOnPage.length > 0 && !all;
  return (
    <Checkbox
      checked={all}
      indeterminate={partial}
      disabled={pageIds.length === 0}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onSelect(all ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])])}
      // A native checkbox says "mixed" through its indeterminate property: MUI's aria-checked="mixed"
      // on it is not allowed (axe: aria-conditional-attr).
      inputRef={(input: HTMLInputElement | null) => {
        if (input) input.indeterminate = partial;
      }}
      slotProps={{ input: { 'aria-label': texts.selectAll, 'aria-checked': undefined } as object }}
    />
  );
}

export function SelectRowCheckbox({ record }: { record: RaRecord }) {
  const { selectedIds, onToggleItem } = useListContext();
  return <RowCheckbox record={record} selected={selectedIds.includes(record.id)} onToggle={onToggleItem} />;
}

/** A record's checkbox from what its list says (a card is memoised and reads no list context itself). */
export function RowCheckbox({ record, selected, onToggle }: { record: RaRecord; selected: boolean; onToggle: (id: RaRecord['id']) => void }) {
  const { config } = useResourceScreen();
  return (
    <Checkbox
      checked={selected}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onToggle(record.id)}
      slotProps={{ input: { 'aria-label': format(fr.generic.selectRow, { title: recordTitle(config, record) }) } }}
    />
  );
}

const stopPropagation = (event: React.SyntheticEvent) => event.stopPropagation();

/**
 * A card's checkbox: the browser's own in a 44 px label (a phone's touch target), styled by the card (`.card-select`).
 * A page shows 25 cards, and MUI's checkbox is a ripple button, an icon and their styles each (6 of a card's 31
 * elements, rendered with the card).
 */
export function CardCheckbox({ record, selected, onToggle }: { record: RaRecord; selected: boolean; onToggle: (id: RaRecord['id']) => void }) {
  const { config } = useResourceScreen();
  return (
    <label className="card-select" onClick={stopPropagation}>
      <input type="checkbox" checked={selected} onChange={() => onToggle(record.id)} aria-label={format(fr.generic.selectRow, { title: recordTitle(config, record) })} />
    </label>
  );
}
