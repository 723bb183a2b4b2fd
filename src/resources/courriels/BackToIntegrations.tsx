import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import BackIcon from '@mui/icons-material/ArrowBack';
import { messages } from './messages';

/** The outbox lives under Intégrations (no menu entry of its own): the way back to it. */
export default function BackToIntegrations() {
  return (
    <Button component={RouterLink} to="/integrations" variant="outlined" startIcon={<BackIcon />}>
      {messages.backToIntegrations}
    </Button>
  );
}
