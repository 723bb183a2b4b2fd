import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { distinctEmergencyPhone } from '@mamoudzou/domain/places';
import { Badge } from '../../common/Badge';
import { DetailSection, InfoList, InfoRow } from '../../generic/dialogs/DetailParts';
import { FieldCell } from '../../generic/fields/FieldCell';
import { useResourceScreen } from '../../generic/screen';
import { fieldOf } from '../../generic/values';
import { format } from '../../i18n/fr';
import { messages as l } from './messages';
import { ExternalLink } from '../../common/ExternalLink';
import { CategoryChip } from '../places/CategoryChip';
import { ChipList } from '../places/ChipList';
import { OpeningHoursTable } from '../places/OpeningHoursTable';
import { directoryCategory } from './directoryRecord';
import { PhoneLink } from './PhoneLink';

const d = l.detail;

/** Every field of a directory entry (the detail dialog's body slot), with its hours and open now. */
export default function DirectoryDetailBody({ record }: { record: RaRecord }) {
  const { config } = useResourceScreen();
  const category = directoryCategory(record.category);
  const name = String(record.name ?? '');
  const emergency = distinctEmergencyPhone(record.phone, record.emergencyPhone) ?? (record.emergencyPhone ? String(record.emergencyPhone) : undefined);
  const address = [record.street, [record.postalCode, record.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <CategoryChip category={category} subcategory={record.subcategory} />
        <FieldCell field={fieldOf(config, 'status')} record={record} />
        {category?.isPublicService && <Badge label={l.badges.publicService} tone="blue" />}
        {category?.isEmergency && <Badge label={l.badges.emergency} tone="red" />}
        {record.verified && <Badge label={l.badges.verified} tone="green" />}
        {record.featured && <Badge label={l.badges.featured} tone="amber" />}
      </Stack>
      {record.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{String(record.description)}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Box>
          <DetailSection title={d.contact}>
            <InfoList>
              <InfoRow label={l.fields.phone}>{record.phone ? <PhoneLink phone={record.phone} label={format(l.callLabel, { name, phone: String(record.phone) })} /> : d.none}</InfoRow>
              <InfoRow label={l.fields.emergencyPhone}>{emergency ? <PhoneLink phone={emergency} emergency label={format(l.callLabel, { name, phone: emergency })} /> : d.none}</InfoRow>
              <InfoRow label={l.fields.email}>{record.email ? <Link href={`mailto:${String(record.email)}`}>{String(record.email)}</Link> : d.none}</InfoRow>
              <InfoRow label={l.fields.website}>
                {record.website ? <ExternalLink href={String(record.website)} /> : d.none}
              </InfoRow>
              <InfoRow label={l.fields.contactPerson}>{record.contactPerson ? String(record.contactPerson) : d.none}</InfoRow>
              <InfoRow label={l.fields.department}>{record.department ? String(record.department) : d.none}</InfoRow>
              <InfoRow label={d.address}>{address || d.none}</InfoRow>
            </InfoList>
          </DetailSection>
          <DetailSection title={d.services}>
            <ChipList items={record.services} emptyText={d.none} />
          </DetailSection>
          <DetailSection title={d.tags}>
            <ChipList items={record.tags} emptyText={d.none} />
          </DetailSection>
        </Box>
        <DetailSection title={d.hours}>
          <OpeningHoursTable hours={record.openingHours} />
        </DetailSection>
      </Box>
    </>
  );
}
