import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fr } from '../../i18n/fr';
import { PreferencesForm } from './PreferencesDialog';

/** The page's "Préférences" tab: the same form as the user menu's dialog. */
export default function NotificationPreferencesView() {
  return (
    <Box sx={{ maxWidth: 520 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {fr.notifications.preferences.title}
      </Typography>
      <PreferencesForm />
    </Box>
  );
}
