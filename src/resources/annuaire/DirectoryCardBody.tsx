import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { distinctEmergencyPhone } from '@mamoudzou/domain/places';
import { Badge } from '../../common/Badge';
import { ChipList } from '../../generic/fields/FieldCell';
import { format } from '../../i18n/fr';
import { messages as l } from './messages';
import { CategoryChip } from '../places/CategoryChip';
import { OpenNowBadge } from '../places/OpenNowBadge';
import { directoryCategory } from './directoryRecord';
import { PhoneLink } from './PhoneLink';

/**
 * What a directory card shows (the card's body slot): category, public-service and emergency
 * badges, the phone and the emergency number when it differs (tel: links), open now, the first
 * three services then "+n".
 */
export default function DirectoryCardBody({ record }: { record: RaRecord }) {
  const category = directoryCategory(record.category);
  const emergency = distinctEmergencyPhone(record.phone, record.emergencyPhone);
  const services = Array.isArray(record.services) ? (record.services as string[]) : [];
  const name = String(record.name ?? '');
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <CategoryChip category={category} subcategory={record.subcategory} />
        {category?.isPublicService && <Badge label={l.badges.publicService} tone="blue" />}
        {category?.isEmergency && <Badge label={l.badges.emergency} tone="red" />}
        <OpenNowBadge hours={record.openingHours} />
      </Stack>
      {(record.phone || emergency) && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {record.phone && <PhoneLink phone={record.phone} label={format(l.callLabel, { name, phone: String(record.phone) })} />}
          {emergency && (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'error.main', '& a': { color: 'error.contrastText' } }}>
              <PhoneLink phone={emergency} emergency label={format(l.callLabel, { name, phone: emergency })} />
            </Box>
          )}
        </Stack>
      )}
      {services.length > 0 && <ChipList items={services} max={3} />}
    </Box>
  );
}
