import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { REPORT_TYPE_VALUES } from '../../../domain/vocabulary';
import { call, DEMO_ACCOUNTS, logIn, reportData } from '../support/api';
import { startPreparedBackend, type PreparedBackend } from '../support/prepared-backend';

/**
 * Paramétrages → « Catégories de signalement » is the list of report types and sub-types: what an
 * administrator keeps there is what the backend accepts on a report (and what the forms, filters and
 * imports offer). A backend of its own, as these tests change the types every report is checked against.
 */
describe('report categories: one vocabulary kept in the settings', () => {
  let prepared: PreparedBackend | undefined;
  let operator = '';
  const as = (token: string) => (method: string, pathAndQuery: string, body?: unknown) =>
    call(method, pathAndQuery, { token, baseUrl: prepared!.backend.url, body });
  const admin = () => as(prepared!.adminToken);
  const categories = async () => (await admin()('GET', '/api/setting')).body.data.signalementCategories as { name: string; subTypes: string[] }[];

  beforeAll(async () => {
    prepared = await startPreparedBackend('report-categories', async (knex) => {
      // As an older version left them: names only, the former defaults and one the town had added.
      await knex('settings').update({ signalement_categories: JSON.stringify(['Voirie', 'Éclairage public', 'Sécurité', 'Autre', 'Marchés couverts']) });
    });
    operator = await logIn(DEMO_ACCOUNTS.operator.email, DEMO_ACCOUNTS.operator.password, { baseUrl: prepared.backend.url });
  }, 240_000);

  afterAll(async () => {
    await prepared?.stop();
  });

  it('turns a list of names kept by an older version into the report types, keeping the names the town added', async () => {
    const list = await categories();
    expect(list.map((c) => c.name)).toEqual([...REPORT_TYPE_VALUES, 'Marchés couverts']);
    expect(list.find((c) => c.name === 'Voirie')!.subTypes).toContain('Nid-de-poule');
    expect(list.find((c) => c.name === 'Marchés couverts')!.subTypes).toEqual([]);
  });

  it('a type and sub-type added in the settings are accepted on a report, and auto-assigned to their service', async () => {
    const saved = await admin()('PUT', '/api/setting', {
      data: {
        signalementCategories: [...DEFAULT_SETTINGS.signalementCategories, { name: 'Marchés', subTypes: ['Étal abandonné', 'Hygiène'] }],
        reportTypeServices: { ...DEFAULT_SETTINGS.reportTypeServices, Marchés: 'Urbanisme', Disparu: 'Urbanisme' },
        autoAssignSignalements: true,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A row of a type the list does not hold is not kept.
    expect(saved.body.data.reportTypeServices.Marchés).toBe('Urbanisme');
    expect(saved.body.data.reportTypeServices).not.toHaveProperty('Disparu');

    const created = await as(operator)('POST', '/api/reports', { data: reportData({ type: 'Marchés', subType: 'Étal abandonné', service: undefined }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.type).toBe('Marchés');
    expect(created.body.data.service).toBe('Urbanisme');

    const filtered = await as(operator)('GET', '/api/reports?filters[type][$eq]=Marchés&fields[0]=title');
    expect(filtered.body.data.map((r: { title: string }) => r.title)).toEqual([created.body.data.title]);
  });

  it('refuses a type the list does not hold, and a sub-type of another type, in French', async () => {
    const unknown = await as(operator)('POST', '/api/reports', { data: reportData({ type: 'Inconnu', subType: undefined }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^Type de signalement inconnu : « Inconnu » \(types possibles : Éclairage public, Voirie, /);
    expect(unknown.body.error.details.errors[0].path).toEqual(['type']);

    const foreign = await as(operator)('POST', '/api/reports', { data: reportData({ type: 'Marchés', subType: 'Nid-de-poule' }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe("Le sous-type « Nid-de-poule » n'appartient pas au type « Marchés »");
  });

  it('a report keeps a type taken off the list until its type changes; no report may take it again', async () => {
    const kept = await as(operator)('POST', '/api/reports', { data: reportData({ type: 'Signalisation', subType: 'Panneau' }) });
    expect(kept.status).toBe(201);
    const without = (await categories()).filter((c) => c.name !== 'Signalisation');
    expect((await admin()('PUT', '/api/setting', { data: { signalementCategories: without } })).status).toBe(200);

    const id = kept.body.data.documentId;
    const edited = await as(operator)('PUT', `/api/reports/${id}`, { data: { title: 'Panneau tordu, rue du Port', type: 'Signalisation', subType: 'Panneau' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.type).toBe('Signalisation');

    const other = await as(operator)('POST', '/api/reports', { data: reportData() });
    const moved = await as(operator)('PUT', `/api/reports/${other.body.data.documentId}`, { data: { type: 'Signalisation', subType: null } });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toMatch(/^Type de signalement inconnu : « Signalisation »/);
    expect((await as(operator)('POST', '/api/reports', { data: reportData({ type: 'Signalisation', subType: 'Panneau' }) })).status).toBe(400);
  });

  it('refuses a list with a type twice or a type without a name, and keeps the list as it was', async () => {
    const before = await categories();
    for (const signalementCategories of [
      [{ name: 'Voirie', subTypes: [] }, { name: 'VOIRIE', subTypes: [] }],
      [{ name: '', subTypes: ['Trou'] }],
    ]) {
      const res = await admin()('PUT', '/api/setting', { data: { signalementCategories } });
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors[0].path[0]).toBe('signalementCategories');
    }
    expect(await categories()).toEqual(before);
  });
});
