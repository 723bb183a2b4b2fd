import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fr, format } from '../../i18n/fr';

/** Any unknown path: "Page non trouvée", a link home, and the path logged to the console. */
export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.warn(format(fr.notFound.log, { path: location.pathname }));
  }, [location.pathname]);
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {fr.notFound.title}
      </Typography>
      <Typography color="text.secondary">{fr.notFound.message}</Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
        {fr.notFound.back}
      </Button>
    </Box>
  );
}
