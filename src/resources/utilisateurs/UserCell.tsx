import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Badge } from '../../common/Badge';
import { UserAvatar } from '../../common/UserAvatar';
import { messages } from './messages';
import type { Row } from '../../generic/types';

/** The "Utilisateur" column: the avatar, the name and the email under it; « Invitation envoyée » until the invited person chooses a password. */
export default function UserCell({ record }: { record: Row }) {
  const name = String(record.username ?? '');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <UserAvatar name={name || String(record.email ?? '')} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {String(record.email ?? '')}
        </Typography>
        {record.invitationPending === true && <Badge label={messages.invitation.pending} tone="blue" />}
      </Box>
    </Box>
  );
}
