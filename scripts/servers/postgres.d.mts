/** Types of postgres.mjs, for the TypeScript tests that import it. */
export function postgresBinDir(): string | undefined;
export interface PostgresServer {
  url: string;
  port: number;
  pgDump: string;
  psql(sql: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
}
export function startPostgres(options: { dir: string; port: number; database?: string; log?: 'ignore' | 'inherit' | number }): Promise<PostgresServer>;
