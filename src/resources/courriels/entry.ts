import MailIcon from '@mui/icons-material/MailOutlined';
import { defineEntry } from '../../generic/resourceEntry';

/** What the menu and the routes read of the e-mail outbox: part of every first load (the rest of the configuration, index.ts, loads with the screen). */
export default defineEntry('email-outbox', {
  label: 'File d’envoi des e-mails',
  icon: MailIcon,
  menu: false,
  views: { list: true },
});
