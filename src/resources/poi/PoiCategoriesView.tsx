import { POI_CATEGORIES } from '@mamoudzou/domain/vocabulary';
import type { ListViewProps } from '../../generic/types';
import { messages } from './messages';
import { CategoriesView } from '../places/CategoriesView';

/** The "Catégories" view of the points of interest. */
export default function PoiCategoriesView(props: ListViewProps) {
  return <CategoriesView {...props} categories={POI_CATEGORIES} count={messages.categoryCount} label={messages.categoriesLabel} />;
}
