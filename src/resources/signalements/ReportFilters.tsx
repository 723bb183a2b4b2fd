import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import {
  REPORT_PRIORITIES,
  REPORT_PRIORITY_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  REPORT_TYPE_VALUES,
  ZONES,
} from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';

const l = fr.resources.signalements;

/** Filter selects: the one vocabulary of DESIGN section 3, so each filter matches what rows show. */
const SELECTS: { source: string; label: string; choices: { id: string; name: string }[] }[] = [
  { source: 'report_status', label: l.filters.status, choices: REPORT_STATUSES.map((s) => ({ id: s, name: REPORT_STATUS_LABELS[s] })) },
  { source: 'priority', label: l.filters.priority, choices: REPORT_PRIORITIES.map((p) => ({ id: p, name: REPORT_PRIORITY_LABELS[p] })) },
  { source: 'type', label: l.filters.type, choices: REPORT_TYPE_VALUES.map((t) => ({ id: t, name: t })) },
  { source: 'zone', label: l.filters.zone, choices: ZONES.map((z) => ({ id: z, name: z })) },
];

/** Text search (debounced 300 ms) and the four filter selects, all applied by the backend. */
export function ReportFilters() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [q, setQ] = useState<string>(String(filterValues.q ?? ''));
  const latest = useRef(filterValues);
  latest.current = filterValues;

  useEffect(() => {
    setQ(String(filterValues.q ?? ''));
  }, [filterValues.q]);

  useEffect(() => {
    if (q === String(latest.current.q ?? '')) return;
    const timer = setTimeout(() => {
      const next = { ...latest.current, q: q.trim() || undefined };
      if (!next.q) delete next.q;
      setFilters(next, displayedFilters);
    }, 300);
    return () => clearTimeout(timer);
  }, [q, setFilters, displayedFilters]);

  const setOne = (source: string, value: string) => {
    const next = { ...filterValues, [source]: value || undefined };
    if (!value) delete next[source];
    setFilters(next, displayedFilters);
  };
  const active = Object.keys(filterValues).length > 0;

  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        size="small"
        fullWidth={false}
        label={l.search}
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
                <IconButton size="small" aria-label={l.clearSearch} onClick={() => setQ('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      {SELECTS.map(({ source, label, choices }) => (
        <TextField
          key={source}
          select
          size="small"
          fullWidth={false}
          label={label}
          value={String(filterValues[source] ?? '')}
          onChange={(e) => setOne(source, e.target.value)}
          sx={{ minWidth: 150 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{l.filters.all}</MenuItem>
          {choices.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {active && (
        <Button size="small" onClick={() => { setQ(''); setFilters({}, displayedFilters); }}>
          {l.filters.reset}
        </Button>
      )}
    </Box>
  );
}
