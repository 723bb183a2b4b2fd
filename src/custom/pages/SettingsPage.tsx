import { Title } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fr } from '../../i18n/fr';
import { useSettings } from '../../providers/settings';

/**
 * /parametrages (administrators): the current settings read from the backend, read only until
 * the settings issue brings the six editable tabs.
 */
export default function SettingsPage() {
  const { settings, isPending, error } = useSettings();
  const t = fr.settings;
  const rows: [string, string][] = [
    [t.siteName, settings.siteName],
    [t.siteDescription, settings.siteDescription],
    [t.contactEmail, settings.contactEmail],
    [t.contactPhone, settings.contactPhone],
    [t.address, settings.address],
  ];
  const flags: [string, boolean][] = [
    [t.maintenanceMode, settings.maintenanceMode],
    [t.allowPublicRegistration, settings.allowPublicRegistration],
  ];
  return (
    <Box component="section" sx={{ maxWidth: 880 }}>
      <Title title={t.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.subtitle}
      </Typography>
      {isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden /> {t.loading}
        </Box>
      ) : (
        <>
          {Boolean(error) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t.error} : {(error as Error).message}
            </Alert>
          )}
          <Alert severity="info" sx={{ mb: 2 }}>
            {t.readOnlyNote}
          </Alert>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t.general}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '220px 1fr' }, rowGap: 1, columnGap: 2, m: 0 }}>
              {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {value || '—'}
                  </Typography>
                </Box>
              ))}
              {flags.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    <Chip size="small" color={value ? 'warning' : 'default'} label={value ? t.on : t.off} />
                  </Box>
                </Box>
              ))}
            </Box>
          </Paper>
        </>
      )}
    </Box>
  );
}
