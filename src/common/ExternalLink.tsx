import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@mui/utils';
import { fr } from '../i18n/fr';

/** A link to another site, opened in a new tab, which screen readers are told about. */
export function ExternalLink({ href }: { href: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {href}
      <Box component="span" sx={visuallyHidden}>{` ${fr.generic.newTab}`}</Box>
    </Link>
  );
}
