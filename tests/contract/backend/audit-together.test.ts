import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsTo, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';
import { open311 } from '../open311/client';

/**
 * The audit log cannot lose a change: an entry is written in the same transaction as the change it records, so a
 * backend killed in the middle of a burst of writes leaves each report with its entry, or neither. And reading
 * citizens' data in bulk (the reports' export) is recorded. This file's backend is its own: the last test kills it.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const Database = createRequire(path.join(backendDir, 'package.json'))('better-sqlite3');

const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-audit-together-'));
const file = path.join(dir, 'data.db');
let backend: RunningBackend;

beforeAll(async () => {
  backend = await startBackend({ build: false, ...seededCopy(), sqliteFile: file });
});
afterAll(async () => {
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const { api, login } = callsTo(() => backend.url);

describe('bulk reads are audited', () => {
  it("the reports' export records who took them, with the filters and search", async () => {
    const editor = await login('editor');
    const res = await api('GET', '/api/reports/export?filters[zone][$eq]=Kawéni&search=lampadaire&fields[0]=title', { token: editor });
    expect(res.status).toBe(200);
    const admin = await login('admin');
    const audit = await api('GET', '/api/audit-logs?filters[action][$eq]=export&sort[0]=id:desc&pagination[pageSize]=1', { token: admin });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      action: 'export',
      module: 'signalements',
      resourceLabel: 'Export des signalements',
      role: 'Editor',
      changes: { filtres: { zone: { $eq: 'Kawéni' } }, recherche: 'lampadaire' },
    });
  });
});

describe('a change and its audit entry', () => {
  it('a change whose audit entry cannot be written is not kept: a report, a user account', async () => {
    // Another program makes the audit table refuse some entries, as a full or failing disk would.
    const db = new Database(file);
    db.exec(
      "CREATE TRIGGER audit_refusal BEFORE INSERT ON audit_logs WHEN NEW.resource_label LIKE 'Refus%' BEGIN SELECT RAISE(ABORT, 'audit indisponible'); END;",
    );
    db.close();
    try {
      const title = unique('Refus');
      const report = await api('POST', '/api/reports', { token: await login('operator'), body: { data: reportData({ title }) } });
      expect(report.status).toBe(500);
      const username = unique('Refus-agent');
      const admin = await login('admin');
      const roles = await api('GET', '/api/users-permissions/roles', { token: admin });
      const role = roles.body.roles.find((r: { name: string }) => r.name === 'Operator').id;
      const account = await api('POST', '/api/users', { token: admin, body: { username, email: `${username.toLowerCase()}@mairie.test`, password: 'Agent123!', role, confirmed: true } });
      // The plugin answers its own failures as 400.
      expect([400, 500]).toContain(account.status);

      const check = new Database(file);
      try {
        expect(check.prepare('SELECT COUNT(*) AS n FROM reports WHERE title = ?').get(title)).toEqual({ n: 0 });
        expect(check.prepare('SELECT COUNT(*) AS n FROM up_users WHERE username = ?').get(username)).toEqual({ n: 0 });
      } finally {
        check.close();
      }
    } finally {
      const cleanup = new Database(file);
      cleanup.exec('DROP TRIGGER audit_refusal');
      cleanup.close();
    }
    // Other writes go on.
    expect((await api('POST', '/api/reports', { token: await login('operator'), body: { data: reportData() } })).status).toBe(201);
  });

  it("a citizen's report filed through Open311 whose audit entry cannot be written is not kept, and the client is told in French", async () => {
    const admin = await login('admin');
    const name = unique('Refus-client');
    const client = await api('POST', '/api/open311-clients', { token: admin, body: { data: { name } } });
    expect(client.status).toBe(201);
    const params = { api_key: client.body.data.apiKey, service_code: 'voirie', lat: '-12.7598', long: '45.2221' };
    const db = new Database(file);
    db.exec(`CREATE TRIGGER audit_refusal BEFORE INSERT ON audit_logs WHEN NEW.user_name = 'Open311 : ${name}' BEGIN SELECT RAISE(ABORT, 'audit indisponible'); END;`);
    db.close();
    const description = unique('Refus citoyen');
    try {
      const refused = await open311('POST', 'requests.json', { ...params, description }, backend.url);
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(refused.json).toEqual([{ code: refused.status, description: expect.stringMatching(/réessayez plus tard/) }]);
      const check = new Database(file, { readonly: true });
      try {
        expect(check.prepare('SELECT COUNT(*) AS n FROM reports WHERE description = ?').get(description)).toEqual({ n: 0 });
      } finally {
        check.close();
      }
    } finally {
      const cleanup = new Database(file);
      cleanup.exec('DROP TRIGGER audit_refusal');
      cleanup.close();
    }
    // With its audit back, the same report is filed, and recorded.
    const filed = await open311('POST', 'requests.json', { ...params, description }, backend.url);
    expect(filed.status).toBe(201);
    const reference = filed.json[0].service_request_id;
    const audit = await api('GET', `/api/audit-logs?filters[resourceId][$eq]=${reference}&filters[action][$eq]=create`, { token: admin });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0].userName).toBe(`Open311 : ${name}`);
  });

  it('a backend killed during a burst of writes leaves every report with its entry and no entry without its report', { timeout: 120_000 }, async () => {
    const operator = await login('operator');
    const batch = unique('Rafale');
    let answered = 0;
    const refused: number[] = [];
    let killing: Promise<void> | undefined;
    const writes = Array.from({ length: 80 }, (_, i) =>
      api('POST', '/api/reports', { token: operator, body: { data: reportData({ title: `${batch} ${i}` }) } })
        .then((res) => {
          if (res.status !== 201) refused.push(res.status);
          else answered++;
          // Killed while most of the burst is still being written.
          if (answered === 10) killing = backend.kill();
        })
        // A write still in flight when the process died gets no answer.
        .catch(() => undefined),
    );
    await Promise.all(writes);
    await killing;
    expect(refused).toEqual([]);
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(answered).toBeLessThan(80);

    // Opening the file rolls back what the kill left half written, as the next start would.
    const db = new Database(file);
    try {
      const stored = db.prepare('SELECT DISTINCT document_id AS id FROM reports WHERE title LIKE ?').all(`${batch} %`).map((r: { id: string }) => r.id).sort();
      const audited = db
        .prepare("SELECT resource_id AS id FROM audit_logs WHERE action = 'create' AND resource_type = 'report' AND resource_label LIKE ?")
        .all(`${batch} %`)
        .map((r: { id: string }) => r.id)
        .sort();
      expect(stored.length).toBeGreaterThanOrEqual(answered);
      expect(audited).toEqual(stored);
    } finally {
      db.close();
    }
  });
});
