import { useEffect, useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import { Badge } from '../../common/Badge';
import { RichText } from '../../common/RichText';
import type { PickedImage } from '../../common/ImagePicker';
import { messages } from './messages';
import { EVENT_CATEGORY_TONES } from './categories';
import { eventWhen } from './EventDetailBody';

const p = messages.preview;

/** The picked image's address: a stored image's URL, or a preview of a new file. */
function usePictureUrl(image: PickedImage | null | undefined): string | undefined {
  const file = typeof File !== 'undefined' && image instanceof File ? image : undefined;
  const local = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local]);
  if (file) return local;
  return image && 'url' in image ? image.url : undefined;
}

/** The form's live preview (the form's preview slot): the event as it will read, from the values being typed. */
export default function EventPreview() {
  const [title, description, date, time, location, category, image] = useWatch({ name: ['title', 'description', 'date', 'time', 'location', 'category', 'image'] });
  const picture = usePictureUrl(image as PickedImage | null);
  const when = eventWhen({ date, time });
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {p.title}
      </Typography>
      <Card variant="outlined">
        {picture && <Box component="img" src={picture} alt="" sx={{ width: '100%', height: 160, objectFit: 'cover', display: 'block' }} />}
        <CardContent>
          {category && <Badge label={String(category)} tone={EVENT_CATEGORY_TONES[category as keyof typeof EVENT_CATEGORY_TONES] ?? 'grey'} />}
          <Typography variant="h6" component="p" sx={{ fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>
            {String(title ?? '').trim() || p.untitled}
          </Typography>
          <Stack spacing={0.5} sx={{ my: 1, color: 'text.secondary' }}>
            {when && (
              <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <ScheduleIcon fontSize="small" aria-hidden />
                {when}
              </Typography>
            )}
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <PlaceIcon fontSize="small" aria-hidden />
              {String(location ?? '').trim() || p.noLocation}
            </Typography>
          </Stack>
          {description ? <RichText value={description} firstHeadingLevel={4} /> : <Typography color="text.secondary">{p.noDescription}</Typography>}
        </CardContent>
      </Card>
    </Box>
  );
}
