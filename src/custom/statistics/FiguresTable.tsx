import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { format } from '../../i18n/fr';
import { messages as t } from './messages';

export interface FigureColumn<R> {
  label: string;
  value: (row: R) => string | number;
  /** Numbers align right. */
  numeric?: boolean;
}

/**
 * One table of the figures, with its CSV export (the app's exporter: UTF-8 with BOM, formulas
 * neutralised). Its headings wrap (« 1re réponse, 90e centile »), not its figures: on a computer the
 * whole table fits beside the menu; it scrolls sideways on a phone, reachable with the keyboard.
 */
export function FiguresTable<R>({ title, fileName, columns, rows }: { title: string; fileName: string; columns: FigureColumn<R>[]; rows: R[] }) {
  const titleId = useId();
  const exportCsv = async () => {
    // The exporter (papaparse) loads with the first export, not with the page.
    const { buildExport, downloadBlob, exportFileName } = await import('../../common/exporter');
    const exportColumns = columns.map((column, index) => ({ key: column.label, source: `c${index}`, value: (record: Record<string, unknown>) => record[`c${index}`] }));
    const records = rows.map((row) => Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value(row)])));
    downloadBlob(buildExport(records, exportColumns, 'csv', title), exportFileName(fileName, 'csv'));
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={rows.length === 0} sx={{ minHeight: 44 }} aria-label={`${t.tables.export} : ${title}`}>
            {t.tables.export}
          </Button>
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t.tables.empty}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={format(t.tables.scroll, { title })}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, verticalAlign: 'bottom' }}>
                      {column.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => (
                  <TableRow key={index}>
                    {columns.map((column, c) =>
                      c === 0 ? (
                        <TableCell key={column.label} component="th" scope="row">
                          {column.value(row)}
                        </TableCell>
                      ) : (
                        <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                          {column.value(row)}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
