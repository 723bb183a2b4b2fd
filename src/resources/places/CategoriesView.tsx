import { useGetList, useListContext } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { firstItems } from '@mamoudzou/domain/places';
import type { Category } from '@mamoudzou/domain/vocabulary';
import type { ListViewProps } from '../../generic/types';
import { useResourceScreen } from '../../generic/screen';
import { fr, format } from '../../i18n/fr';
import { CategoryIcon } from './CategoryChip';

/** The records of one category under the list's other filters, counted by the backend (one row asked). */
function useCategoryCount(category: string) {
  const { config } = useResourceScreen();
  const { filterValues } = useListContext();
  const { category: _current, ...others } = filterValues;
  void _current;
  const { total } = useGetList(config.name, { pagination: { page: 1, perPage: 1 }, filter: { ...others, category }, meta: { fields: ['documentId'] } });
  return total;
}

function CategoryCard({ category, count, onPick }: { category: Category; count: string; onPick: () => void }) {
  const total = useCategoryCount(category.id);
  const { shown, more } = firstItems(category.subcategories, 3);
  return (
    <Card variant="outlined" component="li" sx={{ borderTop: `4px solid ${category.color}`, listStyle: 'none' }}>
      <CardActionArea onClick={onPick} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CategoryIcon category={category} fontSize="medium" />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
            {category.name}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {total === undefined ? '…' : format(count, { n: total })}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {shown.map((sub) => (
            <Chip key={sub.id} label={sub.name} size="small" variant="outlined" />
          ))}
          {more > 0 && <Chip size="small" label={format(fr.generic.more, { n: more })} aria-label={format(fr.generic.moreLabel, { n: more, items: category.subcategories.slice(3).map((s) => s.name).join(', ') })} />}
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/**
 * The "Catégories" view of a list: a card per category with its icon, colour, count (under the
 * other filters) and at most three subcategories then "+n"; choosing one sets the category filter
 * and goes back to the list.
 */
export function CategoriesView({ categories, count, label, showList }: ListViewProps & { categories: Category[]; count: string; label: string }) {
  const { filterValues } = useListContext();
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}>
      {categories.map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          count={count}
          onPick={() => showList({ ...filterValues, category: category.id })}
        />
      ))}
    </Box>
  );
}
