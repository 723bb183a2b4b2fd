import { useState } from 'react';
import { useDataProvider, type SortPayload } from 'ra-core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { LazyMenu } from './LazyOverlays';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useToast } from './toast';
import { fr, format } from '../i18n/fr';
import type { ExportColumn, ExportFormat } from './exporter';

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

/** "Exporter" → CSV or HTML of every row matching the filters, with a toast for the file, for an empty result and for a failure. */
export function ExportMenu({ resource, columns, fileName, title, filter, sort }: ExportMenuProps) {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (fmt: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      // The exporter (and its CSV writer) loads at the first export, not with the page: a list's first load stays light.
      const { exportRows } = await import('./exporter');
      const count = await exportRows(dataProvider, { resource, columns, format: fmt, fileName, title, filter, sort });
      if (count === 0) toast({ title: fr.export.emptyTitle, description: fr.export.emptyMessage, variant: 'info' });
      else toast({ title: fr.export.successTitle, description: format(fr.export.successMessage, { format: fmt.toUpperCase() }), variant: 'success' });
    } catch (error) {
      console.warn('Export', error);
      toast({ title: fr.export.errorTitle, description: fr.export.errorMessage, variant: 'destructive' });
    } finally {
      setBusy(false);
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
        {busy ? fr.export.exporting : fr.export.button}
      </Button>
      <LazyMenu id={`export-menu-${resource}`} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('csv')}>{fr.export.csv}</MenuItem>
        <MenuItem onClick={() => run('html')}>{fr.export.html}</MenuItem>
      </LazyMenu>
    </>
  );
}
