import ArticleIcon from '@mui/icons-material/NewspaperOutlined';
import { defineEntry } from '../../generic/resourceEntry';
import { fr } from '../../i18n/fr';

/** What the menu and the routes read of the news articles: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('article', {
  label: 'Actualités',
  icon: ArticleIcon,
  menu: { group: 'contenus', order: 1 },
  quickCreate: fr.header.createArticle,
  views: { list: true, create: true, edit: true, detail: true },
});
