import { useState } from 'react';
import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { RichText } from '../../common/RichText';
import { DetailSection, InfoList, InfoRow } from '../../generic/dialogs/DetailParts';
import { FieldCell } from '../../generic/fields/FieldCell';
import { useResourceScreen } from '../../generic/screen';
import { fieldOf, imageUrl } from '../../generic/values';
import { formatDate, fromStrapiTime } from '../../i18n/dates';
import { format } from '../../i18n/fr';
import { messages as l } from './messages';

const d = l.detail;

/** The day and time of an event in words: "samedi 19 décembre 2026 à 18:00". */
export function eventWhen(record: { date?: unknown; time?: unknown }): string {
  const date = formatDate(record.date, 'EEEE d MMMM yyyy');
  const time = fromStrapiTime(record.time);
  return date && time ? format(d.dateAt, { date, time }) : date || time;
}

/** An event as its detail dialog shows it (the generic dialog's body slot): category and status, when, where, image, description. */
export default function EventDetailBody({ record }: { record: RaRecord }) {
  const { config } = useResourceScreen();
  const image = imageUrl(record.image);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <FieldCell field={fieldOf(config, 'category')} record={record} />
        {record.status && record.status !== 'published' ? <FieldCell field={fieldOf(config, 'status')} record={record} /> : null}
      </Stack>
      <InfoList>
        <InfoRow label={d.when}>{eventWhen({ date: record.date, time: record.time })}</InfoRow>
        <InfoRow label={d.where}>{String(record.location ?? '')}</InfoRow>
        <InfoRow label={l.fields.slug}>{String(record.slug ?? '')}</InfoRow>
      </InfoList>
      {image && !failed && (
        <Box component="figure" sx={{ m: 0, mt: 2, maxWidth: 560, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <Box component="img" src={image} alt={d.imageAlt} onError={() => setFailed(true)} sx={{ width: '100%', height: 240, objectFit: 'cover', display: 'block' }} />
          <Button size="small" href={image} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon fontSize="small" />} aria-label={`${d.openImage} ${d.newTab}`}>
            {d.openImage}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2.5 }}>
        <DetailSection title={d.description}>
          <RichText value={record.description} />
        </DetailSection>
        <DetailSection title={d.dates}>
          <InfoList>
            <InfoRow label={l.fields.createdAt}>{formatDate(record.createdAt)}</InfoRow>
            <InfoRow label={l.fields.updatedAt}>{formatDate(record.updatedAt)}</InfoRow>
          </InfoList>
        </DetailSection>
      </Box>
    </>
  );
}
