import type { AuthProvider } from 'ra-core';
import { can, canPublish, roleLabelOf, type Action, type Module, type RoleRef } from '@mamoudzou/domain/permissions';
import type { ImmediateAnswers, Permissions } from '../common/access/useAccess';
import { createHttpClient, type FetchLike } from './http';
import { jwtExpiry, noteSessionEnd, type Session, type SessionUser } from './session';

/**
 * Authentication against users-permissions: login (identifier + password), JWT and user in local
 * storage, the stored session checked once per page load with /api/users/me?populate=role, refresh
 * with /api/auth/refresh-token (a failed refresh logs out), logout ending the server's session
 * (POST /api/auth/logout), registration, identity with the French role name, and canAccess from
 * the permission matrix (domain/permissions.ts).
 */

export interface AccessRule {
  /** The permission matrix's module this resource belongs to. */
  module?: Module;
  /** The matrix action that opens its screens (default 'read'). */
  action?: Action;
  /** The setting that puts its publication under approval: then only Editors and administrators may 'publish'. */
  approvalSetting?: 'articleApprovalRequired' | 'eventApprovalRequired';
}

export interface AuthProviderOptions {
  apiUrl: string;
  session: Session;
  fetch?: FetchLike;
  /** Per react-admin resource name or page: its module and the action that opens it. Handed over by App.tsx. */
  accessRules?: Record<string, AccessRule>;
  /** Called at logout (the real-time connection closes). */
  onLogout?: () => void;
  /** Refresh the token when it expires within this many seconds (default 5 minutes). */
  refreshMarginSeconds?: number;
  /** How long logout waits for the backend before clearing the session anyway (default 5 s). */
  logoutTimeoutMs?: number;
  now?: () => number;
}

export interface Identity {
  id: number;
  fullName: string;
  email: string;
  /** Backend role name: Administrator, Editor, ... (undefined when the account has none). */
  role?: string;
  /** French role name: Administrateur, Éditeur... (roleLabelOf, domain/permissions.ts). */
  roleLabel: string;
}

/**
 * A login held for its second step (the password was right): `verify` asks the code of the
 * account's authenticator app (or a recovery code); `enrol` takes the account through two-factor
 * enrolment first, when the settings require it. The login form shows the step and calls login
 * again with `{ mfaToken, code }`, or with the session the enrolment answered.
 */
export class SecondStepRequired extends Error {
  constructor(
    readonly step: 'verify' | 'enrol',
    readonly mfaToken: string,
  ) {
    super('Vérification en deux étapes requise');
    this.name = 'SecondStepRequired';
  }
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** The settings require two-factor of staff accounts. */
  required: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}

/** A login's session as the backend answers it. */
export interface LoginAnswer {
  jwt: string;
  user: SessionUser;
}

export interface RegistrationData {
  username: string;
  email: string;
  password: string;
}

export type StrapiAuthProvider = AuthProvider & {
  register(data: RegistrationData): Promise<SessionUser>;
  refresh(): Promise<string | null>;
  getIdentity(): Promise<Identity>;
  /**
   * canAccess's answer without waiting, read from the stored session's role and the access table; undefined when the
   * answer needs a call (an Author publishing under approval reads the settings). react-admin asks canAccess through
   * react-query, one render later at best: its hooks get this as their query's initial data (common/access/useAccess.ts).
   */
  canAccessNow: ImmediateAnswers['canAccessNow'];
  /** getIdentity's answer from the stored session, without waiting; undefined when no one is logged in. */
  identityNow(): Identity | undefined;
  /** getPermissions's answer from the stored session, without waiting. */
  permissionsNow(): Permissions;
  /**
   * Changes the logged-in user's password. The backend ends every session of the account and opens
   * a new one for this browser: its token replaces the stored one, so the user stays logged in here.
   */
  changePassword(data: { currentPassword: string; password: string; passwordConfirmation: string }): Promise<void>;
  /** The signed-in account's own two-factor (« Mon profil »). */
  twoFactor: {
    status(): Promise<TwoFactorStatus>;
    /** A new key; an account that has two-factor gives a current code of its app (or a recovery code) first. */
    setup(currentCode?: string): Promise<TwoFactorSetup>;
    /** Confirms the new key with a code; answers the ten recovery codes. */
    enable(code: string): Promise<string[]>;
    disable(code: string): Promise<void>;
  };
  /** Enrolment during a login the settings hold for it (an `enrol` challenge): the key, then the code that confirms it. */
  enrolAtLogin: {
    setup(mfaToken: string): Promise<TwoFactorSetup>;
    /** Answers the recovery codes and the session, which `login({ session })` then opens (once the codes are noted). */
    enable(mfaToken: string, code: string): Promise<LoginAnswer & { recoveryCodes: string[] }>;
  };
};

export interface LoginParams {
  identifier?: string;
  username?: string;
  email?: string;
  password?: string;
  /** The second step: the challenge of the password step and the code. */
  mfaToken?: string;
  code?: string;
  /** The session an enrolment at login answered. */
  session?: LoginAnswer;
}

/** react-admin's action names mapped to the matrix's actions. */
const ACTION_OF: Record<string, Action> = {
  list: 'read',
  show: 'read',
  read: 'read',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  delete: 'delete',
  export: 'export',
  import: 'import',
  publish: 'publish',
  notify: 'notify',
};

/**
 * The account's backend role name; none for Strapi's default role, which the backend gives to
 * self-registered accounts until an administrator assigns a staff role.
 */
export function roleNameOf(user: SessionUser | null | undefined): string | undefined {
  if (user?.role?.type === 'authenticated') return undefined;
  return user?.role?.name || undefined;
}

/** The account's role as the access table reads it (a custom role carries its grants); none for the default role. */
export const roleOf = (user: SessionUser | null | undefined): RoleRef => (roleNameOf(user) ? user!.role : undefined);

export function canAccessResource(
  role: RoleRef,
  rule: AccessRule | undefined,
  action: string,
): boolean {
  if (!rule) return true; // not a governed resource (the dashboard)
  if (!rule.module) return true;
  // Opening a screen ('list', 'show') asks the action the rule names (the settings page: 'edit');
  // reading the data for another screen ('read': the users an Editor assigns reports to) asks 'read'.
  const opens = action === 'list' || action === 'show';
  const matrixAction = opens && rule.action ? rule.action : (ACTION_OF[action] ?? (action as Action));
  return can(role, rule.module, matrixAction);
}

/** The backend's French reason when a session ended because the account was suspended or deactivated. */
function accountEndMessage(error: unknown): string | null {
  const { status, body } = (error ?? {}) as { status?: number; body?: { error?: { message?: unknown; details?: { code?: unknown } } } };
  const code = body?.error?.details?.code;
  const message = body?.error?.message;
  return status === 401 && (code === 'account_suspended' || code === 'account_deactivated') && typeof message === 'string' ? message : null;
}

/** A call that got no answer (no network): not a refusal of the session. */
const isNetworkFailure = (error: unknown) => typeof (error as { status?: unknown } | null)?.status !== 'number';

export function createAuthProvider(options: AuthProviderOptions): StrapiAuthProvider {
  const { session } = options;
  const http = createHttpClient({ apiUrl: options.apiUrl, getToken: session.getToken, fetch: options.fetch });
  const now = options.now ?? (() => Date.now());
  const margin = options.refreshMarginSeconds ?? 300;
  /** The stored session is verified with the backend once per page load. */
  let verification: Promise<void> | null = null;
  let refreshing: Promise<string | null> | null = null;

  const fetchMe = () => http.request<SessionUser>('/api/users/me?populate=role');

  const refresh = (): Promise<string | null> => {
    if (!session.getToken()) return Promise.resolve(null);
    refreshing ??= http
      .request<{ jwt: string; user?: SessionUser }>('/api/auth/refresh-token')
      .then((body) => {
        if (!body?.jwt) throw new Error('refresh');
        session.setToken(body.jwt);
        if (body.user) {
          const previous = session.getUser();
          session.setUser({ ...previous, ...body.user, role: body.user.role ?? previous?.role ?? null });
        }
        return body.jwt;
      })
      .catch((error) => {
        // Without a network the session stands (an agent on site keeps working offline); a refused refresh logs out.
        if (isNetworkFailure(error)) return session.getToken();
        const ended = accountEndMessage(error);
        if (ended) noteSessionEnd(ended);
        session.clear();
        verification = null;
        return null;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const verify = (): Promise<void> => {
    // A refused token is refreshed once: the session may live on, and if it does not the refresh says why.
    verification ??= fetchMe()
      .catch(async (error) => {
        if ((error as { status?: number })?.status === 401 && (await refresh())) return fetchMe();
        throw error;
      })
      .then((user) => {
        session.setUser(user);
      })
      .catch((error) => {
        verification = null;
        // Offline, the stored session is kept and checked again when the network returns.
        if (isNetworkFailure(error)) return;
        session.clear();
        throw error;
      });
    return verification;
  };

  const currentRole = (): RoleRef => roleOf(session.getUser());

  /** The settings as this user reads them, for a minute (the approval rules); none when they cannot be read. */
  let settingsRead: { at: number; value: Promise<Record<string, unknown> | null> } | null = null;
  const settings = () => {
    if (!settingsRead || now() - settingsRead.at > 60_000) {
      settingsRead = {
        at: now(),
        value: http
          .request<{ data?: Record<string, unknown> | null }>('/api/setting')
          .then((body) => body?.data ?? null)
          .catch(() => null),
      };
    }
    return settingsRead.value;
  };
  /** Whether a setting puts publishing under approval; on (the default) when it cannot be read. */
  const approvalRequired = async (setting: NonNullable<AccessRule['approvalSetting']>) => (await settings())?.[setting] !== false;

  const provider: StrapiAuthProvider = {
    async login(params: LoginParams) {
      let body: LoginAnswer & { recoveryCodesLeft?: number };
      if (params.session) body = params.session;
      else if (params.mfaToken) {
        body = await http.request<LoginAnswer & { recoveryCodesLeft?: number }>('/api/auth/mfa/verify', { method: 'POST', body: { mfaToken: params.mfaToken, code: params.code ?? '' }, anonymous: true });
      } else {
        const identifier = params.identifier ?? params.username ?? params.email ?? '';
        const answer = await http.request<LoginAnswer & { mfaRequired?: boolean; mfaEnrolmentRequired?: boolean; mfaToken?: string }>('/api/auth/local', {
          method: 'POST',
          body: { identifier, password: params.password ?? '' },
          anonymous: true,
        });
        if (answer.mfaToken && (answer.mfaRequired || answer.mfaEnrolmentRequired)) throw new SecondStepRequired(answer.mfaRequired ? 'verify' : 'enrol', answer.mfaToken);
        body = answer;
      }
      session.save(body.jwt, body.user);
      // The login answer has no role: read the user with it.
      const me = await fetchMe().catch(() => body.user);
      session.setUser(me);
      verification = Promise.resolve();
      // No redirectTo key: react-admin's useLogin then returns to the page asked for, else /.
      // A recovery code was spent: the login form says how many are left.
      return typeof body.recoveryCodesLeft === 'number' ? { ...me, recoveryCodesLeft: body.recoveryCodesLeft } : me;
    },

    async logout() {
      // The backend ends the session (the token stops working there too); whatever it answers, or
      // if it does not answer in time, this browser forgets the session.
      if (session.getToken()) {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), options.logoutTimeoutMs ?? 5000);
        await http
          .request('/api/auth/logout', { method: 'POST', signal: controller.signal })
          .catch(() => undefined)
          .finally(() => clearTimeout(timer));
      }
      session.clear();
      verification = null;
      options.onLogout?.();
      settingsRead = null;
      return '/login';
    },

    async checkAuth() {
      const token = session.getToken();
      if (!token || !session.getUser()) {
        session.clear();
        throw { redirectTo: '/login', message: false };
      }
      await verify().catch(() => {
        throw { redirectTo: '/login', message: false };
      });
      const exp = jwtExpiry(token);
      if (exp !== undefined && exp * 1000 - now() < margin * 1000) {
        const fresh = await refresh();
        if (!fresh) throw { redirectTo: '/login', message: false };
      }
    },

    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        session.clear();
        verification = null;
        throw { redirectTo: '/login', message: false };
      }
      // 403 and others: the user stays logged in; the screen shows the error.
    },

    identityNow() {
      const user = session.getUser();
      if (!user) return undefined;
      const role = roleNameOf(user);
      return {
        id: user.id,
        fullName: user.username,
        email: user.email,
        role,
        roleLabel: role ? roleLabelOf(role) : 'Aucun',
      };
    },

    async getIdentity() {
      const identity = provider.identityNow();
      if (!identity) throw new Error('Non connecté');
      return identity;
    },

    permissionsNow() {
      // The account's id: rules on a record's owner (an Auteur's own drafts) read it.
      return { role: currentRole(), userId: session.getUser()?.id };
    },

    async getPermissions() {
      return provider.permissionsNow();
    },

    canAccessNow({ resource, action }) {
      const rule = options.accessRules?.[resource];
      if (!canAccessResource(currentRole(), rule, action)) return false;
      // Under approval an Author may not publish: the backend refuses it, the screens do not offer it. Approvers
      // publish whatever the setting, without reading it; the others' answer waits for the settings.
      if (action === 'publish' && rule?.module && rule.approvalSetting && !canPublish(currentRole(), rule.module, true)) return undefined;
      return true;
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      const now = provider.canAccessNow({ resource, action });
      if (now !== undefined) return now;
      const rule = options.accessRules![resource]!;
      return canPublish(currentRole(), rule.module!, await approvalRequired(rule.approvalSetting!));
    },

    async register(data: RegistrationData) {
      const body = await http.request<{ jwt?: string; user: SessionUser }>('/api/auth/local/register', {
        method: 'POST',
        body: data,
        anonymous: true,
      });
      if (body.jwt) {
        session.save(body.jwt, { ...body.user, role: null });
        verification = null;
      }
      return body.user;
    },

    refresh,

    twoFactor: {
      status: () => http.request<TwoFactorStatus>('/api/auth/mfa'),
      setup: (currentCode) => http.request<TwoFactorSetup>('/api/auth/mfa/setup', { method: 'POST', body: currentCode ? { code: currentCode } : {} }),
      enable: async (code) => (await http.request<{ recoveryCodes: string[] }>('/api/auth/mfa/enable', { method: 'POST', body: { code } })).recoveryCodes,
      disable: async (code) => {
        await http.request('/api/auth/mfa/disable', { method: 'POST', body: { code } });
      },
    },

    enrolAtLogin: {
      setup: (mfaToken) => http.request<TwoFactorSetup>('/api/auth/mfa/setup', { method: 'POST', body: { mfaToken }, anonymous: true }),
      enable: (mfaToken, code) =>
        http.request<LoginAnswer & { recoveryCodes: string[] }>('/api/auth/mfa/enable', { method: 'POST', body: { mfaToken, code }, anonymous: true }),
    },

    async changePassword(data) {
      const body = await http.request<{ jwt: string; user?: SessionUser }>('/api/auth/change-password', { method: 'POST', body: data });
      if (!body?.jwt) throw new Error('change-password');
      session.setToken(body.jwt);
    },
  };
  return provider;
}
