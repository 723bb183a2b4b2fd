import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { telHref } from '@mamoudzou/domain/places';
import { DetailSection, InfoList, InfoRow } from '../../generic/dialogs/DetailParts';
import { FieldCell } from '../../generic/fields/FieldCell';
import { PlaceMap } from '../../generic/map/PlaceMap';
import { useResourceScreen } from '../../generic/screen';
import { fieldOf } from '../../generic/values';
import { fr } from '../../i18n/fr';
import { messages as l } from './messages';
import { ExternalLink } from '../../common/ExternalLink';
import { CategoryChip } from '../places/CategoryChip';
import { ChipList } from '../places/ChipList';
import { OpeningHoursTable } from '../places/OpeningHoursTable';
import { hasPosition, poiCategory, ratingLine } from './poiRecord';

const d = l.detail;

const text = (value: unknown) => (value ? String(value) : d.none);

/** Every field of a point of interest (the detail dialog's body slot), with its hours, open now and a small map. */
export default function PoiDetailBody({ record }: { record: RaRecord }) {
  const { config } = useResourceScreen();
  const category = poiCategory(record.category);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <CategoryChip category={category} subcategory={record.subcategory} />
        <FieldCell field={fieldOf(config, 'status')} record={record} />
        <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <StarIcon fontSize="small" sx={{ color: '#b45309' }} aria-hidden />
          {ratingLine(record)}
        </Typography>
      </Box>
      {record.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{String(record.description)}</Typography>}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Box>
          <DetailSection title={d.contact}>
            <InfoList>
              <InfoRow label={l.fields.address}>{text(record.address)}</InfoRow>
              <InfoRow label={l.fields.phone}>{record.phone ? <Link href={telHref(record.phone)}>{String(record.phone)}</Link> : d.none}</InfoRow>
              <InfoRow label={l.fields.email}>{record.email ? <Link href={`mailto:${String(record.email)}`}>{String(record.email)}</Link> : d.none}</InfoRow>
              <InfoRow label={l.fields.website}>
                {record.website ? <ExternalLink href={String(record.website)} /> : d.none}
              </InfoRow>
            </InfoList>
          </DetailSection>
          <DetailSection title={d.accessibility}>
            <InfoList>
              {(['wheelchairAccessible', 'parkingAvailable', 'publicTransportNearby'] as const).map((source) => (
                <InfoRow key={source} label={l.fields[source]}>
                  {record[source] ? fr.generic.yes : fr.generic.no}
                </InfoRow>
              ))}
            </InfoList>
          </DetailSection>
          <DetailSection title={d.services}>
            <ChipList items={record.services} emptyText={d.none} />
          </DetailSection>
          <DetailSection title={d.tags}>
            <ChipList items={record.tags} emptyText={d.none} />
          </DetailSection>
        </Box>
        <Box>
          <DetailSection title={d.hours}>
            <OpeningHoursTable hours={record.openingHours} />
          </DetailSection>
          <DetailSection title={d.location}>
            {hasPosition(record) ? (
              <PlaceMap
                label={`${l.mapLabel} : ${String(record.name ?? '')}`}
                height={220}
                scrollWheelZoom={false}
                center={[Number(record.latitude), Number(record.longitude)]}
                zoom={16}
                markers={[{ id: String(record.id), latitude: Number(record.latitude), longitude: Number(record.longitude), label: String(record.name ?? ''), color: category?.color ?? '#1d4ed8' }]}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">{d.none}</Typography>
            )}
          </DetailSection>
        </Box>
      </Box>
    </>
  );
}
