import { fr } from '../i18n/fr';
import { nounTexts } from '../i18n/nouns';
import type { ResourceConfig, ScreenTexts } from './types';

export type Texts = ScreenTexts;

const EMPTY: Pick<ScreenTexts, 'subtitle' | 'emptyHint' | 'emptyFilteredHint'> = { subtitle: '', emptyHint: '', emptyFilteredHint: '' };

/**
 * A resource's texts: its own, else those its noun makes (src/i18n/nouns.ts), else the generic ones
 * (fr.generic); a toast's or a dialog's sentences one by one.
 */
export function textsOf(config: ResourceConfig): Texts {
  const { count, selected: _s, ...generic } = fr.generic;
  const layers: Partial<Record<keyof ScreenTexts, unknown>>[] = [
    { ...EMPTY, ...pick(generic), count, listCaption: `${fr.generic.listCaption} : ${config.label}` },
    config.noun ? nounTexts(config.noun) : {},
    config.texts ?? {},
  ];
  const texts: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      texts[key] = value && typeof value === 'object' ? { ...(texts[key] as object), ...value } : value;
    }
  }
  return texts as unknown as Texts;
}

/** The generic texts a screen reads, among fr.generic's. */
function pick(generic: Omit<typeof fr.generic, 'count' | 'selected'>): Partial<ScreenTexts> {
  const { loading, loadingError, empty, search, selectAll, create, editTitle, submitCreate, submitEdit, created, updated, createError, updateError, deleteConfirm, deleted, deleteError, detailLoading, detailLoadingError } = generic;
  return { loading, loadingError, empty, search, selectAll, create, editTitle, submitCreate, submitEdit, created, updated, createError, updateError, deleteConfirm, deleted, deleteError, detailLoading, detailLoadingError };
}
