import type { Period } from '@mamoudzou/domain/figures';

/** The one call of the « Statistiques » page (`npm run bench` measures exactly this one). */
export const FIGURES_PATH = '/api/reports/figures';
export const figuresQuery = (period: Period) => ({ from: period.from, to: period.to });
