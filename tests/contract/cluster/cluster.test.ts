import { afterAll, beforeAll } from 'vitest';
import { balancer } from './balancer';
import { killedInstance } from './killed-instance';
import { sharedLimits } from './limits';
import { postgresRestart } from './postgres-restart';
import { redisOutage } from './redis-outage';
import { rollingRestart } from './rolling-restart';
import { scheduledJobs } from './scheduled-jobs';
import { startTestCluster, type TestCluster } from './support';

/**
 * The cluster, started once for every scenario (a start costs a first installation and three instances), each
 * scenario leaving it as it found it: three instances ready behind HAProxy. The scheduled jobs' scenario moves the
 * backends' clock forward by hours: it comes last.
 */
let running: TestCluster | undefined;
const cluster = () => running!;

beforeAll(async () => {
  running = await startTestCluster();
});
afterAll(async () => {
  await running?.stop();
});

balancer(cluster);
sharedLimits(cluster);
killedInstance(cluster);
rollingRestart(cluster);
redisOutage(cluster);
postgresRestart(cluster);
scheduledJobs(cluster);
