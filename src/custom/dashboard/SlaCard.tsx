import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SlaCounts } from '@mamoudzou/domain/stats';
import { phoneTapTarget } from '../../common/breakpoints';
import { format } from '../../i18n/fr';
import { smallDecimal } from '../../i18n/numbers';
import { messages } from './messages';

const t = messages.sla;

/** The reports list's tabs the counts open (src/resources/signalements/index.ts). */
const VIEWS = [
  { key: 'late', label: t.late, to: '/signalements?onglet=en-retard' },
  { key: 'soon', label: t.soon, to: '/signalements?onglet=bientot-en-retard' },
  // The tab opens with the open reports first, as a click on it does.
  { key: 'mine', label: t.mine, to: '/signalements?onglet=mes-signalements&sort=report_status&order=ASC' },
] as const;

/**
 * The « SLA » card: the share of reports closed on time in the last 30 days, and the day's views
 * (late, soon late, mine) with their counts, each a link to the reports list on that tab. The counts
 * come with the dashboard's figures (/api/reports/stats, `sla`), read on the backend's clock.
 */
export function SlaCard({ sla }: { sla: SlaCounts | undefined }) {
  const rate = sla?.onTimeRate30 ?? null;
  return (
    <Box>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {sla ? (rate === null ? '—' : `${smallDecimal(rate)} %`) : <Skeleton width="4ch" />}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {sla ? (rate === null ? t.noneClosed : format(t.onTime, { n: sla.closed30 })) : t.loading}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {VIEWS.map((view) => (
          <Box component="li" key={view.key} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Link component={RouterLink} to={view.to} sx={phoneTapTarget}>
              {view.label}
            </Link>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {sla ? sla[view.key] : '…'}
              {sla && view.key === 'mine' && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400, ml: 0.5 }}>
                  {format(t.mineOpen, { n: sla.mineOpen ?? 0 })}
                </Typography>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
