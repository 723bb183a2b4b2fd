import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { visuallyHidden } from '@mui/utils';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import CloseIcon from '@mui/icons-material/Close';
import FilterIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import SouthIcon from '@mui/icons-material/South';
import NorthIcon from '@mui/icons-material/North';
import { SEARCH_TYPES, type SearchResult } from '@mamoudzou/domain/search';
import { ARTICLE_STATUS_LABELS, REPORT_PRIORITIES, REPORT_PRIORITY_LABELS, REPORT_STATUS_LABELS } from '@mamoudzou/domain/vocabulary';
import { Badge as Tag, type BadgeTone } from '../../common/Badge';
import { useFullScreenDialog } from '../../common/breakpoints';
import { DialogNotices } from '../../common/DialogNotices';
import { useBackCloses } from '../../common/useBackCloses';
import { useCustomCalls } from '../../providers/customCalls';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';

const s = fr.search;

export const SEARCH_STATUSES = ['nouveau', 'en_cours', 'en_attente', 'resolu', 'actif', 'suspendu', 'inactif'] as const;
/** The query waits 300 ms after the last key: one request per pause, not per key. */
export const DEBOUNCE_MS = 300;
/** The spinner hides after 5 s: a slow server does not keep it turning for ever. */
export const SPINNER_MS = 5000;
/** Results shown at most, the backend's cap too (backend/src/api/search/services/search.ts). */
export const MAX_RESULTS = 20;

const TYPE_TONES: Record<string, BadgeTone> = { signalement: 'violet', article: 'blue', event: 'green', user: 'grey' };

type Sort = 'relevance' | 'date' | 'title';

/** A result's status in French: a report's workflow, a content's publication, a user's account. */
function statusLabel({ type, status }: SearchResult): string {
  const key = String(status);
  const labels: Record<string, string> = type === 'signalement' ? REPORT_STATUS_LABELS : type === 'article' || type === 'event' ? ARTICLE_STATUS_LABELS : s.statuses;
  return labels[key] ?? key;
}

/** The value once it has not changed for `ms` (the query waits for the typing to pause). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function CheckGroup({ legend, values, labels, chosen, onToggle }: { legend: string; values: readonly string[]; labels: Record<string, string>; chosen: string[]; onToggle: (value: string) => void }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {legend}
      </Typography>
      <FormGroup row>
        {values.map((value) => (
          <FormControlLabel key={value} control={<Checkbox size="small" checked={chosen.includes(value)} onChange={() => onToggle(value)} />} label={labels[value] ?? value} />
        ))}
      </FormGroup>
    </Box>
  );
}

/** The search dialog (a chunk of its own, loaded when it first opens, not with every screen). */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const calls = useCustomCalls();
  const navigate = useNavigate();
  const id = useId();
  const phone = useFullScreenDialog();
  useBackCloses(open && phone, onClose);
  const [text, setText] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [types, setTypes] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [priorities, setPriorities] = useState<string[]>([]);
  const [sort, setSort] = useState<Sort>('relevance');
  const [ascending, setAscending] = useState(false);
  const [active, setActive] = useState(0);
  const [spinnerShown, setSpinnerShown] = useState(true);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const filterCount = types.length + statuses.length + priorities.length;

  const params = useMemo(
    () => ({
      q: query,
      ...(types.length ? { types: types.join(',') } : {}),
      ...(statuses.length ? { statuses: statuses.join(',') } : {}),
      ...(priorities.length ? { priorities: priorities.join(',') } : {}),
      sort,
      order: ascending ? 'asc' : 'desc',
    }),
    [query, types, statuses, priorities, sort, ascending],
  );
  const search = useQuery({
    queryKey: ['search', params],
    queryFn: ({ signal }) => calls.get<{ data: SearchResult[] }>('/api/search', params, signal).then((body) => body?.data ?? []),
    // An empty or blank query clears the results, without a request.
    enabled: open && query !== '',
    placeholderData: (previous) => previous,
    staleTime: 30_000,
    retry: false,
  });
  // At most 20, whatever the server sends.
  const results = query ? (search.data ?? []).slice(0, MAX_RESULTS) : [];

  useEffect(() => setActive(0), [params]);
  useEffect(() => {
    setSpinnerShown(true);
    if (!search.isFetching) return;
    const timer = setTimeout(() => setSpinnerShown(false), SPINNER_MS);
    return () => clearTimeout(timer);
  }, [search.isFetching]);

  const toggle = (setter: (fn: (values: string[]) => string[]) => void) => (value: string) =>
    setter((values) => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]));
  const go = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    // On a phone the dialog's own history entry is replaced by the result: Back then returns where the search began.
    navigate(result.url, { replace: phone });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && results.length) {
      e.preventDefault();
      go(results[active]);
    }
  };
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-result-${i}`;

  let message: string | null = null;
  if (!query) message = s.startTyping;
  else if (search.isError) message = s.error;
  else if (search.isPending) message = s.loadingData;
  else if (search.isFetching) message = s.searching;
  else if (results.length === 0) message = format(s.noResults, { query });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md" fullScreen={phone} slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { sm: 8 } } } }}>
      <DialogTitle id={`${id}-title`} sx={{ pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {s.title}
        </Box>
        {/* Full screen on a phone: the dialog needs its own way out (Back closes it too). */}
        <IconButton aria-label={s.close} onClick={onClose} edge="end" sx={{ width: 44, height: 44 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {phone && <DialogNotices />}
      {/* Right under the title MUI's own rule takes its top padding away; under the notices it keeps it. */}
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={s.placeholder}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': s.title,
              'aria-expanded': results.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': results.length ? optionId(active) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton aria-label={s.clear} onClick={() => setText('')} size="small">
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1.5 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<FilterIcon />}
            aria-expanded={filtersOpen}
            aria-controls={`${id}-filters`}
            onClick={() => setFiltersOpen((o) => !o)}
            endIcon={
              filterCount > 0 ? (
                <Box component="span" aria-hidden sx={{ display: 'flex' }}>
                  <Badge badgeContent={filterCount} color="primary" sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} />
                </Box>
              ) : undefined
            }
          >
            {s.filters}
            {filterCount > 0 && (
              <Box component="span" sx={visuallyHidden}>
                {`, ${format(s.activeFilters, { n: filterCount })}`}
              </Box>
            )}
          </Button>
          <TextField select size="small" fullWidth={false} label={s.sort} value={sort} onChange={(e) => setSort(e.target.value as Sort)} sx={{ minWidth: 150 }}>
            {(Object.keys(s.sorts) as Sort[]).map((key) => (
              <MenuItem key={key} value={key}>
                {s.sorts[key]}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButton size="small" value="order" selected={ascending} onChange={() => setAscending((a) => !a)} sx={{ textTransform: 'none', gap: 0.5 }}>
            {ascending ? <NorthIcon fontSize="small" aria-hidden /> : <SouthIcon fontSize="small" aria-hidden />}
            {ascending ? s.ascending : s.descending}
          </ToggleButton>
        </Box>
        <Collapse in={filtersOpen} id={`${id}-filters`} unmountOnExit>
          <Box sx={{ display: 'grid', gap: 1, mt: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <CheckGroup legend={s.typeGroup} values={SEARCH_TYPES} labels={s.types} chosen={types} onToggle={toggle(setTypes)} />
            <CheckGroup legend={s.statusGroup} values={SEARCH_STATUSES} labels={s.statuses} chosen={statuses} onToggle={toggle(setStatuses)} />
            <CheckGroup legend={s.priorityGroup} values={REPORT_PRIORITIES} labels={REPORT_PRIORITY_LABELS} chosen={priorities} onToggle={toggle(setPriorities)} />
            <Box>
              <Button
                size="small"
                disabled={filterCount === 0}
                onClick={() => {
                  setTypes([]);
                  setStatuses([]);
                  setPriorities([]);
                }}
              >
                {s.clearFilters}
              </Button>
            </Box>
          </Box>
        </Collapse>
        <Box sx={{ mt: 2, minHeight: 120 }}>
          <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            {search.isFetching && spinnerShown && <CircularProgress size={16} aria-hidden />}
            {message && <Typography variant="body2">{message}</Typography>}
            {!message && <Typography variant="body2">{format(s.results, { n: results.length })}</Typography>}
          </Box>
          {!query && (
            <Typography variant="caption" color="text.secondary">
              {s.tip}
            </Typography>
          )}
          <Box component="ul" role="listbox" id={listId} aria-label={s.title} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {results.map((result, i) => (
              <Box
                component="li"
                role="option"
                id={optionId(i)}
                key={`${result.type}-${result.id}`}
                aria-selected={i === active}
                onClick={() => go(result)}
                onMouseEnter={() => setActive(i)}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 1.5, py: 1, borderRadius: 1, cursor: 'pointer', bgcolor: i === active ? 'action.selected' : undefined }}
              >
                <Tag label={s.types[result.type]} tone={TYPE_TONES[result.type] ?? 'grey'} />
                <Typography component="span" sx={{ fontWeight: 600, flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
                  {result.title}
                </Typography>
                {result.status && <Tag label={statusLabel(result)} tone="grey" />}
                {result.priority && <Tag label={REPORT_PRIORITY_LABELS[result.priority as keyof typeof REPORT_PRIORITY_LABELS] ?? result.priority} tone="grey" />}
                {result.date && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {formatDate(result.date, s.dateFormat)}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The header's "Rechercher..." button and Ctrl/Cmd+K; Escape closes the dialog. */
