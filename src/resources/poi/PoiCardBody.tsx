import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { ChipList } from '../../generic/fields/FieldCell';
import { CategoryChip } from '../places/CategoryChip';
import { OpenNowBadge } from '../places/OpenNowBadge';
import { poiCategory, ratingLine } from './poiRecord';

/** What a POI card shows under its lines (the card's body slot): category, rating, open now, tags. */
export default function PoiCardBody({ record }: { record: RaRecord }) {
  const tags = Array.isArray(record.tags) ? (record.tags as string[]) : [];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <CategoryChip category={poiCategory(record.category)} subcategory={record.subcategory} />
        <OpenNowBadge hours={record.openingHours} />
      </Box>
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <StarIcon fontSize="small" sx={{ color: '#b45309' }} aria-hidden />
        {ratingLine(record)}
      </Typography>
      {tags.length > 0 && <ChipList items={tags} max={3} />}
    </Box>
  );
}
