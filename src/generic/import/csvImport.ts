import Papa from 'papaparse';
import { hoursFromText, hoursToText } from '@mamoudzou/domain/openingHours';
import { normalizeSearchText } from '@mamoudzou/domain/search';
import type { OpeningHours } from '@mamoudzou/domain/vocabulary';
import { BOM, CSV_DELIMITER, unguardedCell } from '../../common/exporter';
import { fr, format } from '../../i18n/fr';
import { schemaOf, zodValidate } from '../validation';
import type { FieldConfig, ImportColumn, ResourceConfig, Row } from '../types';
import { fieldOf } from '../values';

/**
 * Reading a CSV import (pure, unit-tested): papaparse reads UTF-8 with or without a BOM, comma or
 * semicolon separated as Excel writes it in French; the header row names the columns (the export's
 * keys, their aliases, or the fields' French labels, without case or accents); each cell becomes the
 * field's value (numbers with a decimal comma, Oui/Non, a category by id or name, lists, hours as
 * text) and each row is checked with the resource's zod schema. Rejected rows keep their line
 * number and a French reason, and can be written back as CSV.
 */

const t = fr.import;

export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  delimiter: string;
}

/** The text of a file as papaparse reads it: BOM dropped, delimiter guessed among , ; and tab, empty lines skipped. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: '', delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  const fatal = result.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw new Error(fatal.message);
  const [headers = [], ...rows] = result.data;
  return { headers: headers.map((h) => h.trim()), rows, delimiter: result.meta.delimiter };
}

const headerKey = (text: string) => normalizeSearchText(text).replace(/[\s_'’.-]+/g, '');

/** Which import column each header of the file fills (undefined: ignored), and the headers ignored. */
export function mapHeaders(config: ResourceConfig, headers: string[]): { columns: (ImportColumn | undefined)[]; ignored: string[] } {
  const known = new Map<string, ImportColumn>();
  for (const column of config.import?.columns ?? []) {
    const field = fieldOf(config, column.source);
    for (const name of [column.key, column.source, field.label, field.formLabel ?? '', ...(column.aliases ?? [])]) {
      if (name && !known.has(headerKey(name))) known.set(headerKey(name), column);
    }
  }
  const used = new Set<ImportColumn>();
  const columns = headers.map((header) => {
    const column = known.get(headerKey(header));
    if (!column || used.has(column)) return undefined;
    used.add(column);
    return column;
  });
  return { columns, ignored: headers.filter((header, i) => header && !columns[i]) };
}

const TRUE = new Set(['oui', 'o', 'vrai', 'true', '1', 'x', 'yes']);
const FALSE = new Set(['non', 'n', 'faux', 'false', '0', 'no']);

/** A cell as the field's value; undefined when empty; an Error with a French reason when unreadable. */
export function cellValue(field: FieldConfig, raw: string, record: Row = {}): unknown {
  // The exporter's guard against formulas is undone: the file holds what was exported.
  const text = unguardedCell(raw.trim());
  if (text === '') return undefined;
  switch (field.type) {
    case 'number': {
      // A quote before a number: a file from an exporter that guarded signed numbers too.
      const value = Number(text.replace(/^'/, '').replace(/\s/g, '').replace(',', '.'));
      if (!Number.isFinite(value)) throw new Error(format(t.notNumber, { value: text }));
      return value;
    }
    case 'boolean': {
      const key = normalizeSearchText(text);
      if (TRUE.has(key)) return true;
      if (FALSE.has(key)) return false;
      throw new Error(format(t.notBoolean, { value: text }));
    }
    case 'select': {
      const choices = field.choices ?? field.dependsOn?.choices(record[field.dependsOn.source]) ?? [];
      if (choices.length === 0) return text;
      const key = normalizeSearchText(text);
      const choice = choices.find((c) => normalizeSearchText(String(c.id)) === key || normalizeSearchText(c.name) === key);
      if (!choice) throw new Error(format(t.unknownValue, { value: text }));
      return choice.id;
    }
    case 'tags':
      return text
        .split(/[,|]/)
        .map((item) => item.trim())
        .filter(Boolean);
    case 'openingHours':
      return hoursFromText(text);
    default:
      return text;
  }
}

/** A value as the cell of a CSV (the sample file, the rejected rows). */
export function cellText(field: FieldConfig, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'openingHours') return hoursToText(value as OpeningHours);
  if (field.type === 'boolean') return value ? fr.generic.yes : fr.generic.no;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  /** The file's cells, as read. */
  cells: string[];
  /** The record to create (the config's create defaults, then the file's values). */
  record: Row;
  /** French reasons; none: the row is valid. */
  reasons: string[];
}

/** Every row of the file, read and checked with the resource's zod schema (the create form's). */
export function readImport(config: ResourceConfig, parsed: ParsedCsv): { rows: ImportRow[]; ignored: string[] } {
  const { columns, ignored } = mapHeaders(config, parsed.headers);
  const validate = zodValidate(schemaOf(config, 'create'));
  const rows = parsed.rows.map((cells, index) => {
    const record: Row = { ...(config.form?.createDefaults ?? {}) };
    const reasons: string[] = [];
    // A field whose choices follow another (a subcategory) is read after it.
    const order = columns.map((_, i) => i).sort((a, b) => Number(!!columns[a] && !!fieldOf(config, columns[a]!.source).dependsOn) - Number(!!columns[b] && !!fieldOf(config, columns[b]!.source).dependsOn));
    order.forEach((i) => {
      const column = columns[i];
      if (!column) return;
      const field = fieldOf(config, column.source);
      try {
        const value = cellValue(field, cells[i] ?? '', record);
        if (value !== undefined && value !== null) record[column.source] = value;
      } catch (error) {
        reasons.push(format(t.reasonField, { field: field.label, message: (error as Error).message }));
      }
    });
    const unreadable = new Set(reasons.map((r) => r.split(' : ')[0]));
    for (const [source, message] of Object.entries(validate(record))) {
      const label = config.fields.find((f) => f.source === source)?.label ?? source;
      if (!unreadable.has(label)) reasons.push(format(t.reasonField, { field: label, message }));
    }
    return { line: index + 2, cells, record, reasons };
  });
  return { rows, ignored };
}

/** The refused rows as CSV (UTF-8 with a BOM, every value quoted): their line, their reason, then the file's own columns. */
export function rejectedCsv(headers: string[], rows: ImportRow[]): string {
  const body = Papa.unparse([[t.lineColumn, t.reasonColumn, ...headers], ...rows.map((row) => [String(row.line), row.reasons.join(' ; '), ...row.cells])], {
    quotes: true,
    escapeFormulae: /^[=+\-@\t\r]/,
    newline: '\r\n',
    delimiter: CSV_DELIMITER,
  });
  return `${BOM}${body}\r\n`;
}

/** The sample file: the import's columns as header, the config's sample rows under it. */
export function sampleCsv(config: ResourceConfig): string {
  const columns = config.import?.columns ?? [];
  const body = Papa.unparse(
    [columns.map((c) => fieldOf(config, c.source).label || c.key), ...(config.import?.sample ?? []).map((row) => columns.map((c) => cellText(fieldOf(config, c.source), row[c.source])))],
    { quotes: true, newline: '\r\n', delimiter: CSV_DELIMITER },
  );
  return `${BOM}${body}\r\n`;
}

/** The valid rows cut into batches of the backend's size (at most 500 a call). */
export function batchesOf<T>(items: T[], size: number): T[][] {
  const step = Math.max(1, Math.min(size, 500));
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += step) batches.push(items.slice(i, i + step));
  return batches;
}
