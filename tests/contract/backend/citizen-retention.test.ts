import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { testClock } from '../support/clock';
import { seededCopy } from '../support/prepared-backend';

/**
 * What the citizens' page promises (docs/citoyens.md): a citizen's name, e-mail and phone are kept until the report
 * is closed, then the settings' citizenDataRetentionDays, then erased by the backend's daily job (run at each start
 * too), the report itself kept. A backend of its own, on a file it restarts on, with a clock moved forward.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-citizen-retention-'));
const clock = testClock();
const DAY = 24 * 3600_000;
let backend: RunningBackend | undefined;
afterAll(async () => {
  await backend?.stop();
  clock.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe('citizens’ details after a report is closed', () => {
  it('are erased once the retention has passed since the closing; an open report and a recent closing keep theirs', { timeout: 400_000 }, async () => {
    const file = path.join(dir, 'data.db');
    const start = (from?: string) => startBackend({ build: false, sqliteFile: file, ...(from ? { from } : {}), env: { CLOCK_OFFSET_FILE: clock.file } });
    backend = await start(seededCopy().from);
    const api = (method: string, route: string, body?: unknown, token?: string) => call(method, route, { baseUrl: backend!.url, token, body });
    const login = () => logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend!.url });
    let admin = await login();
    expect((await api('PUT', '/api/setting', { data: { citizenDataRetentionDays: 30 } }, admin)).status).toBe(200);

    const report = async (closed: boolean) => {
      const citizen = { citizenName: 'Fatima Ali', citizenEmail: `${unique('citoyenne')}@exemple.test`, citizenPhone: '0639 00 00 00' };
      const created = await api('POST', '/api/reports', { data: reportData(citizen) }, admin);
      expect(created.status).toBe(201);
      if (closed) expect((await api('PUT', `/api/reports/${created.body.data.documentId}`, { data: { report_status: 'resolu' } }, admin)).status).toBe(200);
      return created.body.data.documentId as string;
    };
    const old = await report(true);
    clock.advance(31 * DAY);
    // A month later the session is long over.
    admin = await login();
    const recent = await report(true);
    const open = await report(false);
    await backend.stop();

    backend = await start();
    const token = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
    const details = async (documentId: string) => {
      const { citizenName, citizenEmail, citizenPhone, report_status } = (await api('GET', `/api/reports/${documentId}`, undefined, token)).body.data;
      return { citizenName, citizenEmail, citizenPhone, report_status };
    };
    expect(await details(old)).toEqual({ citizenName: null, citizenEmail: null, citizenPhone: null, report_status: 'resolu' });
    expect(await details(recent)).toMatchObject({ citizenName: 'Fatima Ali', citizenEmail: expect.stringContaining('@exemple.test') });
    expect(await details(open)).toMatchObject({ citizenName: 'Fatima Ali', citizenPhone: '0639 00 00 00' });
  });
});
