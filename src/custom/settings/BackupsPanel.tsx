import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import BackupIcon from '@mui/icons-material/BackupOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { downloadBlob } from '../../common/exporter';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { format } from '../../i18n/fr';
import { messages as settingsMessages } from './messages';
import { formatDate } from '../../i18n/dates';
import { useCustomCalls } from '../../providers/customCalls';
import { formatSize, useBackups, useCreateBackup } from './backups';

const t = settingsMessages.backups;

/**
 * The Maintenance tab's backups: "Sauvegarder maintenant" and the archives with their date (town
 * time) and size, each downloadable. A small read-only table of a few files: MUI's Table, not a
 * resource list (nothing to page, sort or filter).
 */
export function BackupsPanel() {
  const { data, isPending, error } = useBackups();
  const create = useCreateBackup();
  const calls = useCustomCalls();
  const toast = useToast();
  const [downloading, setDownloading] = useState<string | null>(null);

  const backupNow = () =>
    create.mutate(undefined, {
      onSuccess: (file) => toast({ title: t.doneTitle, description: format(t.doneMessage, { name: file.name, size: formatSize(file.size) }), variant: 'success' }),
      onError: (err) => toast({ title: t.errorTitle, description: frenchErrorMessage(err), variant: 'destructive' }),
    });

  const download = async (name: string) => {
    setDownloading(name);
    try {
      downloadBlob(await calls.download(`/api/backups/${encodeURIComponent(name)}/download`), name);
    } catch (err) {
      toast({ title: t.downloadError, description: frenchErrorMessage(err), variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Button
        variant="outlined"
        startIcon={create.isPending ? <CircularProgress size={16} aria-hidden /> : <BackupIcon />}
        onClick={backupNow}
        disabled={create.isPending}
      >
        {create.isPending ? t.running : t.now}
      </Button>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t.listTitle}
      </Typography>
      {isPending ? (
        <Typography role="status" color="text.secondary" sx={{ py: 1 }}>
          {t.loading}
        </Typography>
      ) : error ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {t.loadError} : {frenchErrorMessage(error)}
        </Alert>
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t.empty}
        </Typography>
      ) : (
        <Table size="small" aria-label={t.listTitle}>
          <TableHead>
            <TableRow>
              <TableCell>{t.name}</TableCell>
              <TableCell>{t.date}</TableCell>
              <TableCell align="right">{t.size}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t.download}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((file) => (
              <TableRow key={file.name}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{file.name}</TableCell>
                <TableCell>{formatDate(file.createdAt)}</TableCell>
                <TableCell align="right">{formatSize(file.size)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    onClick={() => download(file.name)}
                    disabled={downloading === file.name}
                    aria-label={format(t.downloadLabel, { name: file.name })}
                  >
                    {t.download}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {format(t.folder, { folder: data.meta.folder, keep: data.meta.keep })}
        </Typography>
      )}
    </Box>
  );
}
