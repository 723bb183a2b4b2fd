import type { ExportColumn } from '../../common/exporter';
import { capitalised } from '../../i18n/nouns';
import type { ResourceConfig } from '../types';

/** Keys every resource's export shares, without a field of their own. */
const COMMON: Record<string, string> = { id: 'Identifiant', dateCreation: 'Créé le', dateModification: 'Modifié le', datePublication: 'Publié le' };

/** « sousType » → « Sous type »: a key without a field of its own, read as words. */
const words = (key: string) => {
  if (COMMON[key]) return COMMON[key];
  const text = key.replace(/([a-zà-ÿ0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return capitalised(text);
};

/**
 * The headers of an export as a person reads them in a spreadsheet: the French label of the field each
 * column writes (« Sous-type », « Nom du citoyen »), else its key as words; never twice the same. The CSV
 * imports take these labels as well as the keys.
 */
export function withHeaders(config: Pick<ResourceConfig, 'fields'>, columns: ExportColumn[]): ExportColumn[] {
  const used = new Set<string>();
  return columns.map((column) => {
    const field = config.fields.find((f) => f.source === column.source);
    const candidates = [column.label, field?.label, words(column.key), column.key].filter((label): label is string => !!label);
    const label = candidates.find((candidate) => !used.has(candidate.toLowerCase())) ?? column.key;
    used.add(label.toLowerCase());
    return { ...column, label };
  });
}
