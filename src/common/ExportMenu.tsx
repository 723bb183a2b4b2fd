import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useDataProvider, type SortPayload } from 'ra-core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { LazyMenu } from './LazyOverlays';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useToast } from './toast';
import { fr, format } from '../i18n/fr';
import type { ExportColumn, ExportProgress, OpenSink } from './exporter';
import { exportFileName, type ExportFormat } from './exportFileName';
import { browserSink, chooseFile, streamsThroughServiceWorker } from './exportSinks';

export interface ExportMenuProps {
  resource: string;
  columns: ExportColumn[];
  /** File name stem ("signalements"). */
  fileName: string;
  /** Title of the HTML export. */
  title: string;
  /** The list's current filters and sort: the export covers every matching row, not just the page. */
  filter?: Record<string, unknown>;
  sort?: SortPayload;
}

/** The progress as the button says it: « Export : 12 000 / 500 000 lignes ». */
export function progressText(progress: ExportProgress | null): string {
  if (!progress) return fr.export.exporting;
  const n = progress.rows.toLocaleString('fr-FR');
  return progress.total === undefined ? format(fr.export.progressRows, { n }) : format(fr.export.progress, { n, total: progress.total.toLocaleString('fr-FR') });
}

/** The screen reader hears the progress by tenths (or every 10,000 rows when the total is unknown), not each batch. */
const spokenStep = (progress: ExportProgress) => (progress.total ? Math.floor((10 * progress.rows) / Math.max(1, progress.total)) : Math.floor(progress.rows / 10_000));

/**
 * "Exporter" → CSV or HTML of every row matching the filters, with a toast for the file, for an empty result and for
 * a failure. A CSV the backend streams is written to the download as it arrives (exportSinks.ts), its progress on the button.
 */
export function ExportMenu({ resource, columns, fileName, title, filter, sort }: ExportMenuProps) {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [spoken, setSpoken] = useState('');
  const shown = useRef({ at: 0, step: -1 });

  const onProgress = (next: ExportProgress) => {
    // At most a few renders a second, whatever the pace of the batches.
    const now = Date.now();
    if (now - shown.current.at >= 250 || next.rows === next.total) {
      shown.current.at = now;
      setProgress(next);
    }
    const step = spokenStep(next);
    if (step !== shown.current.step) {
      shown.current.step = step;
      setSpoken(progressText(next));
    }
  };

  const run = async (fmt: ExportFormat) => {
    setAnchor(null);
    // Where no service worker streams the download, the browser's file dialog (if it has one) is asked now, at the
    // click: the file is then written as rows come.
    const chosen = fmt === 'csv' && !streamsThroughServiceWorker() ? chooseFile(exportFileName(fileName, fmt), fmt) : undefined;
    setBusy(true);
    setProgress(null);
    shown.current = { at: 0, step: -1 };
    try {
      const picked: OpenSink | undefined = chosen ? await chosen : undefined;
      // The exporter (and its CSV writer) loads at the first export, not with the page: a list's first load stays light.
      const { exportRows, memorySink } = await import('./exporter');
      const count = await exportRows(dataProvider, { resource, columns, format: fmt, fileName, title, filter, sort }, undefined, {
        openSink: browserSink(memorySink(), picked),
        onProgress,
      });
      if (count === 0) toast({ title: fr.export.emptyTitle, description: fr.export.emptyMessage, variant: 'info' });
      else toast({ title: fr.export.successTitle, description: format(fr.export.successMessage, { format: fmt.toUpperCase() }), variant: 'success' });
    } catch (error) {
      // The agent closed the file dialog: nothing to say.
      if ((error as Error)?.name !== 'AbortError') {
        console.warn('Export', error);
        toast({ title: fr.export.errorTitle, description: fr.export.errorMessage, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
      setProgress(null);
      setSpoken('');
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `export-menu-${resource}` : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? progressText(progress) : fr.export.button}
      </Button>
      <Box component="span" role="status" sx={visuallyHidden}>
        {spoken}
      </Box>
      <LazyMenu id={`export-menu-${resource}`} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('csv')}>{fr.export.csv}</MenuItem>
        <MenuItem onClick={() => run('html')}>{fr.export.html}</MenuItem>
      </LazyMenu>
    </>
  );
}
