import path from 'path';

// SQLite embedded by default (DATABASE_FILENAME relative to backend/, or absolute);
// PostgreSQL with DATABASE_CLIENT=postgres and DATABASE_URL.
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
      },
    };
  }
  // process.cwd() is backend/ for `strapi start`; dist/config is two levels below it.
  const backendDir = path.resolve(__dirname, '..', '..');
  const filename = env('DATABASE_FILENAME', '.tmp/data.db');
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.isAbsolute(filename) ? filename : path.join(backendDir, filename) },
      useNullAsDefault: true,
    },
  };
};
