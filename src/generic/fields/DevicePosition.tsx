import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { formatDistance } from '../../common/map/distance';
import { useDevicePosition, type PositionFailure } from '../../common/map/useDevicePosition';
import { fr, format } from '../../i18n/fr';
import type { FieldConfig } from '../types';

const t = fr.map.device;
const FAILURES: Record<PositionFailure, string> = { denied: t.denied, unavailable: t.unavailable, unsupported: t.unsupported };
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

/**
 * « Votre position », at the top of a new record's form on a phone (a 'location' field with `locate`):
 * says what the position is for, asks the phone for it as the form opens, and places the point there
 * (and the fields `locate.fill` gives, when empty). The map and the coordinates below stay to correct
 * it; a point the person placed meanwhile is kept. A refusal or a failure is said, with what to do.
 */
export default function DevicePosition({ field }: { field: FieldConfig }) {
  const titleId = useId();
  const { latitude: latSource, longitude: lngSource } = field.coordinates ?? { latitude: 'latitude', longitude: 'longitude' };
  const { getValues, setValue } = useFormContext();
  const { position, locate } = useDevicePosition();
  // Asked as the form opens ('auto') or by the button: the first never moves a point already placed.
  const asked = useRef<'auto' | 'button'>('auto');
  const [kept, setKept] = useState(false);

  useEffect(() => {
    asked.current = 'auto';
    locate();
  }, [locate]);

  useEffect(() => {
    if (position.state !== 'located') return;
    const placed = !isEmpty(getValues(latSource)) || !isEmpty(getValues(lngSource));
    if (asked.current === 'auto' && placed) return setKept(true);
    setKept(false);
    const options = { shouldDirty: true, shouldValidate: true };
    setValue(latSource, round(position.at.latitude), options);
    setValue(lngSource, round(position.at.longitude), options);
    for (const [source, value] of Object.entries(field.locate?.fill?.(position.at) ?? {})) {
      if (isEmpty(getValues(source))) setValue(source, value, options);
    }
  }, [position, field.locate, latSource, lngSource, getValues, setValue]);

  const again = () => {
    asked.current = 'button';
    locate();
  };
  const located = position.state === 'located';
  const button = position.state === 'error' ? t.retry : located && !kept ? t.refresh : t.use;
  const canAsk = position.state !== 'locating' && !(position.state === 'error' && position.failure === 'unsupported');
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 44 }}>
        <MyLocationIcon fontSize="small" color="primary" aria-hidden />
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {t.title}
        </Typography>
        {position.state === 'locating' && <CircularProgress size={20} aria-hidden />}
        {canAsk && (
          <Button size="small" onClick={again} sx={{ minHeight: 44, flexShrink: 0 }}>
            {button}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t.explain}
      </Typography>
      <Box aria-live="polite">
        {position.state === 'locating' && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t.locating}
          </Typography>
        )}
        {located && (
          <Alert severity={kept ? 'info' : 'success'} sx={{ mt: 1, py: 0 }}>
            {kept ? t.kept : position.accuracy ? format(t.located, { accuracy: formatDistance(position.accuracy) }) : t.locatedNoAccuracy}
          </Alert>
        )}
        {position.state === 'error' && (
          <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
            {FAILURES[position.failure]}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
