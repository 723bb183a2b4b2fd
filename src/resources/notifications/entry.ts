import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { defineEntry } from '../../generic/resourceEntry';
import { fr } from '../../i18n/fr';

/** What the menu and the routes read of the notifications: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('notification', {
  label: fr.notifications.title,
  icon: NotificationsIcon,
  menu: { group: 'gestion', order: 1 },
  views: { list: true, detail: true },
});
