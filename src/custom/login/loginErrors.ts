import { errorCodeOf, frenchErrorMessage, ownErrorMessage } from '../../common/serverErrors';
import { frShell as fr } from '../../i18n/fr-shell';

/** The text of a failed login for the red box and the toast, in French: by the refusal's code and status. */
export function loginErrorMessage(error: unknown): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (errorCodeOf(error) === 'invalid_credentials') return fr.auth.invalidCredentials;
  // A locked, blocked or suspended account, maintenance: the backend's own French sentence (for how long, why).
  const own = ownErrorMessage(error);
  if (own) return own;
  // fetch rejects with a TypeError when the server cannot be reached.
  if (typeof status !== 'number' && error instanceof TypeError) return fr.auth.serverUnreachable;
  return frenchErrorMessage(error);
}

/** The text of a refused two-factor code or enrolment: the backend's own French message (wrong code, lockout, expired step). */
export function secondStepErrorMessage(error: unknown): string {
  return ownErrorMessage(error) ?? loginErrorMessage(error);
}
