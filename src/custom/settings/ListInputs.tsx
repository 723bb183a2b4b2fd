import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useSimpleFormIterator } from 'react-admin';

/** A list's reorder and remove buttons always shown (not on hover only: keyboard users reach them too). */
export const iteratorSx = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } as const;

/** The add button of an editable list, with its words; `item` is what a new row starts with. */
export function AddItem({ label, item }: { label: string; item?: unknown }) {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add(item)} sx={{ mt: 0.5, minHeight: 44 }}>
      {label}
    </Button>
  );
}
