import Avatar from '@mui/material/Avatar';

/** Up to two initials of a name or an address ("Marie Dupont" → "MD", "admin@mairie.test" → "AM"). */
export function initialsOf(name: string): string {
  return name
    .split(/[\s._@-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** A person's initials in a circle (decorative: the name is always written beside it). */
export function UserAvatar({ name, size = 32 }: { name: string; size?: number }) {
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      {initialsOf(name)}
    </Avatar>
  );
}
