import { Suspense } from 'react';
import { useListContext, type RaRecord } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { phoneTapTarget } from '../../common/breakpoints';
import { FieldCell } from '../fields/FieldCell';
import { useResourceScreen } from '../screen';
import type { FieldConfig, ResourceConfig } from '../types';
import { fieldOf, imageUrl, recordTitle } from '../values';
import { RowActions } from './RowActions';
import { SelectRowCheckbox } from './Selection';

/** The field a card's title shows: the column shown as a title, else none (the record's name). */
const titleFieldOf = (config: ResourceConfig): FieldConfig | undefined =>
  config.list.columns.map((source) => fieldOf(config, source)).find((field) => field.cell === 'title');

/** What a card shows: the config's card, else the list's columns (badges for badge cells, lines for the rest). */
function cardFieldsOf(config: ResourceConfig, title?: FieldConfig) {
  if (config.card) {
    return {
      badges: (config.card.badges ?? []).map((s) => fieldOf(config, s)),
      lines: (config.card.lines ?? []).map((s) => fieldOf(config, s)),
    };
  }
  const rest = config.list.columns.map((s) => fieldOf(config, s)).filter((f) => f !== title);
  return { badges: rest.filter((f) => f.cell === 'badge' || (!f.cell && f.tones)), lines: rest.filter((f) => !(f.cell === 'badge' || (!f.cell && f.tones))) };
}

function RecordCard({ record, selectable }: { record: RaRecord; selectable: boolean }) {
  const { config, paths, openRecord } = useResourceScreen();
  const title = titleFieldOf(config);
  const { badges, lines } = cardFieldsOf(config, title);
  const picture = config.card?.image ? imageUrl(record[config.card.image]) : undefined;
  const caption = title?.caption?.(record);
  const Body = config.card?.body;
  const Icon = config.card?.icon;
  return (
    <Card
      component="article"
      variant="outlined"
      onClick={() => openRecord(record.id)}
      sx={{ p: 1.5, cursor: 'pointer', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {picture && <Box component="img" src={picture} alt="" sx={{ width: '100%', height: 140, objectFit: 'cover', borderRadius: 1 }} />}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        {selectable && (
          <Box onClick={(e) => e.stopPropagation()} sx={{ mt: -0.75, ml: -1 }}>
            <SelectRowCheckbox record={record} />
          </Box>
        )}
        {Icon && (
          <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>
            <Icon record={record} />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.record(record.id)} onClick={(e) => e.stopPropagation()} underline="hover" color="inherit" sx={phoneTapTarget}>
              {recordTitle(config, record)}
            </Link>
          </Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary" component="p">
              {caption}
            </Typography>
          )}
        </Box>
        <Box onClick={(e) => e.stopPropagation()}>
          <RowActions record={record} />
        </Box>
      </Box>
      {badges.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {badges.map((field) => (
            <FieldCell key={field.source} field={field} record={record} />
          ))}
        </Stack>
      )}
      {lines.length > 0 && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
          {lines.map((field) => (
            <Box key={field.source} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {field.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                <FieldCell field={field} record={record} />
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {Body && (
        <Suspense fallback={null}>
          <Body record={record} />
        </Suspense>
      )}
    </Card>
  );
}

/** The list as cards: a grid on wide screens (POI, directory), one column on a phone; nothing scrolls sideways. */
export function ListCards({ selectable }: { selectable: boolean }) {
  const { texts } = useResourceScreen();
  const { data = [] } = useListContext();
  return (
    <Box
      role="list"
      aria-label={texts.listCaption}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(280px, 1fr))' } }}
    >
      {data.map((record) => (
        <Box role="listitem" key={record.id} sx={{ minWidth: 0, display: 'grid' }}>
          <RecordCard record={record} selectable={selectable} />
        </Box>
      ))}
    </Box>
  );
}
