import { looksFrench } from '../../common/serverErrors';
import { frShell as fr } from '../../i18n/fr-shell';

/** The text of a failed login for the red box and the toast, in French where the cause is known. */
export function loginErrorMessage(error: unknown): string {
  const e = error as { status?: number; message?: string; body?: { error?: { message?: string } } } | undefined;
  const backendMessage = e?.body?.error?.message ?? e?.message ?? '';
  if (e?.status === 400 && /invalid identifier or password/i.test(backendMessage)) return fr.auth.invalidCredentials;
  // A locked account: the backend says for how long, in French; the generic rate limit speaks English.
  if (e?.status === 429) return looksFrench(backendMessage) ? backendMessage : fr.errors.tooManyRequests;
  if (!e?.status && (error instanceof TypeError || /fetch|network/i.test(backendMessage))) return fr.auth.serverUnreachable;
  // The backend's own French messages (a blocked or suspended account, maintenance) are shown as written.
  if (e?.status && looksFrench(backendMessage)) return backendMessage;
  return e?.message || fr.auth.loginErrorTitle;
}

/** The text of a refused two-factor code or enrolment: the backend's own French message (wrong code, lockout, expired step). */
export function secondStepErrorMessage(error: unknown): string {
  const message = (error as { body?: { error?: { message?: string } } } | undefined)?.body?.error?.message ?? '';
  return looksFrench(message) ? message : loginErrorMessage(error);
}
