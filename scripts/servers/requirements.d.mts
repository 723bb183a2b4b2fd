/** Types of requirements.mjs, for the TypeScript tests that import it. */
export type Needs = { postgres?: boolean; redis?: boolean; haproxy?: boolean };
export interface Server {
  name: string;
  pkg: string;
  installed(): boolean;
}
export const SERVERS: Record<'postgres' | 'redis' | 'haproxy', Server>;
export function missingServers(needs: Needs): Server[];
export function missingMessage(command: string, missing: Server[]): string;
export function requireServers(command: string, needs: Needs): void;
export function installOrRequire(command: string, needs: Needs, options?: { log?: (line: string) => void }): void;
