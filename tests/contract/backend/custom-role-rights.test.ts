import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, newAccount, roleId, tokenOf, unique } from '../support/api';
import { totp } from '../support/totp';

/**
 * Custom roles as actors of the role matrix: whoever manages users hands on only the rights it holds.
 * Roles made by an administrator, each holding some of the users module's rights (and one also the
 * security module's), try every escalation a hostile probe tried — a wider role, the Administrator
 * role for themselves or others, their own role widened, the Super Admin's password, an
 * administrator's two-factor — and are refused with a French 403 that leaves everything as it was,
 * while what lies within their rights still works.
 */
const ROLES = '/api/users-permissions/roles';
type Grants = Record<string, string[]>;
interface Actor {
  role: { id: number; name: string };
  id: number;
  email: string;
  password: string;
  token: string;
}

async function customRole(label: string, grants: Grants) {
  const res = await call('POST', ROLES, { token: await tokenOf('admin'), body: { name: `${label} ${unique()}`.slice(0, 50), description: 'Rôle de test', grants } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.role as { id: number; name: string };
}

async function actorWith(label: string, grants: Grants): Promise<Actor> {
  const role = await customRole(label, grants);
  const account = await newAccount('Operator', { role: role.id });
  return { role, ...account, token: await logIn(account.email, account.password) };
}

const roleOfAccount = async (id: number) => (await call('GET', `/api/users/${id}?populate=role`, { token: await tokenOf('admin') })).body.role?.name as string;
const grantsOf = async (id: number) => (await call('GET', `${ROLES}/${id}`, { token: await tokenOf('admin') })).body.role.grants as Grants;
const roleNamed = async (name: string) => ((await call('GET', ROLES, { token: await tokenOf('admin') })).body.roles as { name: string }[]).some((r) => r.name === name);
const accountWithEmail = async (email: string) => (await call('GET', `/api/users?filters[email][$eq]=${encodeURIComponent(email)}`, { token: await tokenOf('admin') })).body as unknown[];

/** What the probe's holder of « Gestion RH » asked for itself: the modules only administrators hold. */
const WIDER: Grants = { audit: ['read'], maintenance: ['read', 'create'], securite: ['read', 'edit'], courriels: ['read', 'edit'], integrations: ['read', 'create'] };

const USERS_RIGHTS: Record<string, Grants> = {
  read: { utilisateurs: ['read'] },
  create: { utilisateurs: ['read', 'create'] },
  edit: { utilisateurs: ['read', 'edit'] },
  delete: { utilisateurs: ['read', 'delete'] },
  'create and edit (the probe’s « Gestion RH »)': { utilisateurs: ['read', 'create', 'edit'] },
  'every users right and security': { utilisateurs: ['read', 'create', 'edit', 'delete'], securite: ['read', 'edit'] },
};

let actors: Record<string, Actor>;
let superAdminId: number;
/** An administrator's account with two-factor on: what the probe reset. */
let enrolledAdmin: { id: number; secret: string };

beforeAll(async () => {
  actors = {};
  for (const [label, grants] of Object.entries(USERS_RIGHTS)) actors[label] = await actorWith(`RH ${Object.keys(actors).length}`, grants);
  superAdminId = (await call('GET', '/api/users/me', { token: await tokenOf('superadmin') })).body.id;
  const admin = await newAccount('Administrator');
  const token = await logIn(admin.email, admin.password);
  const setup = await call('POST', '/api/auth/mfa/setup', { token });
  const enable = await call('POST', '/api/auth/mfa/enable', { token, body: { code: totp(setup.body.secret) } });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  enrolledAdmin = { id: admin.id, secret: setup.body.secret };
}, 60_000);

describe('a custom role that manages users gets no right it was not given', () => {
  for (const label of Object.keys(USERS_RIGHTS)) {
    describe(`holding utilisateurs ${label}`, () => {
      it('cannot create a role wider than its own', async () => {
        const actor = actors[label];
        const name = `Tout Puissant ${unique()}`;
        const res = await call('POST', ROLES, { token: actor.token, body: { name, description: 'Tout', grants: { ...USERS_RIGHTS[label], ...WIDER } } });
        expect(res.status).toBe(403);
        if (USERS_RIGHTS[label].utilisateurs.includes('create')) expect(res.body.error.message).toMatch(/^Vous ne pouvez pas donner des droits que votre rôle n’a pas : .*Maintenance \(lecture, création\), Journal d'audit \(lecture\)/);
        expect(await roleNamed(name)).toBe(false);
      });

      it('cannot give itself the Administrator role nor a wider one', async () => {
        const actor = actors[label];
        const wider = await customRole('Plus large', { ...USERS_RIGHTS[label], ...WIDER });
        for (const role of [await roleId('Administrator'), await roleId('Super Admin'), wider.id, { connect: [{ id: await roleId('Administrator') }] }]) {
          const res = await call('PUT', `/api/users/${actor.id}`, { token: actor.token, body: { role } });
          expect(res.status, JSON.stringify(role)).toBe(403);
        }
        expect(await roleOfAccount(actor.id)).toBe(actor.role.name);
        // The session still runs under its own role.
        expect((await call('GET', '/api/audit-logs', { token: actor.token })).status).toBe(403);
      });

      it('cannot widen its own role', async () => {
        const actor = actors[label];
        const res = await call('PUT', `${ROLES}/${actor.role.id}`, { token: actor.token, body: { grants: { ...USERS_RIGHTS[label], ...WIDER } } });
        expect(res.status).toBe(403);
        expect(await grantsOf(actor.role.id)).toEqual(USERS_RIGHTS[label]);
      });

      it('cannot give another account the Administrator role or a wider one, at creation or after', async () => {
        const actor = actors[label];
        const colleague = await newAccount('Operator', { role: actors.read.role.id });
        for (const role of [await roleId('Administrator'), await roleId('Operator')]) {
          expect((await call('PUT', `/api/users/${colleague.id}`, { token: actor.token, body: { role } })).status).toBe(403);
          const name = unique('intrus');
          const created = await call('POST', '/api/users', { token: actor.token, body: { username: name, email: `${name}@mairie.test`, password: 'Intrus123!', confirmed: true, role } });
          expect(created.status).toBe(403);
          expect(await accountWithEmail(`${name}@mairie.test`)).toEqual([]);
          const invited = await call('POST', '/api/users', { token: actor.token, body: { username: `${name}b`, email: `${name}b@mairie.test`, invitation: true, role } });
          expect(invited.status).toBe(403);
          expect(await accountWithEmail(`${name}b@mairie.test`)).toEqual([]);
        }
        expect(await roleOfAccount(colleague.id)).toBe(actors.read.role.name);
      });

      it('cannot set the Super Admin’s password, suspend or delete an administrator, nor reset an administrator’s two-factor', async () => {
        const actor = actors[label];
        const password = await call('PUT', `/api/users/${superAdminId}`, { token: actor.token, body: { password: 'Pirate123!' } });
        expect(password.status).toBe(403);
        expect((await call('PUT', `/api/users/${superAdminId}`, { token: actor.token, body: { status: 'suspendu' } })).status).toBe(403);
        expect((await call('PUT', `/api/users/${enrolledAdmin.id}`, { token: actor.token, body: { email: `${unique('pirate')}@evil.example` } })).status).toBe(403);
        expect((await call('DELETE', `/api/users/${enrolledAdmin.id}`, { token: actor.token })).status).toBe(403);
        expect((await call('POST', `/api/users/${enrolledAdmin.id}/two-factor/reset`, { token: actor.token })).status).toBe(403);

        const { email, password: superPassword } = DEMO_ACCOUNTS.superadmin;
        expect(typeof (await logIn(email, superPassword))).toBe('string');
        const twoFactor = await call('GET', `/api/users/${enrolledAdmin.id}/two-factor`, { token: await tokenOf('admin') });
        expect(twoFactor.body.data.enabled).toBe(true);
        expect((await call('GET', `/api/users/${enrolledAdmin.id}`, { token: await tokenOf('admin') })).body).toMatchObject({ status: 'actif', email: expect.stringMatching(/@mairie\.test$/) });
      });
    });
  }
});

describe('the refusals say what is refused, in French', () => {
  it('names the role or the account and the rights the caller lacks', async () => {
    const hr = actors['create and edit (the probe’s « Gestion RH »)'];
    const toAdmin = await call('PUT', `/api/users/${hr.id}`, { token: hr.token, body: { role: await roleId('Administrator') } });
    expect(toAdmin.body.error.message).toBe('Vous ne pouvez pas changer votre propre rôle : demandez-le à un administrateur.');
    const colleague = await newAccount('Operator', { role: actors.read.role.id });
    const admin = await call('PUT', `/api/users/${colleague.id}`, { token: hr.token, body: { role: await roleId('Super Admin') } });
    expect(admin.body.error.message).toBe('Seul un administrateur peut attribuer le rôle « Super Administrateur ».');
    const operator = await call('PUT', `/api/users/${colleague.id}`, { token: hr.token, body: { role: await roleId('Operator') } });
    expect(operator.body.error.message).toMatch(/^Vous ne pouvez pas attribuer le rôle « Opérateur » : il donne des droits que votre rôle n’a pas \(Signalements \(lecture, création, modification, export\), /);
    const ownRole = await call('PUT', `${ROLES}/${hr.role.id}`, { token: hr.token, body: { description: 'Élargi' } });
    expect(ownRole.body.error.message).toBe('Vous ne pouvez pas modifier votre propre rôle ni ses droits : demandez-le à un administrateur.');
    const password = await call('PUT', `/api/users/${superAdminId}`, { token: hr.token, body: { password: 'Pirate123!' } });
    expect(password.body.error.message).toBe('Seul un administrateur peut modifier le compte d’un administrateur.');
    const twoFactor = await call('POST', `/api/users/${enrolledAdmin.id}/two-factor/reset`, { token: hr.token });
    expect(twoFactor.body.error.message).toBe('Seul un administrateur peut réinitialiser la double authentification d’un administrateur.');
    const operatorAccount = await newAccount('Operator');
    const wider = await call('PUT', `/api/users/${operatorAccount.id}`, { token: hr.token, body: { service: 'Urbanisme' } });
    expect(wider.status).toBe(403);
    expect(wider.body.error.message).toMatch(new RegExp(`^Vous ne pouvez pas modifier le compte de ${operatorAccount.username} : son rôle a des droits que le vôtre n’a pas \\(Signalements`));
  });
});

describe('what lies within a custom role’s rights still works', () => {
  it('a user manager creates roles and accounts within its rights, and changes those accounts', async () => {
    const hr = actors['create and edit (the probe’s « Gestion RH »)'];
    const reader = await call('POST', ROLES, { token: hr.token, body: { name: `Lecteurs RH ${unique()}`, grants: { utilisateurs: ['read'] } } });
    expect(reader.status, JSON.stringify(reader.body)).toBe(201);
    const name = unique('agent');
    const created = await call('POST', '/api/users', { token: hr.token, body: { username: name, email: `${name}@mairie.test`, password: 'Agent123!', confirmed: true, role: reader.body.role.id } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Its own role is within its rights: it may give it to a colleague.
    expect((await call('PUT', `/api/users/${created.body.id}`, { token: hr.token, body: { role: hr.role.id, service: 'Urbanisme' } })).status).toBe(200);
    expect(await roleOfAccount(created.body.id)).toBe(hr.role.name);
    // Changing the role it made (not its own) within its rights.
    expect((await call('PUT', `${ROLES}/${reader.body.role.id}`, { token: hr.token, body: { grants: { utilisateurs: ['read', 'create'] } } })).status).toBe(200);
    // Its own account, but not its role.
    expect((await call('PUT', `/api/users/${hr.id}`, { token: hr.token, body: { service: 'Communication' } })).status).toBe(200);
  });

  it('a user manager that may delete deletes an account within its rights', async () => {
    const remover = actors.delete;
    const account = await newAccount('Operator', { role: actors.read.role.id });
    expect((await call('DELETE', `/api/users/${account.id}`, { token: remover.token })).status).toBe(200);
  });

  it('users and security reset the two-factor of an account within its rights, and end its sessions', async () => {
    const security = actors['every users right and security'];
    const account = await newAccount('Operator', { role: actors.read.role.id });
    const token = await logIn(account.email, account.password);
    const setup = await call('POST', '/api/auth/mfa/setup', { token });
    expect((await call('POST', '/api/auth/mfa/enable', { token, body: { code: totp(setup.body.secret) } })).status).toBe(200);
    const reset = await call('POST', `/api/users/${account.id}/two-factor/reset`, { token: security.token });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data.enabled).toBe(false);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('only an administrator sets another account’s password, even one within the caller’s rights', async () => {
    const hr = actors['create and edit (the probe’s « Gestion RH »)'];
    const account = await newAccount('Operator', { role: actors.read.role.id });
    const refused = await call('PUT', `/api/users/${account.id}`, { token: hr.token, body: { password: 'Autre123!' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Seul un administrateur peut définir le mot de passe d’un autre compte : la personne choisit le sien avec « Mot de passe oublié ? ».');
    expect(typeof (await logIn(account.email, account.password))).toBe('string');
    expect((await call('PUT', `/api/users/${account.id}`, { token: await tokenOf('admin'), body: { password: 'Autre123!' } })).status).toBe(200);
    expect(typeof (await logIn(account.email, 'Autre123!'))).toBe('string');
  });

  it('only an administrator changes another account’s e-mail (where « Mot de passe oublié ? » sends its link)', async () => {
    const hr = actors['create and edit (the probe’s « Gestion RH »)'];
    const account = await newAccount('Operator', { role: actors.read.role.id });
    const taken = await call('PUT', `/api/users/${account.id}`, { token: hr.token, body: { email: `${unique('intrus')}@mairie.test` } });
    expect(taken.status).toBe(403);
    expect(taken.body.error.message).toBe('Seul un administrateur peut changer l’adresse e-mail d’un autre compte : elle ouvre « Mot de passe oublié ? » à qui la reçoit.');
    expect(typeof (await logIn(account.email, account.password))).toBe('string');
    // Its other fields stay the manager's to change, and the same address sent back is no change.
    expect((await call('PUT', `/api/users/${account.id}`, { token: hr.token, body: { service: 'Urbanisme', email: account.email.toUpperCase() } })).status).toBe(200);
    const fixed = `${unique('corrige')}@mairie.test`;
    expect((await call('PUT', `/api/users/${account.id}`, { token: await tokenOf('admin'), body: { email: fixed } })).status).toBe(200);
  });
});

describe('one’s own password', () => {
  it('is changed with the current one (Mon profil), never through the account’s edit, even by an administrator', async () => {
    const admin = await newAccount('Administrator');
    const token = await logIn(admin.email, admin.password);
    const res = await call('PUT', `/api/users/${admin.id}`, { token, body: { password: 'Nouveau123!' } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Votre propre mot de passe se change depuis « Mon profil », avec le mot de passe actuel.');
    expect(typeof (await logIn(admin.email, admin.password))).toBe('string');
    const changed = await call('POST', '/api/auth/change-password', { token, body: { currentPassword: admin.password, password: 'Nouveau123!', passwordConfirmation: 'Nouveau123!' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});

describe('for every module, a user manager holding it hands on that module and no other', () => {
  const MODULE_RIGHTS: Grants = {
    signalements: ['read', 'create', 'edit', 'delete', 'export'],
    contenus: ['read', 'create', 'edit', 'delete', 'publish'],
    poi: ['read', 'create', 'edit', 'import'],
    annuaire: ['read', 'create', 'edit', 'import'],
    notifications: ['read', 'create', 'edit'],
    parametrages: ['read', 'edit'],
    securite: ['read', 'edit'],
    maintenance: ['read', 'create'],
    medias: ['read', 'create', 'delete'],
    audit: ['read', 'export'],
    integrations: ['read', 'create'],
    courriels: ['read', 'edit'],
  };
  const modules = Object.keys(MODULE_RIGHTS);
  for (const [index, module] of modules.entries()) {
    it(module, async () => {
      const other = modules[(index + 1) % modules.length];
      const actor = await actorWith(`Gestion ${module}`, { utilisateurs: ['read', 'create', 'edit'], [module]: MODULE_RIGHTS[module] });
      const within = await call('POST', ROLES, { token: actor.token, body: { name: `Sous-rôle ${unique()}`, grants: { [module]: MODULE_RIGHTS[module] } } });
      expect(within.status, JSON.stringify(within.body)).toBe(201);
      const beyond = await call('POST', ROLES, { token: actor.token, body: { name: `Au-delà ${unique()}`, grants: { [module]: MODULE_RIGHTS[module], [other]: ['read'] } } });
      expect(beyond.status).toBe(403);
      const widened = await call('PUT', `${ROLES}/${within.body.role.id}`, { token: actor.token, body: { grants: { [module]: MODULE_RIGHTS[module], [other]: ['read'] } } });
      expect(widened.status).toBe(403);
      expect(await grantsOf(within.body.role.id)).toEqual({ [module]: MODULE_RIGHTS[module] });
    });
  }
});

describe('administrators', () => {
  it('cannot change their own role either', async () => {
    const admin = await newAccount('Administrator');
    const token = await logIn(admin.email, admin.password);
    const res = await call('PUT', `/api/users/${admin.id}`, { token, body: { role: await roleId('Operator') } });
    expect(res.status).toBe(403);
    expect(await roleOfAccount(admin.id)).toBe('Administrator');
    // Another administrator may.
    expect((await call('PUT', `/api/users/${admin.id}`, { token: await tokenOf('admin'), body: { role: await roleId('Operator') } })).status).toBe(200);
  });

  it('cannot reset their own two-factor without a code (Mon profil asks one)', async () => {
    const res = await call('POST', `/api/users/${enrolledAdmin.id}/two-factor/reset`, { token: await logInEnrolledAdmin() });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Votre propre double authentification se change depuis « Mon profil », avec un code de votre application.');
  });

  it('nobody writes what the backend keeps itself on an account (a reset code’s hash, the provider)', async () => {
    const account = await newAccount('Operator');
    for (const body of [{ resetPasswordToken: 'a'.repeat(64), passwordCodePurpose: 'reset' }, { provider: 'github' }, { confirmationToken: 'x' }]) {
      const res = await call('PUT', `/api/users/${account.id}`, { token: await tokenOf('admin'), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/^Ces champs sont tenus par le serveur et ne se modifient pas : /);
    }
  });
});

/** The enrolled administrator's session: password, then a code of its app. */
async function logInEnrolledAdmin() {
  const account = await call('GET', `/api/users/${enrolledAdmin.id}`, { token: await tokenOf('admin') });
  const first = await call('POST', '/api/auth/local', { body: { identifier: account.body.email, password: 'Agent123!' } });
  // A code of the next step: the one the enrolment used may not serve twice.
  const verified = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: first.body.mfaToken, code: totp(enrolledAdmin.secret, Date.now() + 30_000) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.jwt as string;
}
