import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { fr } from '../../i18n/fr';

/** The specification's placeholder screen: a title and "Module en cours de développement". */
export function ModulePlaceholder({ title, details }: { title: string; details?: string }) {
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Title title={title} />
      <ConstructionIcon color="action" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{fr.placeholder.inProgress}</Typography>
      {details && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {details}
        </Typography>
      )}
    </Box>
  );
}

