import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { callsTo, DEMO_ACCOUNTS, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { HOUR, MINUTE, testClock } from '../support/clock';
import { sleep, startTestSmtp } from '../support/smtp';
import { seededCopy, sharedBase } from '../support/prepared-backend';

/**
 * Reminders before a report is late, then escalation (api/report/rules/reminders.ts): the job runs every
 * second here (SLA_REMINDER_RULE) and the backend's clock is moved forward (CLOCK_OFFSET_FILE). The
 * assignee (the Editor, who has the notifications) is told at 75 % of a critique report's 24 hours and at
 * the deadline, the supervisors 24 hours later; each once, across a restart and with two instances.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const EVERY_SECOND = '* * * * * *';
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');

function client(backend: () => RunningBackend) {
  const { api, login } = callsTo(() => backend().url);
  // The clock moves by hours: sessions end; each check logs in anew.
  const notices = async (account: keyof typeof DEMO_ACCOUNTS, reference: string) => {
    const res = await api('GET', '/api/notifications?pagination[pageSize]=100&sort[0]=createdAt:desc', { token: await login(account) });
    expect(res.status).toBe(200);
    // The reminders only (the news of the report's creation names it too).
    return (res.body.data as { title: string; message: string; data?: { url?: string; reminder?: string } }[]).filter((n) => n.data?.reminder && n.title.includes(reference));
  };
  const timeline = async (report: string) => {
    const res = await api('GET', `/api/report-updates?filters[report][$eq]=${report}&filters[kind][$eq]=reminder&sort[0]=createdAt:asc`, { token: await login('admin') });
    expect(res.status).toBe(200);
    return res.body.data as { text: string; public: boolean }[];
  };
  return { api, login, notices, timeline };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(500);
    value = await read();
  }
  return value;
}

describe('reminders of a critique report left open', () => {
  it('at 75 %, at the deadline, then escalated; each once across a restart; nothing for a closed report', { timeout: 400_000 }, async () => {
    const clock = testClock();
    cleanups.push(async () => clock.remove());
    const smtp = await startTestSmtp();
    cleanups.push(() => smtp.stop());
    const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-sla-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const options = { build: false, sqliteFile: path.join(dir, 'data.db'), env: { ...smtp.env, CLOCK_OFFSET_FILE: clock.file, SLA_REMINDER_RULE: EVERY_SECOND } };
    let backend = await startBackend({ ...options, ...seededCopy() });
    cleanups.push(() => backend.stop());
    const { api, login, notices, timeline } = client(() => backend);

    const admin = await login('admin');
    const created = await api('POST', '/api/reports', {
      token: admin,
      body: { data: reportData({ priority: 'critique', assignedTo: DEMO_ACCOUNTS.editor.email, title: `Câble arraché ${unique()}` }) },
    });
    expect(created.status).toBe(201);
    const { documentId, reference } = created.body.data;
    // An operator's report: the reminder reaches the Operator in the back-office and by e-mail.
    const operatorsReport = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'critique', assignedTo: DEMO_ACCOUNTS.operator.email }) } });
    // A report closed at once is never reminded.
    const closed = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'critique', assignedTo: DEMO_ACCOUNTS.editor.email }) } });
    expect((await api('PUT', `/api/reports/${closed.body.data.documentId}`, { token: admin, body: { data: { report_status: 'resolu' } } })).status).toBe(200);

    // Before 75 % of 24 hours: nothing.
    clock.advance(17 * HOUR);
    await sleep(2500);
    expect(await notices('editor', reference)).toEqual([]);

    // 18 hours: the reminder, with the reference and a link, to the assignee only.
    clock.advance(1 * HOUR + MINUTE);
    const warned = await until(() => notices('editor', reference), (list) => list.length > 0);
    expect(warned).toHaveLength(1);
    expect(warned[0].title).toBe(`Signalement ${reference} : échéance proche`);
    expect(warned[0].message).toMatch(/^75 % du délai écoulé pour « Câble arraché .+ »\. À traiter avant le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(heure de Mayotte\)\.$/);
    expect(warned[0].data?.url).toBe(`/signalements/${documentId}`);
    expect(await notices('admin', reference)).toEqual([]);
    // By e-mail too (the Editor's preferences have the e-mail channel), and to the Operator.
    const mailed = await until(async () => smtp.to(DEMO_ACCOUNTS.editor.email).filter((m) => m.subject.includes(reference)), (l) => l.length > 0);
    expect(mailed[0].text).toContain(`/signalements/${documentId}`);
    const operatorMail = await until(async () => smtp.to(DEMO_ACCOUNTS.operator.email).filter((m) => m.subject.includes(`${operatorsReport.body.data.reference} : échéance proche`)), (l) => l.length > 0);
    expect(operatorMail).toHaveLength(1);
    expect(await notices('operator', operatorsReport.body.data.reference)).toHaveLength(1);
    // Written on the report's timeline, never public.
    const lines = await timeline(documentId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ public: false });
    expect(lines[0].text).toMatch(/^Échéance proche : 75 % du délai écoulé .* Envoyé à Zaïnaba Said\.$/);

    // A restart: the job runs again on the same base and sends nothing twice.
    await backend.stop();
    backend = await startBackend(options);
    await sleep(3000);
    expect(await notices('editor', reference)).toHaveLength(1);

    // The deadline.
    clock.advance(6 * HOUR);
    const due = await until(() => notices('editor', reference), (list) => list.length > 1);
    expect(due.map((n) => n.title)).toEqual([`Signalement ${reference} : échéance dépassée`, `Signalement ${reference} : échéance proche`]);
    expect(await notices('admin', reference)).toEqual([]);

    // 24 hours late: the supervisors, administrators and the settings' roles (the Editor by default).
    clock.advance(24 * HOUR);
    const escalated = await until(() => notices('admin', reference), (list) => list.length > 0);
    expect(escalated.map((n) => n.title)).toEqual([`Signalement ${reference} en retard`]);
    expect(escalated[0].message).toContain('de plus de 24 h');
    expect((await notices('superadmin', reference)).map((n) => n.title)).toEqual([`Signalement ${reference} en retard`]);
    await sleep(2500);
    expect((await notices('editor', reference)).map((n) => n.title)).toEqual([
      `Signalement ${reference} en retard`,
      `Signalement ${reference} : échéance dépassée`,
      `Signalement ${reference} : échéance proche`,
    ]);
    expect((await timeline(documentId)).map((l) => l.text.split(' : ')[0])).toEqual(['Échéance proche', 'Échéance dépassée', 'Retard signalé aux superviseurs']);

    // The closed report: not a word.
    expect(await notices('editor', closed.body.data.reference)).toEqual([]);
    expect(await timeline(closed.body.data.documentId)).toEqual([]);
  });
});

describe('what the job reads: the reports whose next reminder is due', () => {
  it('a report written behind the backend is reminded in its time; a shorter escalation delay brings the escalations to come forward', { timeout: 400_000 }, async () => {
    const clock = testClock();
    cleanups.push(async () => clock.remove());
    const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-sla-next-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const options = { build: false, sqliteFile: path.join(dir, 'data.db'), env: { CLOCK_OFFSET_FILE: clock.file, SLA_REMINDER_RULE: EVERY_SECOND } };
    let backend = await startBackend({ ...options, ...seededCopy() });
    cleanups.push(() => backend.stop());
    const { api, login, notices } = client(() => backend);
    const admin = await login('admin');

    // Waiting for its escalation when the delay goes from 24 hours to 6.
    const waiting = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'critique', assignedTo: DEMO_ACCOUNTS.editor.email }) } });
    expect(waiting.status).toBe(201);
    const late = waiting.body.data.reference as string;
    clock.advance(24 * HOUR + MINUTE);
    expect((await until(() => notices('editor', late), (list) => list.length > 0)).map((n) => n.title)).toEqual([`Signalement ${late} : échéance dépassée`]);
    expect((await api('PUT', '/api/setting', { token: await login('admin'), body: { data: { slaEscalationHours: 6 } } })).status).toBe(200);

    // An open report imported behind the backend, without the times the backend keeps: due 18 hours after its creation.
    await backend.stop();
    const knex = createRequire(path.join(backendDir, 'package.json'))('knex')({ client: 'better-sqlite3', connection: { filename: options.sqliteFile }, useNullAsDefault: true });
    const created = Date.now() + 24 * HOUR + MINUTE;
    const imported = `MZ-IMPORT-${Date.now().toString(36)}`;
    try {
      await knex('reports').insert({
        document_id: `import${Date.now().toString(36)}`.padEnd(24, 'x'),
        reference: imported,
        title: `Câble importé ${unique()}`,
        type: 'Voirie',
        description: 'Importé sans passer par le backend.',
        report_status: 'en_cours',
        priority: 'critique',
        zone: 'Cavani',
        address: 'Rue du Port',
        assigned_to: DEMO_ACCOUNTS.editor.email,
        sla_target: created + 24 * HOUR,
        created_at: created,
        updated_at: created,
        published_at: created,
      });
    } finally {
      await knex.destroy();
    }
    backend = await startBackend(options);
    await sleep(2500);
    expect(await notices('editor', imported)).toEqual([]);
    // The first report, 6 hours late: escalated (under the old delay it would wait until 24 hours late).
    clock.advance(6 * HOUR + MINUTE);
    expect((await until(() => notices('admin', late), (list) => list.length > 0)).map((n) => n.title)).toEqual([`Signalement ${late} en retard`]);
    // 18 hours after the import's creation: its reminder (its reminder time and its next reminder given at the start).
    expect(await notices('editor', imported)).toEqual([]);
    clock.advance(12 * HOUR);
    expect((await until(() => notices('editor', imported), (list) => list.length > 0)).map((n) => n.title)).toEqual([`Signalement ${imported} : échéance proche`]);
  });
});

describe('two instances on one database', () => {
  it('send each reminder once', { timeout: 300_000 }, async () => {
    const clock = testClock();
    cleanups.push(async () => clock.remove());
    const env = { CLOCK_OFFSET_FILE: clock.file, SLA_REMINDER_RULE: EVERY_SECOND };
    const base = await sharedBase('sla-two');
    cleanups.push(() => base.remove());
    const first = await startBackend({ build: false, ...base.first, env });
    cleanups.push(() => first.stop());
    const second = await startBackend({ build: false, ...base.next, env });
    cleanups.push(() => second.stop());
    const { api, login, notices, timeline } = client(() => first);

    const admin = await login('admin');
    const reports: { documentId: string; reference: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'critique', assignedTo: DEMO_ACCOUNTS.editor.email }) } });
      expect(res.status).toBe(201);
      reports.push(res.body.data);
    }
    clock.advance(19 * HOUR);
    for (const report of reports) await until(() => notices('editor', report.reference), (list) => list.length > 0);
    // Time for a second sending, had there been one.
    await sleep(3000);
    for (const report of reports) {
      expect(await notices('editor', report.reference), report.reference).toHaveLength(1);
      expect(await timeline(report.documentId)).toHaveLength(1);
    }
  });
});
