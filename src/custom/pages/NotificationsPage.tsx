import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { fr } from '../../i18n/fr';
import { PageTitle } from '../../common/PageTitle';

/** /notifications: the empty notification centre, labelled as such until the notifications issue lands. */
export default function NotificationsPage() {
  return (
    <Box component="section" sx={{ maxWidth: 880 }}>
      <PageTitle title={fr.notifications.title} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {fr.notifications.placeholder}
      </Alert>
      <Paper variant="outlined" sx={{ textAlign: 'center', py: 6, px: 2 }}>
        <NotificationsNoneIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="h2">
          {fr.notifications.empty}
        </Typography>
        <Typography color="text.secondary">{fr.notifications.emptyMessage}</Typography>
      </Paper>
    </Box>
  );
}
