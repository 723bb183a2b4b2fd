import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/**
 * A headline figure in a card: its name, its value and a line under it (a trend, the previous period's); the
 * dashboard's (`large`) and the statistics page's. While it loads, a skeleton of the figure's own size holds
 * its place (no layout shift).
 */
export function FigureCard({ label, value, note, size = 'large' }: { label: string; value: string | undefined; note: string; size?: 'large' | 'medium' }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant={size === 'large' ? 'h4' : 'h5'} component="p" sx={{ fontWeight: 600 }}>
          {value ?? <Skeleton width={size === 'large' ? '3ch' : '4ch'} />}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      </CardContent>
    </Card>
  );
}
