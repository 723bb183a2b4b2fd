import Link from '@mui/material/Link';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import { telHref } from '@mamoudzou/domain/places';
import { phoneTapTarget } from '../../common/breakpoints';

/** A phone number as a `tel:` link (a click calls it on a phone or a softphone). */
export function PhoneLink({ phone, label, emergency }: { phone: unknown; label?: string; emergency?: boolean }) {
  return (
    <Link
      href={telHref(phone)}
      aria-label={label}
      onClick={(e) => e.stopPropagation()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, color: emergency ? 'error.dark' : undefined, ...phoneTapTarget }}
    >
      <PhoneIcon fontSize="small" aria-hidden />
      {String(phone)}
    </Link>
  );
}
