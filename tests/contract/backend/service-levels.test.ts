import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsTo, DEMO_ACCOUNTS, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { HOUR, testClock } from '../support/clock';
import { seededCopy } from '../support/prepared-backend';

/**
 * Service levels on a backend of this file's own, whose clock the tests move (CLOCK_OFFSET_FILE): the
 * settings' targets and their bad values, a target set at creation and recomputed with the priority,
 * the status frozen at closing, the list's « En retard » / « Bientôt en retard » / « Mes signalements »,
 * and the figures of a period on a data set of its own type (medians and percentiles worked out by hand).
 */
const clock = testClock();
/** How far the tests have moved the clock: the figures' test puts it back, since reports are created at the real time. */
let moved = 0;
const advance = (ms: number) => {
  moved += ms;
  clock.advance(ms);
};
let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend({ build: false, ...seededCopy(), env: { CLOCK_OFFSET_FILE: clock.file, SLA_REMINDER_RULE: '0 0 0 1 1 *' } });
});
afterAll(async () => {
  await backend?.stop();
  clock.remove();
});

const { api, login } = callsTo(() => backend.url);
const hoursBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / HOUR;

describe('the targets in Paramétrages → Signalements', () => {
  it('refuses a delay outside 1 hour – 365 days, a share outside 10–100 %, an unknown role, in French', async () => {
    const admin = await login('admin');
    const refused = async (data: Record<string, unknown>) => {
      const res = await api('PUT', '/api/setting', { token: admin, body: { data } });
      expect(res.status, JSON.stringify(data)).toBe(400);
      return res.body.error.message as string;
    };
    expect(await refused({ slaHours: { critique: 0, haute: 72, normale: 168, basse: 336 } })).toContain("Délai attendu : un nombre entier d'heures de 1 à 8760 (365 jours)");
    expect(await refused({ slaHours: { critique: 24, haute: 72, normale: 168, basse: 8761 } })).toContain('slaHours.basse');
    expect(await refused({ slaTypeOverrides: [{ type: 'Voirie', priority: 'haute', hours: 9000 }] })).toContain('Délai attendu');
    expect(await refused({ slaReminderPercent: 5 })).toContain('Part du délai attendue : un nombre entier de 10 à 100 %');
    expect(await refused({ slaReminderPercent: 101 })).toContain('10 à 100 %');
    expect(await refused({ slaEscalationRoles: ['Editor', 'Chef de quartier'] })).toBe('Rôle inconnu : Chef de quartier');
    expect(await refused({ workingHours: { start: '16:00', end: '08:00' } })).toContain("La fermeture doit suivre l'ouverture");
    expect(await refused({ publicHolidays: ['2026-02-30'] })).toContain('Date inexistante');
  });

  it('an Operator may not change them (403); the Editor may', async () => {
    const operator = await login('operator');
    const res = await api('PUT', '/api/setting', { token: operator, body: { data: { slaReminderPercent: 50 } } });
    expect(res.status).toBe(403);
    const editor = await login('editor');
    const ok = await api('PUT', '/api/setting', { token: editor, body: { data: { slaReminderPercent: 75, slaEscalationRoles: ['Editor'] } } });
    expect(ok.status).toBe(200);
  });
});

describe("a report's target", () => {
  it('is set at creation from the settings, recomputed when the priority changes, frozen when it is closed', async () => {
    const admin = await login('admin');
    const saved = await api('PUT', '/api/setting', {
      token: admin,
      body: { data: { slaHours: { critique: 4, haute: 48, normale: 120, basse: 240 }, slaTypeOverrides: [{ type: 'Propreté', priority: 'haute', hours: 10 }] } },
    });
    expect(saved.status).toBe(200);
    const created = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'haute' }) } });
    const report = created.body.data;
    expect(hoursBetween(report.createdAt, report.slaTarget)).toBeCloseTo(48, 1);
    expect(hoursBetween(report.createdAt, report.slaWarningAt)).toBeCloseTo(36, 1);
    expect(report.slaStatus).toBe('dans_les_temps');

    // A type's override.
    const propre = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'haute', type: 'Propreté', subType: null }) } });
    expect(hoursBetween(propre.body.data.createdAt, propre.body.data.slaTarget)).toBeCloseTo(10, 1);

    // The priority changes: the target follows, from the creation.
    const raised = await api('PUT', `/api/reports/${report.documentId}`, { token: admin, body: { data: { priority: 'critique' } } });
    expect(hoursBetween(report.createdAt, raised.body.data.slaTarget)).toBeCloseTo(4, 1);
    // A client cannot set it.
    const forced = await api('PUT', `/api/reports/${report.documentId}`, { token: admin, body: { data: { slaTarget: '2099-01-01T00:00:00.000Z', closedAt: '2020-01-01T00:00:00.000Z' } } });
    expect(forced.body.data.slaTarget).toBe(raised.body.data.slaTarget);
    expect(forced.body.data.closedAt).toBeNull();

    // Seven seconds after creation, closed: on time, never « Proche échéance ».
    const quick = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority: 'critique' }) } });
    const resolved = await api('PUT', `/api/reports/${quick.body.data.documentId}`, { token: admin, body: { data: { report_status: 'resolu' } } });
    expect(resolved.body.data).toMatchObject({ report_status: 'resolu', slaStatus: 'dans_les_temps' });
    expect(resolved.body.data.closedAt).toBeTruthy();

    // Past the target and closed: late; the status stays frozen later, and the priority no longer moves the target.
    advance(5 * HOUR);
    const late = await api('PUT', `/api/reports/${report.documentId}`, { token: await login('admin'), body: { data: { report_status: 'rejete' } } });
    expect(late.body.data.slaStatus).toBe('depasse');
    advance(100 * HOUR);
    const token = await login('admin');
    const later = await api('PUT', `/api/reports/${report.documentId}`, { token, body: { data: { priority: 'basse' } } });
    expect(later.body.data).toMatchObject({ slaStatus: 'depasse', slaTarget: raised.body.data.slaTarget });
    expect((await api('GET', `/api/reports/${quick.body.data.documentId}`, { token })).body.data.slaStatus).toBe('dans_les_temps');

    // Reopened: live again (long past its target).
    const reopened = await api('PUT', `/api/reports/${report.documentId}`, { token, body: { data: { report_status: 'en_cours' } } });
    expect(reopened.body.data).toMatchObject({ slaStatus: 'depasse', closedAt: null });
    await api('PUT', '/api/setting', { token, body: { data: { slaHours: { critique: 24, haute: 72, normale: 168, basse: 336 }, slaTypeOverrides: [] } } });
  });
});

describe('« En retard », « Bientôt en retard », « Mes signalements »', () => {
  it('filter the list and count on the dashboard on the backend clock', async () => {
    const admin = await login('admin');
    const mark = unique('delais');
    const make = async (priority: string, assignedTo?: string) =>
      (await api('POST', '/api/reports', { token: admin, body: { data: reportData({ priority, title: `${mark} ${priority}`, ...(assignedTo ? { assignedTo } : {}) }) } })).body.data;
    const critique = await make('critique', DEMO_ACCOUNTS.editor.email);
    const haute = await make('haute', 'Zaïnaba Said');
    await make('normale');
    const list = async (filter: string, token: string) => {
      const res = await api('GET', `/api/reports?filters[title][$startsWith]=${mark}&${filter}&pagination[pageSize]=50`, { token });
      expect(res.status).toBe(200);
      return (res.body.data as { documentId: string }[]).map((r) => r.documentId).sort();
    };
    // 20 hours on: the critique report (24 h) is past 75 %, nothing is late.
    advance(20 * HOUR);
    let token = await login('admin');
    expect(await list('filters[sla][$eq]=soon', token)).toEqual([critique.documentId]);
    expect(await list('filters[sla][$eq]=late', token)).toEqual([]);
    // The list's badge agrees, with only the fields the list asks for.
    const row = await api('GET', `/api/reports?filters[documentId][$eq]=${critique.documentId}&fields[0]=report_status&fields[1]=slaStatus&fields[2]=slaTarget&fields[3]=slaWarningAt`, { token });
    expect(row.body.data[0].slaStatus).toBe('proche_echeance');
    // 60 hours: critique late; haute (72 h) soon.
    advance(40 * HOUR);
    token = await login('admin');
    expect(await list('filters[sla][$eq]=late', token)).toEqual([critique.documentId]);
    expect(await list('filters[sla][$eq]=soon', token)).toEqual([haute.documentId]);
    const unknown = await api('GET', '/api/reports?filters[sla][$eq]=bientot', { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Filtre de délai inconnu : bientot (late ou soon attendu)');

    // « Mes signalements »: by user name or e-mail.
    const editor = await login('editor');
    expect(await list('filters[mine][$eq]=true', editor)).toEqual([critique.documentId, haute.documentId].sort());
    expect(await list('filters[mine][$eq]=true', token)).toEqual([]);

    // The dashboard's counts (over every report, demo data included) agree with the lists' totals.
    const stats = (await api('GET', '/api/reports/stats', { token: editor })).body;
    const total = async (filter: string) => (await api('GET', `/api/reports?${filter}&pagination[pageSize]=1`, { token: editor })).body.meta.pagination.total;
    expect(stats.sla.late).toBe(await total('filters[sla][$eq]=late'));
    expect(stats.sla.soon).toBe(await total('filters[sla][$eq]=soon'));
    expect(stats.sla.late).toBeGreaterThanOrEqual(1);
    // « Mes signalements » on the dashboard is the number of the tab it opens, closed reports included,
    // with how many of them are still to handle; the tab sorted by status lists the open ones first.
    expect((await api('PUT', `/api/reports/${haute.documentId}`, { token, body: { data: { report_status: 'resolu' } } })).status).toBe(200);
    const after = (await api('GET', '/api/reports/stats', { token: editor })).body;
    expect(after.sla.mine).toBe(await total('filters[mine][$eq]=true'));
    expect(after.sla.mineOpen).toBe(await total('filters[mine][$eq]=true&filters[report_status][$in][0]=nouveau&filters[report_status][$in][1]=en_cours&filters[report_status][$in][2]=en_attente'));
    expect(after.sla.mine).toBe(after.sla.mineOpen + (await total('filters[mine][$eq]=true&filters[report_status][$in][0]=resolu&filters[report_status][$in][1]=rejete')));
    const sorted = await api('GET', `/api/reports?filters[title][$startsWith]=${mark}&filters[mine][$eq]=true&sort[0]=statusRank:asc`, { token: editor });
    expect(sorted.body.data.map((r: { documentId: string }) => r.documentId)).toEqual([critique.documentId, haute.documentId]);
  });
});

describe('the figures of a period', () => {
  it('medians and 90th percentiles by hand, on-time rate, backlog, the previous period, bad periods refused', async () => {
    advance(-moved);
    let admin = await login('admin');
    // A type of its own: its row of the figures holds only this data set.
    const type = `Contrôle ${unique('sla')}`;
    const settings = (await api('GET', '/api/setting', { token: admin })).body.data;
    const saved = await api('PUT', '/api/setting', { token: admin, body: { data: { signalementCategories: [...settings.signalementCategories, { name: type, subTypes: [] }] } } });
    expect(saved.status).toBe(200);
    const make = async (priority: string) =>
      (await api('POST', '/api/reports', { token: admin, body: { data: reportData({ type, subType: null, priority, service: 'Urbanisme' }) } })).body.data.documentId as string;
    // Created at the same moment (to the second): A normale, B haute, C critique, D critique, E basse left open.
    const [a, b, c, d] = [await make('normale'), await make('haute'), await make('critique'), await make('critique')];
    await make('basse');
    const step = async (hours: number, write: () => Promise<unknown>) => {
      advance(hours * HOUR);
      admin = await login('admin');
      await write();
    };
    const set = (id: string, report_status: string) => api('PUT', `/api/reports/${id}`, { token: admin, body: { data: { report_status } } });
    // First responses at 1, 2, 3 h (en_cours); resolutions at 2, 5, 9 and 30 h.
    await step(1, () => set(a, 'en_cours'));
    await step(1, async () => { await set(b, 'en_cours'); await set(a, 'resolu'); });
    await step(1, () => set(c, 'en_cours'));
    await step(2, () => set(b, 'resolu'));
    await step(4, () => set(c, 'resolu'));
    await step(21, () => set(d, 'resolu'));

    const today = new Date(Date.now() + 3 * HOUR).toISOString().slice(0, 10);
    const inAWeek = new Date(Date.now() + 3 * HOUR + 7 * 24 * HOUR).toISOString().slice(0, 10);
    const res = await api('GET', `/api/reports/figures?from=${today}&to=${inAWeek}`, { token: await login('editor') });
    expect(res.status).toBe(200);
    const figures = res.body;
    expect(figures.period).toEqual({ from: today, to: inAWeek });
    expect(figures.previousPeriod.to < today).toBe(true);
    const row = figures.byType.find((r: { key: string }) => r.key === type);
    expect(row).toMatchObject({ received: 5, closed: 4, onTime: { closed: 4, onTime: 3, rate: 75 } });
    // Resolution 2, 5, 9, 30 h: median (2nd of 4) 5 h, 90th percentile (4th) 30 h.
    expect(row.resolution.count).toBe(4);
    expect(row.resolution.median).toBeCloseTo(5, 1);
    expect(row.resolution.p90).toBeCloseTo(30, 1);
    // First responses: A 1 h, B 2 h, C 3 h, D 30 h (resolved straight from « Nouveau »): median 2 h, 90th 30 h.
    expect(row.firstResponse.count).toBe(4);
    expect(row.firstResponse.median).toBeCloseTo(2, 1);
    expect(row.firstResponse.p90).toBeCloseTo(30, 1);
    expect(figures.byService.find((r: { key: string }) => r.key === 'Urbanisme').received).toBeGreaterThanOrEqual(5);
    expect(figures.current.received).toBeGreaterThanOrEqual(5);
    expect(figures.current.backlog.count).toBeGreaterThanOrEqual(1);
    expect(figures.density.reduce((n: number, cell: { count: number }) => n + cell.count, 0)).toBeGreaterThanOrEqual(1);

    for (const [query, message] of [
      ['from=2026-05-01&to=2026-04-01', 'Période invalide : la date de début doit précéder la date de fin'],
      ['from=2020-01-01&to=2026-01-02', 'Période trop longue : 5 ans au plus'],
      ['from=hier&to=2026-01-02', 'Période invalide : dates de début et de fin attendues (AAAA-MM-JJ)'],
    ]) {
      const bad = await api('GET', `/api/reports/figures?${query}`, { token: admin });
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.message).toBe(message);
    }
    // Read by those who read the reports (the matrix's « signalements »), never without a session.
    expect((await api('GET', `/api/reports/figures?from=${today}&to=${today}`, { token: await login('author') })).status).toBe(200);
    expect((await api('GET', `/api/reports/figures?from=${today}&to=${today}`)).status).toBe(403);
  });
});

