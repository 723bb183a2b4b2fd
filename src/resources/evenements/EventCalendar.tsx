import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useGetList, useListContext, type RaRecord } from 'ra-core';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigationType } from 'react-router-dom';
import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  isValid,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import NextIcon from '@mui/icons-material/ChevronRight';
import PreviousIcon from '@mui/icons-material/ChevronLeft';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import { Badge } from '../../common/Badge';
import { useIsPhone } from '../../common/breakpoints';
import { useListUrl } from '../../generic/list/useListUrl';
import { useResourceScreen } from '../../generic/screen';
import { dateLocale, dayKey, formatDay, fromStrapiTime, parseDay, townToday } from '../../i18n/dates';
import { format } from '../../i18n/fr';
import { messages as l } from './messages';
import { frenchErrorMessage } from '../../common/serverErrors';
import { categoryColour, EVENT_CATEGORY_TONES } from './categories';
import { capitalised } from '../../i18n/nouns';

const t = l.calendar;
/** At most this many dots on a day, then a "+n" marker: a busy day keeps the size of its cell. */
export const MAX_DOTS = 3;

type Mode = 'month' | 'week';
/** The period's words in the address: `periode=semaine` (a month without it), `date=2026-03-12` (today without it). */
const PERIOD_PARAM = 'periode';
const PERIODS = { week: 'semaine' } as const;
const DATE_PARAM = 'date';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WEEK = { weekStartsOn: 1 as const, locale: dateLocale };

/** The days a view shows: whole weeks, Monday first, around the month (month) or the focused day's week. */
export function visibleDays(mode: Mode, focus: Date): Date[] {
  const start = mode === 'month' ? startOfWeek(startOfMonth(focus), WEEK) : startOfWeek(focus, WEEK);
  const end = mode === 'month' ? endOfWeek(endOfMonth(focus), WEEK) : endOfWeek(focus, WEEK);
  return eachDayOfInterval({ start, end });
}

/** The day an address names (`2026-03-12`), else today. */
function dayOf(asked: string | undefined, today: Date): Date {
  return asked && DAY.test(asked) && isValid(parseDay(asked)) ? parseDay(asked) : today;
}

const byTime = (a: RaRecord, b: RaRecord) => String(a.time ?? '').localeCompare(String(b.time ?? '')) || String(a.title ?? '').localeCompare(String(b.title ?? ''));

/** Up to three dots in the colours of the day's categories, then "+n". */
function Dots({ events }: { events: RaRecord[] }) {
  if (events.length === 0) return null;
  const rest = events.length - MAX_DOTS;
  return (
    <Box aria-hidden sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.375, minHeight: 12 }}>
      {events.slice(0, MAX_DOTS).map((event) => (
        <Box key={event.id} component="span" data-dot={String(event.category ?? '')} sx={{ width: 7, height: 7, borderRadius: '50%', bgcolor: categoryColour(event.category) }} />
      ))}
      {rest > 0 && (
        <Box component="span" data-more sx={{ fontSize: 11, lineHeight: 1, fontWeight: 700, color: 'text.secondary' }}>
          {format(t.more, { n: rest })}
        </Box>
      )}
    </Box>
  );
}

/** A week cell's events: time and title, the first ones, then "+n". */
function WeekItems({ events }: { events: RaRecord[] }) {
  const shown = events.slice(0, 4);
  return (
    <Box aria-hidden sx={{ display: 'grid', gap: 0.5, mt: 0.5, width: '100%', textAlign: 'left' }}>
      {shown.map((event) => (
        <Box key={event.id} sx={{ borderLeft: 3, borderColor: categoryColour(event.category), pl: 0.5, fontSize: 12, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {fromStrapiTime(event.time)}
          </Box>{' '}
          {String(event.title ?? '')}
        </Box>
      ))}
      {events.length > shown.length && <Box sx={{ fontSize: 12, fontWeight: 700, color: 'text.secondary' }}>{format(t.more, { n: events.length - shown.length })}</Box>}
    </Box>
  );
}

/**
 * On a phone the week is a list of its days, which reads where seven columns of 50 px do not: each
 * day a button that selects it (the panel below then shows it, with « Ajouter un événement »), and
 * under it its events with their time and whole title, each opening its record.
 */
function WeekDayList({ days, eventsOf, selected, today, onPick, onOpen, labelledBy }: {
  days: Date[];
  eventsOf: (day: Date) => RaRecord[];
  selected: Date;
  today: Date;
  onPick: (day: Date) => void;
  onOpen: (id: RaRecord['id']) => void;
  labelledBy: string;
}) {
  return (
    <Box component="ol" aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {days.map((day) => {
        const events = eventsOf(day);
        const isToday = isSameDay(day, today);
        return (
          <Box component="li" key={dayKey(day)} sx={{ border: 1, borderColor: isSameDay(day, selected) ? 'primary.main' : 'divider', borderRadius: 1 }}>
            <ButtonBase
              onClick={() => onPick(day)}
              aria-current={isToday ? 'date' : undefined}
              aria-pressed={isSameDay(day, selected)}
              sx={{ width: '100%', minHeight: 44, px: 1.5, justifyContent: 'space-between', gap: 1, textAlign: 'left', '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' } }}
            >
              <Box component="span" sx={{ fontWeight: 700 }}>
                {capitalised(formatDay(day, 'EEEE d MMMM'))}
                {isToday ? ` · ${t.todayMark}` : ''}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', fontSize: 14 }}>
                {format(t.count, { n: events.length })}
              </Box>
            </ButtonBase>
            {events.length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1, display: 'grid', gap: 0.5 }}>
                {events.map((event) => (
                  <Box component="li" key={event.id} sx={{ borderLeft: 3, borderColor: categoryColour(event.category), pl: 1 }}>
                    <Link component="button" type="button" onClick={() => onOpen(event.id)} sx={{ minHeight: 44, textAlign: 'left', display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                        {fromStrapiTime(event.time)}
                      </Box>{' '}
                      <Box component="span">{String(event.title ?? '')}</Box>
                    </Link>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** A figure of the summary: its label (dt) read first, its value (dd) shown above it. */
function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Box sx={{ textAlign: 'center', flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column-reverse' }}>
      <Typography variant="caption" component="dt" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="dd" sx={{ fontWeight: 700, m: 0 }}>
        {value ?? '…'}
      </Typography>
    </Box>
  );
}

/**
 * The events' calendar, the Calendrier tab of /evenements (a view slot of the events' config):
 * month and week views (weeks start on Monday), today, previous and next; days marked with up to
 * three dots; the selected day's events beside it with an add button; the period's summary. It asks
 * the backend for the visible days only, under the list's filters (search, category). Keyboard: the
 * arrows move between days, Home and End to the week's ends, Page Up and Page Down by a month (a
 * week), Enter or Space selects.
 */
export default function EventCalendar() {
  const { config, allowed, openRecord, openCreateWith } = useResourceScreen();
  const phone = useIsPhone();
  const { filterValues } = useListContext();
  const today = useMemo(() => parseDay(townToday()), []);
  // The period in the address, beside the list's (`?vue=calendrier&periode=semaine&date=2026-03-12`).
  const { get, change } = useListUrl(config);
  const mode: Mode = get(PERIOD_PARAM) === PERIODS.week ? 'week' : 'month';
  const setMode = (next: Mode) => change({ [PERIOD_PARAM]: next === 'week' ? PERIODS.week : undefined });
  const asked = get(DATE_PARAM);
  const [focus, showFocus] = useState<Date>(() => dayOf(asked, today));
  // The calendar moves at once (the keyboard goes from day to day) and the address follows, replaced
  // (no history entry per day); Back, Forward or a link to another day move the calendar.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'REPLACE') showFocus(dayOf(asked, today));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const setFocus = (day: Date) => {
    showFocus(day);
    change({ [DATE_PARAM]: isSameDay(day, today) ? undefined : dayKey(day) }, { replace: true });
  };
  const [selected, setSelected] = useState<Date>(focus);
  const fromKeyboard = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const helpId = useId();
  const titleId = useId();
  const panelId = useId();
  const summaryId = useId();

  const days = useMemo(() => visibleDays(mode, focus), [mode, focus]);
  const first = dayKey(days[0]);
  const last = dayKey(days[days.length - 1]);
  const { data, isPending, isFetching, isPlaceholderData, error } = useGetList(
    config.name,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'date', order: 'ASC' },
      filter: { ...filterValues, date_gte: first, date_lte: last },
      meta: { fields: ['title', 'date', 'time', 'location', 'category', 'status'], populate: [] },
    },
    { placeholderData: keepPreviousData },
  );

  const byDay = useMemo(() => {
    const map = new Map<string, RaRecord[]>();
    for (const event of data ?? []) {
      const key = String(event.date ?? '').slice(0, 10);
      map.set(key, [...(map.get(key) ?? []), event]);
    }
    for (const list of map.values()) list.sort(byTime);
    return map;
  }, [data]);
  const eventsOf = (day: Date) => byDay.get(dayKey(day)) ?? [];
  const loading = isPending || isPlaceholderData;

  // The period's summary: the month's days (not the neighbouring months' shown around it), or the week.
  const summary = useMemo(() => {
    const inPeriod = days.filter((day) => mode === 'week' || isSameMonth(day, focus)).map(eventsOf);
    const events = inPeriod.flat();
    return { events: events.length, days: inPeriod.filter((list) => list.length > 0).length, categories: new Set(events.map((e) => e.category)).size };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byDay, days, mode, focus]);

  useEffect(() => {
    if (!fromKeyboard.current) return;
    fromKeyboard.current = false;
    buttons.current.get(dayKey(focus))?.focus();
  }, [focus, mode]);

  const step = (direction: 1 | -1) => setFocus(mode === 'month' ? addMonths(focus, direction) : addWeeks(focus, direction));
  const goToday = () => {
    setFocus(today);
    setSelected(today);
  };
  const pick = (day: Date) => {
    setFocus(day);
    setSelected(day);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => startOfWeek(day, WEEK),
      End: () => endOfWeek(day, WEEK),
      PageUp: () => (mode === 'month' ? addMonths(day, -1) : addWeeks(day, -1)),
      PageDown: () => (mode === 'month' ? addMonths(day, 1) : addWeeks(day, 1)),
    };
    if (moves[event.key]) {
      event.preventDefault();
      fromKeyboard.current = true;
      setFocus(moves[event.key]());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSelected(day);
    }
  };

  const period =
    mode === 'month'
      ? capitalised(formatDay(focus, 'MMMM yyyy'))
      : format(t.weekOf, { from: formatDay(days[0], isSameMonth(days[0], days[6]) ? 'd' : 'd MMMM'), to: formatDay(days[6], 'd MMMM yyyy') });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const selectedEvents = eventsOf(selected);
  const selectedLabel = capitalised(formatDay(selected, 'EEEE d MMMM yyyy'));

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h3" aria-live="polite" sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
          {period}
        </Typography>
        {/* « ‹ », « Aujourd'hui » and « › » on one row, whatever the width. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, flexWrap: 'nowrap' }}>
          <IconButton aria-label={mode === 'month' ? t.previousMonth : t.previousWeek} onClick={() => step(-1)}>
            <PreviousIcon />
          </IconButton>
          {/* Without its icon on a phone: the month and week switch then fits on the same row. */}
          <Button variant="outlined" size="small" startIcon={phone ? undefined : <TodayIcon />} onClick={goToday}>
            {t.today}
          </Button>
          <IconButton aria-label={mode === 'month' ? t.nextMonth : t.nextWeek} onClick={() => step(1)}>
            <NextIcon />
          </IconButton>
        </Box>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_, value: Mode | null) => value && setMode(value)} aria-label={t.modes}>
          <ToggleButton value="month">{t.month}</ToggleButton>
          <ToggleButton value="week">{t.week}</ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t.error} : {frenchErrorMessage(error)}
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ height: 4 }}>{(isPending || isFetching) && <LinearProgress aria-label={t.loading} />}</Box>
          {phone && mode === 'week' ? (
            <WeekDayList days={days} eventsOf={eventsOf} selected={selected} today={today} onPick={pick} onOpen={openRecord} labelledBy={titleId} />
          ) : (
          <>
          <Box
            component="table"
            role="grid"
            aria-labelledby={titleId}
            aria-describedby={helpId}
            aria-busy={loading || undefined}
            sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', '& th, & td': { border: 1, borderColor: 'divider', p: 0 } }}
          >
            <thead>
              <tr>
                {days.slice(0, 7).map((day) => (
                  <Box component="th" scope="col" key={day.getDay()} abbr={formatDay(day, 'EEEE')} sx={{ py: 0.75, typography: 'caption', fontWeight: 700, color: 'text.secondary' }}>
                    {formatDay(day, 'EEE')}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={dayKey(week[0])}>
                  {week.map((day) => {
                    const key = dayKey(day);
                    const events = eventsOf(day);
                    const isToday = isSameDay(day, today);
                    const isSelected = isSameDay(day, selected);
                    const outside = mode === 'month' && !isSameMonth(day, focus);
                    const label = `${format(t.day, { date: formatDay(day, 'EEEE d MMMM yyyy'), n: events.length })}${isToday ? `, ${t.todayMark}` : ''}`;
                    return (
                      <td key={key} role="gridcell" aria-selected={isSelected}>
                        <ButtonBase
                          ref={(node: HTMLButtonElement | null) => {
                            if (node) buttons.current.set(key, node);
                            else buttons.current.delete(key);
                          }}
                          tabIndex={isSameDay(day, focus) ? 0 : -1}
                          aria-label={label}
                          aria-current={isToday ? 'date' : undefined}
                          onClick={() => pick(day)}
                          onKeyDown={(event) => onKeyDown(event, day)}
                          sx={{
                            width: '100%',
                            minHeight: mode === 'month' ? 64 : 180,
                            display: 'flex',
                            flexDirection: 'column',
                            alignItems: mode === 'month' ? 'center' : 'stretch',
                            justifyContent: 'flex-start',
                            gap: 0.5,
                            p: 0.75,
                            color: outside ? 'text.secondary' : 'text.primary',
                            bgcolor: isSelected ? 'action.selected' : outside ? 'action.hover' : 'transparent',
                            '&:hover': { bgcolor: 'action.focus' },
                            '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                          }}
                        >
                          <Box
                            component="span"
                            aria-hidden
                            sx={{
                              alignSelf: 'center',
                              width: 28,
                              height: 28,
                              lineHeight: '28px',
                              borderRadius: '50%',
                              textAlign: 'center',
                              fontWeight: isToday ? 700 : 500,
                              bgcolor: isToday ? 'primary.main' : 'transparent',
                              color: isToday ? 'primary.contrastText' : 'inherit',
                            }}
                          >
                            {day.getDate()}
                          </Box>
                          {mode === 'month' ? <Dots events={events} /> : <WeekItems events={events} />}
                        </ButtonBase>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Box>
          {/* Keys to use: said where there is a keyboard, not on a touch screen. */}
          <Typography id={helpId} variant="caption" color="text.secondary" component="p" sx={{ mt: 1, '@media (hover: none) and (pointer: coarse)': { display: 'none' } }}>
            {t.keyboardHelp}
          </Typography>
          </>
          )}
        </Box>

        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box component="section" aria-labelledby={panelId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography id={panelId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {selectedLabel}
            </Typography>
            {selectedEvents.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t.noEvents}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
                {selectedEvents.map((event) => (
                  <Box component="li" key={event.id} sx={{ borderLeft: 3, borderColor: categoryColour(event.category), pl: 1 }}>
                    <Link component="button" type="button" onClick={() => openRecord(event.id)} sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}>
                      {String(event.title ?? '')}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {[fromStrapiTime(event.time), event.location].filter(Boolean).join(' · ')}
                    </Typography>
                    <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                      {event.category ? <Badge label={String(event.category)} tone={EVENT_CATEGORY_TONES[event.category as keyof typeof EVENT_CATEGORY_TONES] ?? 'grey'} /> : null}
                      {event.status === 'draft' ? <Badge label={l.draft} tone="grey" /> : null}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
            {allowed('create') && (
              <Button
                variant="contained"
                size="small"
                startIcon={<AddIcon />}
                sx={{ mt: 1.5 }}
                aria-label={format(t.addOn, { date: formatDay(selected, 'EEEE d MMMM yyyy') })}
                onClick={() => openCreateWith({ date: dayKey(selected) })}
              >
                {t.add}
              </Button>
            )}
          </Box>

          <Box component="section" aria-labelledby={summaryId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography id={summaryId} variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {mode === 'month' ? t.summary : t.summaryWeek}
            </Typography>
            <Box component="dl" sx={{ display: 'flex', gap: 1, m: 0 }}>
              {/* Not the figures of the period shown before while this one loads. */}
              <Figure label={t.summaryEvents} value={loading ? undefined : summary.events} />
              <Figure label={t.summaryDays} value={loading ? undefined : summary.days} />
              <Figure label={t.summaryCategories} value={loading ? undefined : summary.categories} />
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
