/** Types of topology.mjs, for the TypeScript bench that imports it. */
import type { PostgresServer } from '../servers/postgres.mjs';

export interface ClusterInstance {
  name: string;
  url: string;
  port: number;
  logFile: string;
  pid(): number | undefined;
  start(options?: { extraEnv?: Record<string, string>; timeoutMs?: number }): Promise<void>;
  ready(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}
export interface Balancer {
  states(): Promise<Record<string, string>[]>;
  setState(name: string, state: 'ready' | 'maint' | 'drain'): Promise<void>;
  stop(): Promise<void>;
}
export interface Cluster {
  url: string;
  dir: string;
  firstInstallation: boolean;
  postgres: PostgresServer;
  redis: { url: string; stop(): Promise<void>; start(): Promise<void> };
  balancer: Balancer;
  instances: ClusterInstance[];
  balancerSeesUp(names?: string[]): Promise<void>;
  rollingRestart(options?: { between?: (instance: ClusterInstance) => Promise<void> }): Promise<void>;
  stop(): Promise<void>;
}
export function startCluster(options: {
  dir: string;
  distDir: string;
  port?: number;
  instances?: number;
  env?: Record<string, string>;
  backendDir?: string;
  log?: (line: string) => void;
  firstStartTimeoutMs?: number;
}): Promise<Cluster>;
