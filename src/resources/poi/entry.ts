import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { defineEntry } from '../../generic/resourceEntry';
import { fr } from '../../i18n/fr';

/** What the menu and the routes read of the points of interest: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('poi', {
  icon: PlaceIcon,
  menu: { group: 'contenus', order: 3 },
  quickCreate: fr.header.createPoi,
  views: { list: true, create: true, edit: true, detail: true },
});
