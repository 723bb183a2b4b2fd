import { DIRECTORY_CATEGORIES } from '@mamoudzou/domain/vocabulary';
import type { ListViewProps } from '../../generic/types';
import { messages } from './messages';
import { CategoriesView } from '../places/CategoriesView';

/** The "Catégories" tab of the directory. */
export default function DirectoryCategoriesView(props: ListViewProps) {
  return <CategoriesView {...props} categories={DIRECTORY_CATEGORIES} count={messages.categoryCount} label={messages.categoriesLabel} />;
}
