import { Fragment, memo, Suspense, useDeferredValue, useState } from 'react';
import { useListContext, type RaRecord } from 'ra-core';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { phoneTapTarget } from '../../common/breakpoints';
import { useLatestCallback } from '../../common/useLatestCallback';
import { secondaryCaption } from '../../common/textStyles';
import { FieldCell } from '../fields/FieldCell';
import { useResourceScreen } from '../screen';
import type { FieldConfig, ResourceConfig } from '../types';
import { fieldOf, imageUrl, recordTitle } from '../values';
import { RowActions } from './RowActions';
import { CardCheckbox } from './Selection';

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

/**
 * A card's parts are plain elements under one styled root: a page shows 25 cards, and each Box, Stack
 * or Typography is itself a few styled components (sx resolved against the theme at each render).
 */
const CardRoot = styled(Card)(({ theme }) => ({
  padding: theme.spacing(1.5),
  cursor: 'pointer',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  '& .card-picture': { width: '100%', height: 140, objectFit: 'cover', borderRadius: theme.shape.borderRadius, display: 'block' },
  '& .card-head': { display: 'flex', alignItems: 'flex-start', gap: theme.spacing(0.5) },
  '& .card-select': { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flex: 'none', width: 44, height: 44, marginTop: theme.spacing(-1.25), marginLeft: theme.spacing(-1.25), cursor: 'pointer' },
  '& .card-select input': { width: 20, height: 20, margin: 0, cursor: 'pointer', accentColor: theme.palette.primary.main },
  '& .card-icon': { color: theme.palette.text.secondary, display: 'flex', paddingTop: theme.spacing(0.25) },
  '& .card-heading': { flex: 1, minWidth: 0 },
  '& .card-title': { ...theme.typography.subtitle1, margin: 0, fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' },
  '& .card-caption': secondaryCaption(theme),
  '& .card-badges': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) },
  '& .card-lines': { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: theme.spacing(1.5), rowGap: theme.spacing(0.5), margin: 0 },
  '& .card-lines dt': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& .card-lines dd': { ...theme.typography.body2, margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  // Card's own type, so that the root keeps its `component` prop (an article).
})) as typeof Card;

const stopPropagation = (event: React.SyntheticEvent) => event.stopPropagation();

/** A plain left click, opened in the page; a middle click or one with a modifier is the browser's (a new tab). */
const opensInPlace = (event: React.MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

// Memoised: a card renders again only when its record changes (react-query keeps an unchanged row's object), not
// with every answer, selection or dialog of the list around it.
interface RecordCardProps {
  record: RaRecord;
  /** Whether the list lets records be selected; the selection comes as plain props, so that the memo holds. */
  selectable: boolean;
  selected: boolean;
  onToggle: (id: RaRecord['id']) => void;
}

const RecordCard = memo(function RecordCard({ record, selectable, selected, onToggle }: RecordCardProps) {
  const { config, paths, openRecord } = useResourceScreen();
  // A plain link, not react-router's: its Link renders again at every address (each dialog opening or closing, 25
  // cards a page); the click opens the record through the screen as the card does.
  const openTitle = (event: React.MouseEvent) => {
    event.stopPropagation();
    if (!opensInPlace(event)) return;
    event.preventDefault();
    openRecord(record.id);
  };
  const title = titleFieldOf(config);
  const { badges, lines } = cardFieldsOf(config, title);
  const picture = config.card?.image ? imageUrl(record[config.card.image]) : undefined;
  const caption = title?.caption?.(record);
  const Body = config.card?.body;
  const Icon = config.card?.icon;
  return (
    <CardRoot component="article" variant="outlined" onClick={() => openRecord(record.id)}>
      {picture && <img className="card-picture" src={picture} alt="" />}
      <div className="card-head">
        {selectable && <CardCheckbox record={record} selected={selected} onToggle={onToggle} />}
        {Icon && (
          <div className="card-icon" aria-hidden>
            <Icon record={record} />
          </div>
        )}
        <div className="card-heading">
          <h3 className="card-title">
            <Link href={config.views.detail ? paths.record(record.id) : paths.edit(record.id)} onClick={openTitle} underline="hover" color="inherit" sx={phoneTapTarget}>
              {recordTitle(config, record)}
            </Link>
          </h3>
          {caption && <p className="card-caption">{caption}</p>}
        </div>
        <div onClick={stopPropagation}>
          <RowActions record={record} />
        </div>
      </div>
      {badges.length > 0 && (
        <div className="card-badges">
          {badges.map((field) => (
            <FieldCell key={field.source} field={field} record={record} />
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <dl className="card-lines">
          {lines.map((field) => (
            <Fragment key={field.source}>
              <dt>{field.label}</dt>
              <dd>
                <FieldCell field={field} record={record} />
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
      {Body && (
        <Suspense fallback={null}>
          <Body record={record} />
        </Suspense>
      )}
    </CardRoot>
  );
});

const CardList = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(1.5),
  gridTemplateColumns: 'minmax(0, 1fr)',
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' },
  '& > [role="listitem"]': { minWidth: 0, display: 'grid' },
}));

/**
 * The cards drawn with the list's first answer: what a phone's screen shows first (a card is ~200 px high). The page's
 * other cards follow in a render React may pause for the browser (useDeferredValue): the list's answer comes through react-query's
 * store, whose updates render at once, and its 25 cards were one task of ~170 ms on a phone (4× slower CPU), the
 * longest of the load.
 */
export const FIRST_CARDS = 6;
const NO_RECORDS: RaRecord[] = [];

/** The list as cards: a grid on wide screens (POI, directory), one column on a phone; nothing scrolls sideways. */
export function ListCards({ selectable }: { selectable: boolean }) {
  const { texts } = useResourceScreen();
  const { data = NO_RECORDS, selectedIds, onToggleItem } = useListContext();
  // Only the first drawing is split: once every card is there, a later answer (a status changed, the next page)
  // replaces them in one render, with no second one in the background.
  const [splitting, setSplitting] = useState(true);
  const drawn = useDeferredValue(splitting ? data : NO_RECORDS, NO_RECORDS);
  if (splitting && drawn === data) setSplitting(false);
  const shown = !splitting || drawn === data ? data : data.slice(0, FIRST_CARDS);
  // react-admin's toggle is a new function at each render of the list: one that calls the latest keeps the cards' memo.
  const onToggle = useLatestCallback(onToggleItem);
  return (
    <CardList role="list" aria-label={texts.listCaption}>
      {shown.map((record) => (
        <div role="listitem" key={record.id}>
          <RecordCard record={record} selectable={selectable} selected={selectedIds.includes(record.id)} onToggle={onToggle} />
        </div>
      ))}
    </CardList>
  );
}
