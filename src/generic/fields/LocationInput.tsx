import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIsPhone } from '../../common/breakpoints';
import { fr } from '../../i18n/fr';
import { PlaceMap } from '../map/PlaceMap';
import type { FieldConfig } from '../types';

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

/**
 * A map in a form: a click on it, or dragging its marker, sets the two coordinate fields it names
 * (six decimals); typing in those fields moves the marker. It has no value of its own.
 */
export default function LocationInput({ field, label }: { field: FieldConfig; label: string }) {
  const { latitude: latSource, longitude: lngSource } = field.coordinates ?? { latitude: 'latitude', longitude: 'longitude' };
  const { setValue } = useFormContext();
  const phone = useIsPhone();
  const [lat, lng] = useWatch({ name: [latSource, lngSource] }).map(asNumber);
  const placed = Number.isFinite(lat) && Number.isFinite(lng);
  const pick = (latitude: number, longitude: number) => {
    setValue(latSource, round(latitude), { shouldDirty: true, shouldValidate: true });
    setValue(lngSource, round(longitude), { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 500, mb: 0.5 }}>{label}</Typography>
      <Typography variant="body2" color="text.secondary" id={`${field.source}-help`} sx={{ mb: 1 }}>
        {phone ? fr.map.pickHelpTouch : fr.map.pickHelp}
      </Typography>
      <PlaceMap
        label={fr.map.pickerLabel}
        height={260}
        scrollWheelZoom={false}
        scrollsWithPage
        center={placed ? [lat!, lng!] : undefined}
        zoom={placed ? 15 : undefined}
        fit={false}
        markers={placed ? [{ id: 'picked', latitude: lat!, longitude: lng!, label: fr.map.picked, color: '#b91c1c' }] : []}
        draggable="picked"
        onPick={pick}
      />
    </Box>
  );
}
