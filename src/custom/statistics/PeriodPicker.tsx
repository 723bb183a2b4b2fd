import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { checkPeriod, PERIOD_PRESETS, type Period, type PeriodPreset } from '@mamoudzou/domain/figures';
import { messages as t } from './messages';

/**
 * The period of the figures: 7, 30, 90 days, this year, or two days chosen by hand. A custom period
 * is checked by the rule the backend applies (domain/figures.ts): an inverted one or one over five years
 * is refused here with the same French words, and the fields keep what was typed.
 */
export function PeriodPicker({ preset, period, onPreset, onCustom }: { preset: PeriodPreset; period: Period; onPreset: (p: Exclude<PeriodPreset, 'custom'>) => void; onCustom: (p: Period) => void }) {
  const [custom, setCustom] = useState(preset === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setCustom(preset === 'custom');
    setFrom(period.from);
    setTo(period.to);
  }, [preset, period.from, period.to]);

  const apply = () => {
    const check = checkPeriod(from, to);
    if (!check.ok) return setError(check.message);
    setError(undefined);
    onCustom(check.period);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="periode-label" component="span" sx={{ fontWeight: 600 }}>
          {t.period.label}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-labelledby="periode-label"
          value={custom ? 'custom' : preset}
          onChange={(_, value: PeriodPreset | null) => {
            if (!value) return;
            if (value === 'custom') return setCustom(true);
            setCustom(false);
            setError(undefined);
            onPreset(value);
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          {PERIOD_PRESETS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ minHeight: 44, px: 1.5 }}>
              {t.period.presets[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {custom && (
        <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); apply(); }} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField type="date" label={t.period.from} value={from} onChange={(e) => setFrom(e.target.value)} error={!!error} slotProps={{ inputLabel: { shrink: true } }} size="small" />
          <TextField type="date" label={t.period.to} value={to} onChange={(e) => setTo(e.target.value)} error={!!error} slotProps={{ inputLabel: { shrink: true } }} size="small" />
          <Button type="submit" variant="contained" sx={{ minHeight: 44 }}>
            {t.period.apply}
          </Button>
          {error && (
            <Typography role="alert" color="error" sx={{ width: '100%' }}>
              {error}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
