import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { DEMO_OPEN311_CLIENT } from '@mamoudzou/domain/open311';
import { DEMO_ACCOUNTS } from '../seed/users';

/**
 * A backend must never start open: in production an empty database (an unmounted disk, a typo in
 * DATABASE_FILENAME) would otherwise be created and filled with the demo accounts, whose passwords are
 * published. These checks stop the start with one line that says what is wrong and what to do.
 */

export const isProduction = () => process.env.NODE_ENV === 'production';
/** The explicit consent to create a database in production (a first installation). */
export const mayCreateDatabase = () => process.env.DATABASE_CREATE === 'true';

/** Stops the start with one readable line (no stack trace: nothing in it would help). */
export function refuseToStart(line: string): never {
  console.error(`[démarrage refusé] ${line}`);
  process.exit(1);
}

/** Why this SQLite file cannot serve, if it cannot: missing (in production, without consent) or read only. */
export function sqliteFileProblem(filename: string, env: { production: boolean; mayCreate: boolean }): string | undefined {
  if (!existsSync(filename)) {
    if (env.production && !env.mayCreate) {
      return (
        `base de données introuvable : ${filename}. En production, le backend ne crée pas de base tout seul ` +
        `(disque non monté ou DATABASE_FILENAME erroné ?). Pour une première installation, démarrez une fois avec DATABASE_CREATE=true.`
      );
    }
    return undefined;
  }
  // SQLite writes its journal beside the file: both must be writable.
  for (const target of [filename, path.dirname(filename)]) {
    try {
      accessSync(target, constants.W_OK);
    } catch {
      return `la base de données est en lecture seule : ${target} ne peut pas être modifié par le backend. Rendez-le accessible en écriture, puis redémarrez.`;
    }
  }
  return undefined;
}

/** config/database.ts, before the SQLite file is opened (opening it would create it). */
export function checkSqliteFileAtStart(filename: string) {
  const problem = sqliteFileProblem(filename, { production: isProduction(), mayCreate: mayCreateDatabase() });
  if (problem) refuseToStart(problem);
}

/**
 * The database exists (a PostgreSQL base, or a SQLite file someone created empty), but one without tables is a new
 * database all the same. Run at register, before Strapi creates its tables.
 */
export async function refuseNewDatabaseInProduction(strapi: Core.Strapi) {
  if (!isProduction() || mayCreateDatabase()) return;
  const initialised = await strapi.db.getSchemaConnection().hasTable('strapi_core_store_settings');
  if (initialised) return;
  const which =
    strapi.db.dialect.client === 'postgres' ? 'la base PostgreSQL de DATABASE_URL est vide' : `la base de données ${strapi.config.get('database.connection.connection.filename', '')} est vide`;
  refuseToStart(
    `${which}. En production, le backend n'y crée pas de tables tout seul ` +
      `(mauvaise base ?). Pour une première installation, démarrez une fois avec DATABASE_CREATE=true.`,
  );
}

/** In production, no demo account may still open with its published password. */
export async function refuseDemoPasswordsInProduction(strapi: Core.Strapi) {
  if (!isProduction()) return;
  const users = strapi.plugin('users-permissions').service('user');
  const open: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: account.email }, select: ['id', 'password'] });
    if (user?.password && account.password && (await users.validatePassword(account.password, user.password))) open.push(account.email);
  }
  if (open.length > 0) {
    refuseToStart(
      `compte${open.length > 1 ? 's' : ''} de démonstration avec leur mot de passe publié : ${open.join(', ')}. ` +
        `Supprimez-les ou changez leur mot de passe (hors production), puis redémarrez.`,
    );
  }
}

/** In production, the citizens' channel never takes the demo client's key, which is published as its passwords are. */
export async function refuseDemoOpen311KeyInProduction(strapi: Core.Strapi) {
  if (!isProduction()) return;
  // Through the registry, as the seed issues it: this file is read before the collections are.
  const clients = strapi.service('api::open311-client.open311-client') as unknown as { byKey(key: string): Promise<{ name: string } | undefined> };
  const demo = await clients.byKey(DEMO_OPEN311_CLIENT.key);
  if (demo) {
    refuseToStart(
      `le client Open311 « ${demo.name} » a la clé de démonstration publiée (${DEMO_OPEN311_CLIENT.key.slice(0, 12)}…). ` +
        `Révoquez-le (Intégrations → Canal citoyen, hors production), puis redémarrez.`,
    );
  }
}
