import { format, frShell } from './fr-shell';
import { frLayout } from './fr-layout';
import { frShared } from './fr-shared';

/**
 * The strings of the shell and those several screens share, in French, written once here for all
 * of them; screens read them directly (`fr.login.title`). The first screen's strings are in fr-shell.ts
 * (the light /login bundle reads only them), the layout's in fr-layout.ts, the shared ones in
 * fr-shared.ts. A resource's own texts live in its folder (`src/resources/<name>/messages.ts`), a
 * custom screen's beside it (`src/custom/dashboard/messages.ts`).
 */
export const fr = { ...frShell, ...frLayout, ...frShared };

export { format };
