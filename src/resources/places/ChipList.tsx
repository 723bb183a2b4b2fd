import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A detail's list of texts (services, tags) as chips, or a muted "none" when it is empty. */
export function ChipList({ items, emptyText }: { items: unknown; emptyText: string }) {
  const list = Array.isArray(items) ? (items as string[]).filter(Boolean) : [];
  if (list.length === 0) return <Typography variant="body2" color="text.secondary">{emptyText}</Typography>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {list.map((item) => (
        <Chip key={item} label={item} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}
