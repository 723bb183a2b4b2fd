import { POI_CATEGORIES, type Category } from '@mamoudzou/domain/vocabulary';
import { format } from '../../i18n/fr';
import { messages as l } from './messages';

export const poiCategory = (id: unknown): Category | undefined => POI_CATEGORIES.find((c) => c.id === id);

/** "4,3" */
export const ratingText = (rating: unknown) => Number(rating).toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "4,3 / 5 (57 avis)", or "Pas encore noté". */
export function ratingLine(record: Record<string, unknown>): string {
  const rating = Number(record.rating ?? 0);
  if (!rating) return l.noRating;
  return format(l.rating, { rating: ratingText(rating), n: Number(record.reviewCount ?? 0) });
}

export const hasPosition = (record: Record<string, unknown>) =>
  record.latitude !== null && record.latitude !== undefined && record.latitude !== '' && record.longitude !== null && record.longitude !== undefined && record.longitude !== '' &&
  Number.isFinite(Number(record.latitude)) && Number.isFinite(Number(record.longitude));
