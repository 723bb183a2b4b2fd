import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { defineEntry } from '../../generic/resourceEntry';

/** What the menu and the routes read of the users: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('user', {
  label: 'Utilisateurs & Rôles',
  icon: PeopleIcon,
  menu: { group: 'gestion', order: 2 },
  views: { list: true, create: true, edit: true },
});
