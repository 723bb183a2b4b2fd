import Papa from 'papaparse';
import type { DataProvider, SortPayload } from 'ra-core';
import { blocksToText } from './blocks';
import { formatDate, DATE_FORMAT, DATE_TIME_FORMAT } from '../i18n/dates';
import { fr, format } from '../i18n/fr';
import { exportFileName } from './exportFileName';

/**
 * The generic exporter (docs/ecrans.md, « Exports »): every row matching the current filters, paged
 * through the API, written as CSV (UTF-8 with a BOM, all values quoted, inner quotes doubled,
 * formula-looking cells neutralised) or HTML (escaped). Driven by a resource's `exportColumns`.
 */

export type { ExportFormat } from './exportFileName';
import type { ExportFormat } from './exportFileName';
type Row = Record<string, unknown>;

/** One column of an export, declared by a resource's `exportColumns`. */
export interface ExportColumn {
  /** Column name in the exported file (French names: titre, statut...). */
  key: string;
  /** The header a person reads (« Sous-type »), the key's place in the file; the import knows both. */
  label?: string;
  source: string;
  /** How the value is written: dates as dd/MM/yyyy HH:mm, yes/no, list joined, count, rich text flattened (default text). */
  format?: 'text' | 'datetime' | 'date' | 'yesno' | 'list' | 'count' | 'blocks';
  /** A derived value (effective status, computed SLA); defaults to the record's `source`. */
  value?: (record: Record<string, unknown>) => unknown;
  /** Other fields `value` reads (a streamed export asks only for the fields its columns read). */
  reads?: string[];
}

/** The scalar fields an export's columns read. */
export function exportFieldsOf(columns: ExportColumn[]): string[] {
  return [...new Set(columns.flatMap((c) => [c.source, ...(c.reads ?? [])]).map((f) => f.split('.')[0]))].sort();
}

function get(record: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Row)[key] : undefined), record);
}

/** The text of one cell. */
export function cellText(column: ExportColumn, record: Row): string {
  const value = column.value ? column.value(record) : get(record, column.source);
  switch (column.format) {
    case 'datetime':
      return formatDate(value, DATE_TIME_FORMAT);
    case 'date':
      return formatDate(value, DATE_FORMAT);
    case 'yesno':
      return (Array.isArray(value) ? value.length > 0 : !!value) ? fr.export.yes : fr.export.no;
    case 'count':
      return String(Array.isArray(value) ? value.length : value ? 1 : 0);
    case 'blocks':
      return blocksToText(value);
    default:
      break;
  }
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (value instanceof Date) return formatDate(value, DATE_TIME_FORMAT);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run: one starting with = + - @ (or a tab / carriage return), unless it
 * is a signed number or phone number (digits, spaces, . , ( ) / -), which runs nothing and must
 * stay a number (a latitude of -12.78, a phone of +262 269…). Papaparse prefixes such a cell with a
 * quote; a cell that already starts with a quote before one of them gets a second, so that the
 * import's `unguardedCell` gives back exactly what was exported. Papaparse's own pattern
 * (/^[=+\-@\t\r].*$/) also misses a multi-line value ("." stops at a line break).
 */
const FORMULA = /^(?![+-][\d\s.,()/-]*$)'?[=+\-@\t\r]/;

/** What a spreadsheet would read of a cell this exporter wrote, made the original value again (the CSV imports read it). */
export function unguardedCell(text: string): string {
  return text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text;
}

/** « ; » between values: what a spreadsheet set up in French reads as columns (the imports read « , » and « ; »). */
export const CSV_DELIMITER = ';';

const csvLines = (lines: string[][]) =>
  lines.length ? `${Papa.unparse(lines, { quotes: true, escapeFormulae: FORMULA, newline: '\r\n', delimiter: CSV_DELIMITER })}\r\n` : '';

/** A column's header: its label, else its key. */
export const headerOf = (column: ExportColumn) => column.label ?? column.key;

/** The first part of a CSV file: the BOM and the header of the column keys. */
export function csvHeader(columns: ExportColumn[]): string {
  return `${BOM}${csvLines([columns.map(headerOf)])}`;
}

/** CSV lines of some rows (every value quoted, inner quotes doubled, CRLF line ends), to follow the header. */
export function csvRows(rows: Row[], columns: ExportColumn[]): string {
  // Arrays of arrays: given { fields, data: [] }, papaparse writes an empty row.
  return csvLines(rows.map((row) => columns.map((c) => cellText(c, row))));
}

/** CSV: header of the column keys, every value quoted (inner quotes doubled), CRLF line ends, UTF-8 BOM first. */
export function toCsv(rows: Row[], columns: ExportColumn[]): string {
  return csvHeader(columns) + csvRows(rows, columns);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A standalone HTML page holding one table, every value escaped. */
export function toHtml(rows: Row[], columns: ExportColumn[], title: string, now: Date = new Date()): string {
  const head = columns.map((c) => `<th scope="col">${escapeHtml(headerOf(c))}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(cellText(c, row))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2937}
table{border-collapse:collapse;font-size:.85rem}
th,td{border:1px solid #cbd5e1;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#e2e8f0}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(format(fr.export.exportedOn, { date: formatDate(now, DATE_TIME_FORMAT) }))} · ${escapeHtml(format(fr.export.rows, { n: rows.length }))}</p>
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}

export { exportFileName } from './exportFileName';

/** Every row of `resource` matching `filter`, fetched page by page (never one huge request). */
export async function fetchAllRows(
  dataProvider: DataProvider,
  resource: string,
  { filter = {}, sort, pageSize = 100, meta }: { filter?: Row; sort?: SortPayload; pageSize?: number; meta?: Row } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList(resource, {
      pagination: { page, perPage: pageSize },
      sort: sort ?? { field: 'id', order: 'ASC' },
      filter,
      meta,
    });
    rows.push(...(data as Row[]));
    const expected = total ?? rows.length;
    if (data.length < pageSize || rows.length >= expected) break;
  }
  return rows;
}

export function buildExport(rows: Row[], columns: ExportColumn[], fmt: ExportFormat, title: string): Blob {
  return fmt === 'csv'
    ? new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' })
    : new Blob([toHtml(rows, columns, title)], { type: 'text/html;charset=utf-8' });
}

/** Hands a file to the browser's download. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface ExportRequest {
  resource: string;
  columns: ExportColumn[];
  format: ExportFormat;
  /** File name stem: "signalements" gives signalements_2025-01-31.csv. */
  fileName: string;
  title: string;
  filter?: Row;
  sort?: SortPayload;
}

/** A data provider whose resources may stream their export (src/providers/dataProvider.ts, `streamExport`). */
type StreamingProvider = DataProvider & {
  exportList?: (
    resource: string,
    params: { filter?: Row; sort?: SortPayload; fields?: string[]; onTotal?: (total: number) => void },
    onRows: (rows: Row[]) => void | Promise<void>,
  ) => Promise<number | false>;
};

/**
 * Where an export's file is written as it is made: the browser's download itself (exportSinks.ts), a file, or
 * memory. `write` resolves once the sink can take more: the export reads the next rows only then.
 */
export interface ExportSink {
  write(text: string): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

/** Opens the sink of an export's file (its name and type), once the export has its first rows. */
export type OpenSink = (fileName: string, type: string) => Promise<ExportSink>;

/** How far an export is: rows written, and how many there are when the backend said so. */
export interface ExportProgress {
  rows: number;
  total?: number;
}

const TYPES: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', html: 'text/html;charset=utf-8' };

/**
 * A sink in memory, handed to `download` when closed: where the browser offers no streamed download (and in
 * tests). Each part becomes a Blob as it comes, which the browser may keep out of the page's memory.
 */
export function memorySink(download: (blob: Blob, fileName: string) => void = downloadBlob): OpenSink {
  return async (fileName, type) => {
    const parts: Blob[] = [];
    return {
      write: async (text) => {
        parts.push(new Blob([text]));
      },
      close: async () => download(new Blob(parts, { type }), fileName),
      abort: async () => {
        parts.length = 0;
      },
    };
  };
}

/**
 * A CSV export of a resource the backend streams, written to its sink as the rows arrive: the header, then each
 * batch's lines; the next batch is read once the sink took the last one, so memory holds a batch whatever the
 * number of rows. The sink is opened with the first rows (none: nothing is written). Answers the number of rows, or
 * false when this export cannot be streamed (HTML, or a resource without the route).
 */
export async function streamRowsExport(dataProvider: DataProvider, request: ExportRequest, openSink: OpenSink, onProgress?: (progress: ExportProgress) => void): Promise<number | false> {
  const { exportList } = dataProvider as StreamingProvider;
  if (request.format !== 'csv' || !exportList) return false;
  let sink: ExportSink | undefined;
  let total: number | undefined;
  let rows = 0;
  try {
    const streamed = await exportList(
      request.resource,
      {
        filter: request.filter ?? {},
        sort: request.sort,
        fields: exportFieldsOf(request.columns),
        onTotal: (n) => {
          total = n;
          onProgress?.({ rows, total });
        },
      },
      async (batch) => {
        if (!sink) {
          sink = await openSink(exportFileName(request.fileName, 'csv'), TYPES.csv);
          await sink.write(csvHeader(request.columns));
        }
        await sink.write(csvRows(batch, request.columns));
        rows += batch.length;
        onProgress?.({ rows, total });
      },
    );
    if (streamed === false) return false;
    if (!sink) return 0;
    await (sink as ExportSink).close();
    return rows;
  } catch (error) {
    await (sink as ExportSink | undefined)?.abort(error).catch(() => undefined);
    throw error;
  }
}

export interface ExportOptions {
  /** Where a streamed CSV goes (exportSinks.ts); by default memory, then `download`. */
  openSink?: OpenSink;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Fetches, writes and downloads; answers the number of rows exported (0: nothing downloaded). A CSV of a resource
 * the backend streams goes to its sink as it comes; otherwise every row is paged through getList and the file made
 * at the end.
 */
export async function exportRows(dataProvider: DataProvider, request: ExportRequest, download = downloadBlob, options: ExportOptions = {}): Promise<number> {
  const streamed = await streamRowsExport(dataProvider, request, options.openSink ?? memorySink(download), options.onProgress);
  if (streamed !== false) return streamed;
  const rows = await fetchAllRows(dataProvider, request.resource, { filter: request.filter, sort: request.sort });
  if (rows.length === 0) return 0;
  download(buildExport(rows, request.columns, request.format, request.title), exportFileName(request.fileName, request.format));
  return rows.length;
}
