import { useGetList } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { fr } from '../../i18n/fr';
import { useBackendQuery } from '../../providers/customCalls';
import { useResourceScreen } from '../screen';
import type { Row, SummaryCardConfig } from '../types';

function Figure({ card, value, pending }: { card: SummaryCardConfig; value: React.ReactNode; pending: boolean }) {
  const Icon = card.icon;
  return (
    // Compact on a phone (two a row, less padding): the list or the calendar starts on the first screen.
    <Card variant="outlined" component="li" sx={{ p: { xs: 1.25, sm: 2 }, display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
      {Icon && (
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
          <Icon />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {card.label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', sm: undefined }, lineHeight: { xs: 1.3, sm: undefined } }}>
          {pending ? <Skeleton width={48} /> : value}
        </Typography>
      </Box>
    </Card>
  );
}

/** A count card: the backend's total of the records matching the card's filter (one row asked, none loaded). */
function CountCard({ card }: { card: SummaryCardConfig }) {
  const { config } = useResourceScreen();
  const filter = typeof card.count === 'function' ? card.count() : (card.count ?? {});
  const { total, isPending } = useGetList(config.name, { pagination: { page: 1, perPage: 1 }, filter, meta: { fields: ['documentId'] } });
  return <Figure card={card} value={total ?? '—'} pending={isPending} />;
}

function StatCard({ card, stats, pending }: { card: SummaryCardConfig; stats: Row | undefined; pending: boolean }) {
  return <Figure card={card} value={stats && card.value ? card.value(stats) : '—'} pending={pending} />;
}

/** The figures above a list, each computed by the backend over every matching record, never over the loaded page. */
export function SummaryCards() {
  const { config } = useResourceScreen();
  const summary = config.summary;
  // Under the resource's name: the query client refreshes it after every write of the resource.
  const stats = useBackendQuery<Row>([config.name, 'summary', summary?.stats], summary?.stats ?? '', {}, { enabled: !!summary?.stats });
  if (!summary?.cards.length) return null;
  return (
    <Box
      component="ul"
      aria-label={fr.generic.summary}
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))' } }}
    >
      {summary.cards.map((card) =>
        card.count !== undefined ? <CountCard key={card.id} card={card} /> : <StatCard key={card.id} card={card} stats={stats.data} pending={stats.isPending && !!summary.stats} />,
      )}
    </Box>
  );
}
