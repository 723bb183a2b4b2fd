import { useEffect, useId, useRef, useState } from 'react';
import { useGetList, useListContext } from 'ra-core';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import FilterIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { townDayBound, townDayOf } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { useBackendQuery } from '../../providers/customCalls';
import { useResourceScreen } from '../screen';
import type { Choice, FilterConfig, Row } from '../types';
import { fieldOf, getPath } from '../values';

const YES_NO = [
  { id: 'true', name: fr.generic.yes },
  { id: 'false', name: fr.generic.no },
];

/** Filter keys the tabs set: they are the tabs' business, not the selects'. */
export function tabKeys(tabs: { filter: Record<string, unknown> }[] = []): Set<string> {
  return new Set(tabs.flatMap((tab) => Object.keys(tab.filter)));
}

type FilterChange = (change: (current: Row) => Row) => void;

/**
 * Changes the list's filters from the latest ones: those the list shows, or those just asked for
 * that it does not show yet (the address changes, then the list renders), so that two quick
 * changes (a switch, then another; a search typed, then a select) both count.
 */
function useFilterChange(): FilterChange {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const asked = useRef<Row | null>(null);
  const shown = JSON.stringify(filterValues);
  useEffect(() => {
    asked.current = null;
  }, [shown]);
  return (change) => {
    const next = Object.fromEntries(Object.entries(change(asked.current ?? filterValues)).filter(([, value]) => value !== undefined));
    asked.current = next;
    setFilters(next, displayedFilters);
  };
}

/** The text search, debounced 300 ms (one request per pause in typing), kept in step with the list's filter. */
function SearchField({ change }: { change: FilterChange }) {
  const { texts } = useResourceScreen();
  const { filterValues } = useListContext();
  const [q, setQ] = useState<string>(String(filterValues.q ?? ''));
  const shown = String(filterValues.q ?? '');
  const latest = useRef(change);
  latest.current = change;

  useEffect(() => {
    setQ(shown);
  }, [shown]);

  useEffect(() => {
    if (q === shown) return;
    const timer = setTimeout(() => latest.current((current) => ({ ...current, q: q.trim() || undefined })), 300);
    return () => clearTimeout(timer);
  }, [q, shown]);

  return (
    <TextField
      size="small"
      fullWidth={false}
      label={texts.search}
      value={q}
      onChange={(e) => setQ(e.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
          endAdornment: q ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={fr.generic.clearSearch} onClick={() => setQ('')}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

const SELECT_SX = { minWidth: { xs: '100%', sm: 150 } };

/** A select of filter choices, "Tous" first. */
function FilterSelect({ filter, label, choices, value, onChange }: { filter: FilterConfig; label: string; choices: readonly Choice[]; value: unknown; onChange: (value: string) => void }) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.target.value)}
      sx={SELECT_SX}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{filter.allLabel ?? fr.generic.all}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A filter on the records of another resource (the audit log's "Utilisateur"): its choices are read from it. */
function ReferenceFilter({ filter, label, value, onChange }: { filter: FilterConfig; label: string; value: unknown; onChange: (value: string) => void }) {
  const reference = filter.reference!;
  const { data } = useGetList(reference.resource, { pagination: { page: 1, perPage: 200 }, sort: reference.sort ?? { field: reference.optionText, order: 'ASC' } });
  const choices = reference.choices
    ? reference.choices(data ?? [])
    : (data ?? []).map((record) => ({ id: String(getPath(record, reference.optionValue ?? 'id')), name: String(getPath(record, reference.optionText) ?? '') }));
  return <FilterSelect filter={filter} label={label} choices={choices} value={value} onChange={onChange} />;
}

/** A filter on the values the records hold, which the backend lists (the reports' origins: back-office and each Open311 client). */
function ValuesFilter({ filter, label, value, onChange }: { filter: FilterConfig; label: string; value: unknown; onChange: (value: string) => void }) {
  const { config } = useResourceScreen();
  const { data } = useBackendQuery<{ data: string[] }>([config.name, 'values', filter.source], filter.valuesFrom!);
  return <FilterSelect filter={filter} label={label} choices={(data?.data ?? []).map((v) => ({ id: v, name: v }))} value={value} onChange={onChange} />;
}

/** A day in the town's time zone; the filter holds the UTC instant of the day's start (`_gte`) or end (`_lte`). */
function DateFilter({ filter, label, value, onChange }: { filter: FilterConfig; label: string; value: unknown; onChange: (value: string) => void }) {
  const end = /_(lte|lt)$/.test(filter.source);
  return (
    <TextField
      type="date"
      size="small"
      fullWidth={false}
      label={label}
      value={townDayOf(value)}
      onChange={(e) => onChange(townDayBound(e.target.value, end) ?? '')}
      sx={SELECT_SX}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * The always-on filters of a list, in one row: the text search and a select per filter of the
 * config, applied by the backend. On a phone the selects fold behind a "Filtres" button.
 */
export function ListFilters({ phone }: { phone: boolean }) {
  const { config } = useResourceScreen();
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const filters = config.filters ?? [];
  const hasSearch = filters.some((f) => f.source === 'q');
  const selects = filters.filter((f) => f.source !== 'q' && f.kind !== 'switch');
  const switches = filters.filter((f) => f.kind === 'switch');
  const fromTabs = tabKeys(config.tabs);
  const active = Object.keys(filterValues).filter((key) => !fromTabs.has(key));
  const activeSelects = [...selects, ...switches].filter((f) => filterValues[f.source] !== undefined).length;

  const change = useFilterChange();
  const setOne = (source: string, value: string | boolean) => change((current) => ({ ...current, [source]: value || undefined }));
  // The tab's filter is not among these (the list's permanent filter): the tab stays.
  const reset = () => change(() => ({}));

  const selectFields = selects.map((filter) => {
    const label = filter.label ?? fieldOf(config, filter.source).label;
    const props = { filter, label, value: filterValues[filter.source], onChange: (value: string) => setOne(filter.source, value) };
    if (filter.kind === 'date') return <DateFilter key={filter.source} {...props} />;
    if (filter.kind === 'reference') return <ReferenceFilter key={filter.source} {...props} />;
    if (filter.kind === 'values') return <ValuesFilter key={filter.source} {...props} />;
    const field = filter.choices ? undefined : fieldOf(config, filter.source);
    const choices = filter.choices ?? (field?.type === 'boolean' ? YES_NO : (field?.choices ?? []));
    return <FilterSelect key={filter.source} {...props} choices={choices} />;
  });
  // A switch keeps the records whose field is true; off, the filter is gone (not "false").
  const switchFields = switches.map((filter) => (
    <FormControlLabel
      key={filter.source}
      label={filter.label ?? fieldOf(config, filter.source).label}
      control={<Switch checked={filterValues[filter.source] === true} onChange={(e) => setOne(filter.source, e.target.checked ? true : '')} />}
    />
  ));
  const resetButton = active.length > 0 && (
    <Button size="small" onClick={reset}>
      {fr.generic.resetFilters}
    </Button>
  );

  if (filters.length === 0) return null;
  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      {hasSearch && <SearchField change={change} />}
      {phone && selects.length > 0 ? (
        <>
          <Button variant="outlined" size="small" startIcon={<FilterIcon />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            {fr.generic.filters}
            {activeSelects > 0 && (
              <>
                <Chip label={activeSelects} size="small" color="primary" aria-hidden sx={{ ml: 1, height: 20 }} />
                <Box component="span" sx={visuallyHidden}>
                  {`, ${format(fr.generic.activeFilters, { n: activeSelects })}`}
                </Box>
              </>
            )}
          </Button>
          {resetButton}
          <Collapse in={open} id={panelId} sx={{ width: '100%' }} unmountOnExit>
            <Box sx={{ display: 'grid', gap: 1.5, pt: 0.5 }}>
              {selectFields}
              {switchFields}
            </Box>
          </Collapse>
        </>
      ) : (
        <>
          {selectFields}
          {switchFields}
          {resetButton}
        </>
      )}
    </Box>
  );
}
