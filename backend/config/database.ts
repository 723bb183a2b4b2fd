import path from 'path';
import { checkSqliteFileAtStart } from '../src/startup/database-guard';

// SQLite embedded by default (DATABASE_FILENAME relative to backend/, or absolute);
// PostgreSQL with DATABASE_CLIENT=postgres and DATABASE_URL. In production neither is created
// without DATABASE_CREATE=true (src/startup/database-guard.ts).
// compileSqlOnError: false: a failed query's error (and every log line that shows it) holds the statement with
// placeholders, not the values bound to it (a citizen's words, e-mail address, phone number).
export default ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: env('DATABASE_URL'),
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
        compileSqlOnError: false,
      },
    };
  }
  // process.cwd() is backend/ for `strapi start`; dist/config is two levels below it.
  const backendDir = path.resolve(__dirname, '..', '..');
  const configured = env('DATABASE_FILENAME', '.tmp/data.db');
  const filename = path.isAbsolute(configured) ? configured : path.join(backendDir, configured);
  // Opening the file would create it (and its folder): in production a missing one stops the start.
  checkSqliteFileAtStart(filename);
  return {
    connection: {
      client: 'sqlite',
      connection: { filename },
      useNullAsDefault: true,
      compileSqlOnError: false,
    },
  };
};
