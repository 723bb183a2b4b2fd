import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { defineEntry } from '../../generic/resourceEntry';
import { fr } from '../../i18n/fr';

/** What the menu and the routes read of the citizens' reports: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('report', {
  label: 'Signalements',
  icon: ReportIcon,
  menu: { group: 'principal', order: 1, count: { filter: { report_status: 'a_valider' }, label: '{n} signalement(s) à valider' } },
  quickCreate: fr.header.createReport,
  views: { list: true, create: true, edit: true, detail: true },
});
