import EventIcon from '@mui/icons-material/EventOutlined';
import { defineEntry } from '../../generic/resourceEntry';
import { fr } from '../../i18n/fr';

/** What the menu and the routes read of the events: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('event', {
  label: 'Événements',
  icon: EventIcon,
  menu: { group: 'contenus', order: 2 },
  quickCreate: fr.header.createEvent,
  views: { list: true, create: true, edit: true, detail: true },
});
