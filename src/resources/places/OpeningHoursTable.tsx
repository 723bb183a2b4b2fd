import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { hasOpeningHours, localTime } from '@mamoudzou/domain/openingHours';
import { WEEKDAYS, type OpeningHours } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { OpenNowBadge } from './OpenNowBadge';

const t = fr.openingHours;

/** The week's hours, today's line in bold (today in the town's time), with the open-now indicator. */
export function OpeningHoursTable({ hours }: { hours: unknown }) {
  const today = localTime(new Date()).day;
  const week = hasOpeningHours(hours as OpeningHours) ? (hours as OpeningHours) : undefined;
  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <OpenNowBadge hours={hours} />
      </Box>
      {!week ? (
        <Typography variant="body2" color="text.secondary">
          {t.none}
        </Typography>
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.25, m: 0 }}>
          {WEEKDAYS.map((day) => {
            const value = week[day];
            const text = value?.isOpen && value.periods.length ? value.periods.map((p) => `${p.open} – ${p.close}`).join(', ') : t.closedDay;
            const bold = day === today ? 700 : 400;
            return (
              <Box key={day} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: bold }}>
                  {t.days[day]}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: bold }}>
                  {text}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
