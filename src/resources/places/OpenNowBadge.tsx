import { openState } from '@mamoudzou/domain/openingHours';
import type { OpeningHours } from '@mamoudzou/domain/vocabulary';
import { Badge } from '../../common/Badge';
import { fr } from '../../i18n/fr';

const TONES = { open: 'green', closed: 'red', unknown: 'grey' } as const;

/** Ouvert, Fermé or Horaires inconnus, now, in the town's time (openState, domain/openingHours.ts). */
export function OpenNowBadge({ hours, at }: { hours: unknown; at?: Date }) {
  const state = openState(hours as OpeningHours | null, at);
  return <Badge label={fr.openingHours[state]} tone={TONES[state]} />;
}
