import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { defineEntry } from '../../generic/resourceEntry';

/** What the menu and the routes read of the audit log: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('audit-log', {
  label: 'Journal d\'audit',
  icon: HistoryIcon,
  menu: { group: 'administration', order: 1 },
  views: { list: true },
});
