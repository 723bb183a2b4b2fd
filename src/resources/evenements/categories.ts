import { EVENT_CATEGORIES } from '@mamoudzou/domain/vocabulary';
import type { BadgeTone } from '../../common/Badge';

type Category = (typeof EVENT_CATEGORIES)[number];

/** Badge colours of the nine event categories. */
export const EVENT_CATEGORY_TONES: Record<Category, BadgeTone> = {
  Culture: 'violet',
  Sport: 'green',
  Éducation: 'blue',
  Santé: 'red',
  Social: 'orange',
  Environnement: 'green',
  Économie: 'amber',
  Politique: 'blue',
  Autre: 'grey',
};

/** The calendar's dots: one colour per category, each at least 3:1 against white and the dark paper. */
export const EVENT_CATEGORY_COLOURS: Record<Category, string> = {
  Culture: '#7c3aed',
  Sport: '#16a34a',
  Éducation: '#2563eb',
  Santé: '#dc2626',
  Social: '#ea580c',
  Environnement: '#0d9488',
  Économie: '#ca8a04',
  Politique: '#4f46e5',
  Autre: '#64748b',
};

export const categoryColour = (category: unknown) => EVENT_CATEGORY_COLOURS[category as Category] ?? EVENT_CATEGORY_COLOURS.Autre;
