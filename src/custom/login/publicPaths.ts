/**
 * The pages a link in an e-mail opens, with or without a session: they load on their own, without
 * react-admin (main.tsx), like the first visit's /login.
 */
export const FORGOT_PASSWORD_PATH = '/mot-de-passe-oublie';
export const RESET_PASSWORD_PATH = '/reinitialiser-mot-de-passe';
export const INVITATION_PATH = '/activer-mon-compte';
export const OPT_OUT_PATH = '/desabonnement';

export const PUBLIC_PATHS = [FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, INVITATION_PATH, OPT_OUT_PATH];
