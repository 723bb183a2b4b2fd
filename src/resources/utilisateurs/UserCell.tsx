import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../common/UserAvatar';
import type { Row } from '../../generic/types';

/** The "Utilisateur" column: the avatar, the name and the email under it. */
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
      </Box>
    </Box>
  );
}
