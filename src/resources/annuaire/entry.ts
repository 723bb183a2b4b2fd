import DirectoryIcon from '@mui/icons-material/ContactPhoneOutlined';
import { defineEntry } from '../../generic/resourceEntry';

/** What the menu and the routes read of the directory: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('directory-entry', {
  label: 'Annuaire',
  icon: DirectoryIcon,
  menu: { group: 'contenus', order: 4 },
  views: { list: true, create: true, edit: true, detail: true },
});
