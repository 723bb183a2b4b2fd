import { fr } from '../../i18n/fr';

/** The text of a failed login for the red box and the toast, in French where the cause is known. */
export function loginErrorMessage(error: unknown): string {
  const e = error as { status?: number; message?: string; body?: { error?: { message?: string } } } | undefined;
  const backendMessage = e?.body?.error?.message ?? e?.message ?? '';
  if (e?.status === 400 && /invalid identifier or password/i.test(backendMessage)) return fr.auth.invalidCredentials;
  if (e?.status === 429) return backendMessage || fr.auth.loginErrorTitle;
  if (!e?.status && (error instanceof TypeError || /fetch|network/i.test(backendMessage))) return fr.auth.serverUnreachable;
  return e?.message || fr.auth.loginErrorTitle;
}
