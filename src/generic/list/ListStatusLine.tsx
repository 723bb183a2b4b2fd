import { useListContext } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import { ActionMenu } from './ActionMenu';

/** At most this many records in one selection: a bulk action sends one request per record. */
export const MAX_SELECTION = 1000;

/**
 * "{n} … trouvé(s)" (every match, counted by the backend), and with a selection "{n} sélectionné(s)",
 * the bulk actions and "Désélectionner"; once the whole page is selected and the list has more, a
 * button selects every match (react-admin's select all, ids only, at most MAX_SELECTION).
 */
export function ListStatusLine() {
  const { texts, lists, available, run } = useResourceScreen();
  const { total, isPending, selectedIds, onUnselectItems, onSelectAll, data = [] } = useListContext();
  const bulk = available(lists.bulk);
  const pageSelected = data.length > 0 && data.every((record) => selectedIds.includes(record.id));
  const every = Math.min(total ?? 0, MAX_SELECTION);
  const offerEvery = pageSelected && selectedIds.length < every;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 2, mb: 1, minHeight: 36 }}>
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
        {isPending ? '' : format(texts.count, { n: total ?? 0 })}
      </Typography>
      {bulk.length > 0 && selectedIds.length > 0 && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {format(fr.generic.selected, { n: selectedIds.length })}
          </Typography>
          <ActionMenu bulk actions={bulk} buttonText={fr.generic.bulkActions} onPick={(action) => run(action.id, [...selectedIds])} />
          {offerEvery && (
            <Button size="small" onClick={() => onSelectAll({ limit: every, queryOptions: { meta: { fields: ['documentId'] } } })}>
              {format((total ?? 0) > MAX_SELECTION ? fr.generic.selectEveryCapped : fr.generic.selectEvery, { n: every })}
            </Button>
          )}
          <Button size="small" onClick={() => onUnselectItems()}>
            {fr.generic.unselect}
          </Button>
        </>
      )}
    </Box>
  );
}
