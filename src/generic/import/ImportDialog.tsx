import { useId, useRef, useState } from 'react';
import { useDataProvider } from 'ra-core';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Badge } from '../../common/Badge';
import { downloadBlob } from '../../common/exporter';
import { fieldMessage, frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { DialogFrame } from '../../common/DialogFrame';
import { useResourceScreen } from '../screen';
import type { Row } from '../types';
import { batchesOf, parseCsv, readImport, rejectedCsv, sampleCsv, type ImportRow } from './csvImport';

const t = fr.import;
const PREVIEW_ROWS = 20;

type Importer = { importMany: (resource: string, rows: Row[]) => Promise<{ created: number; ids: string[] }> };
type Refusal = { row: number; errors?: { path?: string[]; message?: string }[]; message?: string };

interface Loaded {
  name: string;
  headers: string[];
  rows: ImportRow[];
  ignored: string[];
}

/** The rows of a batch the backend refused (error.details.rows of its 400), if that is why it failed. */
function refusalsOf(error: unknown): Refusal[] | undefined {
  const rows = (error as { body?: { error?: { details?: { rows?: unknown } } } })?.body?.error?.details?.rows;
  return Array.isArray(rows) ? (rows as Refusal[]) : undefined;
}

/**
 * "Importer": a CSV file read in the browser, previewed with each row's state, the valid rows sent
 * in batches (all or nothing per batch on the backend; a batch refused for some rows is sent again
 * without them), a progress bar, and the refused rows listed with their line and French reason,
 * downloadable as CSV. The config's `import` says the columns and the sample file.
 */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { config } = useResourceScreen();
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & Importer;
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [loaded, setLoaded] = useState<Loaded>();
  const [readError, setReadError] = useState<string>();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [result, setResult] = useState<{ created: number; rejected: ImportRow[] }>();
  const batchSize = config.import?.batchSize ?? 200;

  const reset = () => {
    setLoaded(undefined);
    setReadError(undefined);
    setProgress(undefined);
    setResult(undefined);
  };

  const read = async (file: File) => {
    reset();
    try {
      const parsed = parseCsv(await file.text());
      if (parsed.rows.length === 0) return setReadError(t.empty);
      const { rows, ignored } = readImport(config, parsed);
      setLoaded({ name: file.name, headers: parsed.headers, rows, ignored });
    } catch (error) {
      setReadError(format(t.unreadable, { reason: (error as Error).message }));
    }
  };

  // One mutation for the whole file: the query client refreshes the resource's lists and figures after it.
  const importer = useMutation({
    mutationKey: [config.name, 'import'],
    mutationFn: async ({ rows }: { resource: string; rows: ImportRow[] }) => {
      let created = 0;
      const rejected: ImportRow[] = [];
      setProgress({ done: 0, total: rows.length });
      for (const batch of batchesOf(rows, batchSize)) {
        let pending = batch;
        // A batch refused for some rows stores nothing: those rows are set aside and the rest sent again.
        for (let attempt = 0; pending.length > 0 && attempt < 2; attempt++) {
          try {
            created += (await dataProvider.importMany(config.name, pending.map((row) => row.record))).created;
            pending = [];
          } catch (error) {
            const refusals = refusalsOf(error);
            if (!refusals) throw Object.assign(new Error(frenchErrorMessage(error)), { created });
            const refusedIndexes = new Set(refusals.map((r) => r.row));
            for (const refusal of refusals) {
              const row = pending[refusal.row];
              if (!row) continue;
              const messages = refusal.errors?.length ? refusal.errors : [{ path: [], message: refusal.message }];
              rejected.push({
                ...row,
                reasons: messages.map((m) => {
                  const label = config.fields.find((f) => f.source === m.path?.[0])?.label;
                  const message = fieldMessage(m);
                  return label ? format(t.reasonField, { field: label, message }) : format(t.serverRefused, { message });
                }),
              });
            }
            pending = pending.filter((_, index) => !refusedIndexes.has(index));
          }
        }
        setProgress((p) => ({ done: Math.min((p?.done ?? 0) + batch.length, rows.length), total: rows.length }));
      }
      return { created, rejected };
    },
  });

  const valid = loaded?.rows.filter((row) => row.reasons.length === 0) ?? [];
  const invalid = loaded?.rows.filter((row) => row.reasons.length > 0) ?? [];
  const rejected = result ? [...invalid, ...result.rejected].sort((a, b) => a.line - b.line) : invalid;
  const busy = importer.isPending;

  const run = async () => {
    try {
      const outcome = await importer.mutateAsync({ resource: config.name, rows: valid });
      setResult(outcome);
      const refused = invalid.length + outcome.rejected.length;
      toast({
        title: t.doneTitle,
        description: refused ? format(t.donePartial, { n: outcome.created, rejected: refused }) : format(t.done, { n: outcome.created }),
        variant: refused ? 'warning' : 'success',
      });
    } catch (error) {
      toast({ title: t.errorTitle, description: format(t.error, { reason: (error as Error).message, n: (error as { created?: number }).created ?? 0 }), variant: 'destructive' });
    }
  };

  const download = (text: string, name: string) => downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
  const close = () => {
    reset();
    onClose();
  };

  const previewColumns = loaded ? loaded.headers.map((header, i) => ({ header, i })).filter(({ header }) => !loaded.ignored.includes(header)) : [];

  return (
    <DialogFrame open={open} onClose={close} busy={busy} title={format(t.title, { label: config.label })} maxWidth="lg">
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t.help}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void read(file);
            }}
          />
          <Button variant="contained" startIcon={<UploadIcon />} onClick={() => inputRef.current?.click()} disabled={busy}>
            {t.choose}
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => download(sampleCsv(config), `${config.name}_exemple.csv`)}>
            {t.sample}
          </Button>
          {loaded && <Typography variant="body2">{format(t.file, { name: loaded.name })}</Typography>}
        </Box>

        {readError && <Alert severity="error">{readError}</Alert>}

        {loaded && (
          <>
            <Typography role="status" sx={{ fontWeight: 600, mb: 1 }}>
              {format(t.summary, { total: loaded.rows.length, valid: valid.length, invalid: invalid.length })}
            </Typography>
            {loaded.ignored.length > 0 && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {format(t.ignoredColumns, { names: loaded.ignored.join(', ') })}
              </Alert>
            )}
            {progress && (
              <Box sx={{ my: 2 }}>
                <LinearProgress variant="determinate" value={progress.total ? (progress.done / progress.total) * 100 : 100} aria-label={t.progress} />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {format(t.importing, { done: progress.done, total: progress.total })}
                </Typography>
              </Box>
            )}
            {result && (
              <Alert severity={rejected.length ? 'warning' : 'success'} sx={{ mb: 2 }}>
                {rejected.length ? format(t.donePartial, { n: result.created, rejected: rejected.length }) : format(t.done, { n: result.created })}
              </Alert>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
              {t.preview}
            </Typography>
            {/* Words stay whole: the columns take their longest word and the table scrolls sideways (by keyboard too). */}
            <TableContainer tabIndex={0} role="group" aria-label={t.preview} sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader aria-label={format(t.previewCaption, { shown: Math.min(PREVIEW_ROWS, loaded.rows.length), total: loaded.rows.length })}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.line}</TableCell>
                    <TableCell>{t.state}</TableCell>
                    {previewColumns.map(({ header, i }) => (
                      <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                        {header}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {loaded.rows.slice(0, PREVIEW_ROWS).map((row) => (
                    <TableRow key={row.line}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.reasons.length ? <Badge label={t.invalid} tone="red" /> : <Badge label={t.valid} tone="green" />}</TableCell>
                      {previewColumns.map(({ i }) => (
                        <TableCell key={i} sx={{ minWidth: 96 }}>
                          {row.cells[i]}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>

            {rejected.length > 0 && (
              <Box component="section" sx={{ mt: 2 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {format(t.rejected, { n: rejected.length })}
                </Typography>
                <Box component="ul" sx={{ pl: 3, my: 1 }}>
                  {rejected.map((row) => (
                    <Typography component="li" variant="body2" key={row.line}>
                      {`${t.line} ${row.line} : ${row.reasons.join(' ; ')}`}
                    </Typography>
                  ))}
                </Box>
                <Button startIcon={<DownloadIcon />} onClick={() => download(rejectedCsv(loaded.headers, rejected), `${config.name}_refusees_${formatDate(new Date(), 'yyyy-MM-dd')}.csv`)}>
                  {t.downloadRejected}
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {fr.generic.close}
        </Button>
        {loaded && !result && (
          <Button variant="contained" onClick={run} disabled={busy || valid.length === 0}>
            {valid.length ? format(t.submit, { n: valid.length }) : t.noValid}
          </Button>
        )}
      </DialogActions>
    </DialogFrame>
  );
}
