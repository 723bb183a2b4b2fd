import { useListContext } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import { ActionMenu } from './ActionMenu';

/** "{n} … trouvé(s)" (every match, counted by the backend), and with a selection "{n} sélectionné(s)", the bulk actions and "Désélectionner". */
export function ListStatusLine() {
  const { texts, lists, available, run } = useResourceScreen();
  const { total, isPending, selectedIds, onUnselectItems } = useListContext();
  const bulk = available(lists.bulk);
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
          <Button size="small" onClick={() => onUnselectItems()}>
            {fr.generic.unselect}
          </Button>
        </>
      )}
    </Box>
  );
}
