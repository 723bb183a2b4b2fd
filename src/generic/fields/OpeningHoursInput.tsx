import { useInput } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { closedWeek } from '@mamoudzou/domain/openingHours';
import { WEEKDAYS, type OpeningDay, type OpeningHours, type Weekday } from '@mamoudzou/domain/vocabulary';
import { fr, format } from '../../i18n/fr';
import type { FieldConfig } from '../types';

const t = fr.openingHours;

/**
 * Opening hours in a form: per weekday open or closed, and when open one or more periods
 * (HH:mm to HH:mm; a close before the open runs past midnight). No hours at all is a valid value
 * (the open-now indicator then says "Horaires inconnus").
 */
export default function OpeningHoursInput({ field, label }: { field: FieldConfig; label: string }) {
  const { field: input, fieldState } = useInput({ source: field.source });
  const hours = (input.value && typeof input.value === 'object' ? input.value : null) as OpeningHours | null;
  const set = (next: OpeningHours | null) => input.onChange(next);
  const setDay = (day: Weekday, next: OpeningDay) => set({ ...(hours ?? closedWeek()), [day]: next });

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ p: 0, mb: 1, fontWeight: 500 }}>
        {label}
      </Typography>
      {!hours ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t.none}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => set(closedWeek())}>
            {t.define}
          </Button>
        </Box>
      ) : (
        <>
          {WEEKDAYS.map((day) => {
            const value = hours[day] ?? { isOpen: false, periods: [] };
            const dayName = t.days[day];
            return (
              <Box key={day} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                <FormControlLabel
                  sx={{ minWidth: 190, mt: 0.5 }}
                  control={
                    <Switch
                      checked={!!value.isOpen}
                      onChange={(e) => setDay(day, { isOpen: e.target.checked, periods: e.target.checked && value.periods.length === 0 ? [{ open: '08:00', close: '12:00' }] : value.periods })}
                      slotProps={{ input: { 'aria-label': format(t.openOn, { day: dayName }) } }}
                    />
                  }
                  label={`${dayName} : ${value.isOpen ? t.open : t.closedDay}`}
                />
                {value.isOpen && (
                  <Box sx={{ display: 'grid', gap: 1, flex: 1, minWidth: 240 }}>
                    {value.periods.map((period, index) => {
                      const name = format(t.periodOf, { day: dayName, n: index + 1 });
                      const update = (key: 'open' | 'close', time: string) =>
                        setDay(day, { ...value, periods: value.periods.map((p, i) => (i === index ? { ...p, [key]: time } : p)) });
                      return (
                        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                          <TextField size="small" type="time" label={t.from} value={period.open} onChange={(e) => update('open', e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${name} : ${t.from}` } }} />
                          <TextField size="small" type="time" label={t.to} value={period.close} onChange={(e) => update('close', e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${name} : ${t.to}` } }} />
                          <IconButton size="small" aria-label={format(t.removePeriod, { n: index + 1, day: dayName.toLowerCase() })} onClick={() => setDay(day, { ...value, periods: value.periods.filter((_, i) => i !== index) })}>
                            <RemoveIcon fontSize="small" />
                          </IconButton>
                        </Box>
                      );
                    })}
                    <Box>
                      <Button size="small" startIcon={<AddIcon />} onClick={() => setDay(day, { ...value, periods: [...value.periods, { open: '14:00', close: '17:00' }] })} aria-label={`${t.addPeriod} (${dayName})`}>
                        {t.addPeriod}
                      </Button>
                    </Box>
                  </Box>
                )}
              </Box>
            );
          })}
          <Button size="small" sx={{ mt: 1 }} onClick={() => set(null)}>
            {t.clear}
          </Button>
        </>
      )}
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
