import { Suspense, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { styled } from '@mui/material/styles';
import { Badge } from '../../common/Badge';
import { secondaryCaption } from '../../common/textStyles';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import type { CellKind, FieldConfig, Row } from '../types';
import { choiceName, displayValue, fieldValue, imageUrl, isEmptyValue, textItems } from '../values';

/** The cell kind a field gets when its config does not say. */
export function defaultCellKind(field: FieldConfig): CellKind {
  switch (field.type) {
    case 'boolean':
    case 'image':
    case 'images':
      return 'yesno';
    case 'tags':
      return 'tags';
    case 'relation':
      return 'list';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return field.tones ? 'badge' : 'text';
  }
}

/**
 * Cells render plain elements under small styled ones: a page of 25 rows has a few hundred cells, and a
 * Box or Typography is several styled components whose sx and variants MUI resolves at each render.
 */
const MutedText = styled('span')(({ theme }) => ({ ...theme.typography.body2, color: theme.palette.text.secondary }));

function Muted({ children }: { children: string }) {
  return <MutedText>{children}</MutedText>;
}

const TitleCell = styled('div')(({ theme }) => ({
  minWidth: 150,
  maxWidth: 220,
  '& .cell-title': { ...theme.typography.body1, fontWeight: 600 },
  '& .cell-caption': {
    ...secondaryCaption(theme),
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
}));

/** At most `max` chips, then "+n" (read out as what it stands for). */
export function ChipList({ items, max = 3 }: { items: string[]; max?: number }) {
  const shown = items.slice(0, max);
  const rest = items.slice(max);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {shown.map((item) => (
        <Chip key={item} label={item} size="small" variant="outlined" />
      ))}
      {rest.length > 0 && (
        <Chip
          size="small"
          label={
            <>
              <span aria-hidden>{format(fr.generic.more, { n: rest.length })}</span>
              <Box component="span" sx={visuallyHidden}>
                {format(fr.generic.moreLabel, { n: rest.length, items: rest.join(', ') })}
              </Box>
            </>
          }
        />
      )}
    </Stack>
  );
}

export interface FieldCellProps {
  field: FieldConfig;
  record: Row;
  /** Where a title cell links (the record's detail). */
  href?: string;
}

/** A value as a list shows it: text, badge, Oui/Non (never blank), date, thumbnail, chips with "+n", a title link. */
export function FieldCell({ field, record, href }: FieldCellProps) {
  if (typeof field.cell === 'function') {
    const Cell = field.cell as ComponentType<{ record: Row }>;
    // A cell of the resource's own may load lazily: its own boundary, so the table stays.
    return (
      <Suspense fallback={displayValue(field, record)}>
        <Cell record={record} />
      </Suspense>
    );
  }
  const kind = field.cell ?? defaultCellKind(field);
  const value = fieldValue(field, record);
  switch (kind) {
    case 'badge':
      if (isEmptyValue(value)) return <Badge label={field.emptyText ?? '—'} tone="grey" />;
      return <Badge label={choiceName(field, value)} tone={field.tones?.[String(value)] ?? 'grey'} />;
    case 'yesno':
      return <>{(Array.isArray(value) ? value.length > 0 : !!value) ? fr.generic.yes : fr.generic.no}</>;
    case 'date':
    case 'datetime': {
      const text = formatDate(value, kind === 'date' ? 'dd/MM/yyyy' : undefined);
      // Dates hold no break opportunity but the space: a narrow column puts the time under the day.
      return text ? <>{text}</> : field.emptyText ? <Muted>{field.emptyText}</Muted> : null;
    }
    case 'image': {
      const url = imageUrl(value);
      return url ? (
        <Box component="img" src={url} alt="" sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
      ) : (
        <Muted>{fr.generic.noImage}</Muted>
      );
    }
    case 'tags':
    case 'list': {
      const items = textItems(field, value);
      return items.length ? <ChipList items={items} max={field.maxItems} /> : <Muted>{field.emptyText ?? ''}</Muted>;
    }
    case 'title': {
      const text = displayValue(field, record);
      const caption = field.caption?.(record);
      return (
        <TitleCell>
          {href ? (
            <Link
              component={RouterLink}
              to={href}
              onClick={(e) => e.stopPropagation()}
              underline="hover"
              sx={{ fontWeight: 600, color: 'text.primary', display: 'block', overflowWrap: 'anywhere' }}
            >
              {text}
            </Link>
          ) : (
            <span className="cell-title">{text}</span>
          )}
          {caption && <p className="cell-caption">{caption}</p>}
        </TitleCell>
      );
    }
    default: {
      if (isEmptyValue(value)) return field.emptyText ? <Muted>{field.emptyText}</Muted> : null;
      return <>{displayValue(field, record)}</>;
    }
  }
}
