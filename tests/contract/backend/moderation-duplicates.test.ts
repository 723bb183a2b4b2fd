import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { call, reportData, tokenOf, unique } from '../support/api';
import { expectValid, open311 } from '../open311/client';
import * as schema from '../open311/schemas';

/**
 * The citizens' channel, staff side: reports filed through Open311 wait « À valider » while the
 * settings ask for moderation, staff approve or reject them with a reason; possible duplicates are
 * found around a point and a duplicate is closed with a note naming the original.
 */

const admin = () => tokenOf('admin');
let key = '';

async function setSettings(data: Record<string, unknown>) {
  const res = await call('PUT', '/api/setting', { token: await admin(), body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function staffReport(reference: string) {
  const res = await call('GET', `/api/reports?filters[reference][$eq]=${encodeURIComponent(reference)}`, { token: await admin() });
  return res.body.data[0];
}

async function file(description: string, point = { lat: '-12.7598', long: '45.2221' }, service = 'voirie') {
  const res = await open311('POST', 'requests.json', { api_key: key, service_code: service, ...point, description, email: `${unique('citoyen')}@exemple.test` });
  expect(res.status, res.text).toBe(201);
  return res.json[0].service_request_id as string;
}

const moderate = async (documentId: string, body: Record<string, unknown>, account: 'operator' | 'author' | 'admin' = 'operator') =>
  call('POST', `/api/reports/${documentId}/moderation`, { token: await tokenOf(account), body });

beforeAll(async () => {
  const res = await call('POST', '/api/open311-clients', { token: await admin(), body: { data: { name: `Modération ${Date.now()}` } } });
  key = res.body.data.apiKey;
  await setSettings({ signalementApprovalRequired: true });
});
afterAll(async () => {
  await setSettings({ signalementApprovalRequired: DEFAULT_SETTINGS.signalementApprovalRequired, duplicateRadiusMeters: DEFAULT_SETTINGS.duplicateRadiusMeters });
});

describe('moderation of the citizens’ reports', () => {
  it('holds a citizen’s report « À valider »: out of Open311’s lists, open with a note on its own, counted for staff', async () => {
    const reference = await file('Trou dans la chaussée devant l’école');
    const stored = await staffReport(reference);
    expect(stored.report_status).toBe('a_valider');
    const pending = await call('GET', '/api/reports?filters[report_status][$eq]=a_valider&pagination[pageSize]=1', { token: await tokenOf('operator') });
    expect(pending.body.meta.pagination.total).toBeGreaterThanOrEqual(1);

    const list = await open311('GET', 'requests.json', { service_code: 'voirie' });
    expect(list.json.map((r: any) => r.service_request_id)).not.toContain(reference);
    const updates = await open311('GET', 'servicerequestupdates.json');
    expect(updates.json.map((u: any) => u.service_request_id)).not.toContain(reference);
    const one = await open311('GET', `requests/${reference}.json`);
    expectValid(schema.requests, one.json, 'GET request');
    expect(one.json[0]).toMatchObject({ status: 'open', status_notes: 'Signalement reçu, en cours de vérification par la mairie avant sa prise en charge.' });
  });

  it('approves it: nouveau, listed by Open311, on the timeline and in the audit log', async () => {
    const reference = await file('Plaque d’égout soulevée');
    const { documentId } = await staffReport(reference);
    const res = await moderate(documentId, { decision: 'approve' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.report_status).toBe('nouveau');
    const list = await open311('GET', 'requests.json', { service_code: 'voirie' });
    expect(list.json.map((r: any) => r.service_request_id)).toContain(reference);
    const timeline = await call('GET', `/api/report-updates?filters[report][$eq]=${documentId}`, { token: await admin() });
    expect(timeline.body.data.map((l: any) => [l.kind, l.statusBefore, l.statusAfter])).toContainEqual(['status', 'a_valider', 'nouveau']);
    const audit = await call('GET', `/api/audit-logs?filters[resourceId][$eq]=${documentId}&filters[action][$eq]=update`, { token: await admin() });
    expect(audit.body.data.length).toBeGreaterThan(0);
    // Decided once: a second decision is refused, the report unchanged.
    const again = await moderate(documentId, { decision: 'reject', reason: DEFAULT_SETTINGS.signalementRejectionReasons[0] });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Ce signalement n’est plus à valider : il a déjà été approuvé ou rejeté.');
    expect((await staffReport(reference)).report_status).toBe('nouveau');
  });

  it('rejects it with one of the settings’ reasons, which is the public note Open311 returns', async () => {
    const reference = await file('Publicité pour un garage');
    const { documentId } = await staffReport(reference);
    const unknownReason = await moderate(documentId, { decision: 'reject', reason: 'Parce que' });
    expect(unknownReason.status).toBe(400);
    expect(unknownReason.body.error.message).toBe('Choisissez un motif de rejet parmi ceux des paramètres');
    const noDecision = await moderate(documentId, { decision: 'peut-être' });
    expect(noDecision.status).toBe(400);
    expect(noDecision.body.error.message).toBe('Décision attendue : approuver ou rejeter');
    // A role that may not change reports may not moderate them.
    expect((await moderate(documentId, { decision: 'approve' }, 'author')).status).toBe(403);
    expect((await staffReport(reference)).report_status).toBe('a_valider');

    const reason = DEFAULT_SETTINGS.signalementRejectionReasons[1];
    const res = await moderate(documentId, { decision: 'reject', reason });
    expect(res.status).toBe(200);
    expect(res.body.data.report_status).toBe('rejete');
    const one = await open311('GET', `requests/${reference}.json`);
    expect(one.json[0]).toMatchObject({ status: 'closed', status_notes: reason });
  });

  it('« À valider » is the channel’s own: staff neither create a report in it nor put one back', async () => {
    const token = await tokenOf('operator');
    const created = await call('POST', '/api/reports', { token: await admin(), body: { data: reportData({ report_status: 'a_valider' }) } });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe('Le statut « À valider » est réservé aux signalements reçus du canal citoyen');
    const ok = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    expect(ok.status).toBe(201);
    const back = await call('PUT', `/api/reports/${ok.body.data.documentId}`, { token, body: { data: { report_status: 'a_valider' } } });
    expect(back.status).toBe(400);
    expect((await call('GET', `/api/reports/${ok.body.data.documentId}`, { token })).body.data.report_status).toBe('nouveau');
  });

  it('with moderation off, a citizen’s report goes straight to nouveau and is listed', async () => {
    await setSettings({ signalementApprovalRequired: false });
    try {
      const reference = await file('Feu tricolore en panne');
      expect((await staffReport(reference)).report_status).toBe('nouveau');
      const list = await open311('GET', 'requests.json', { service_code: 'voirie' });
      expect(list.json.map((r: any) => r.service_request_id)).toContain(reference);
    } finally {
      await setSettings({ signalementApprovalRequired: true });
    }
  });
});

describe('possible duplicates', () => {
  // A spot of its own for each run, so that only this file's reports are near it.
  const base = { latitude: -12.79 + Math.random() * 0.02, longitude: 45.2 + Math.random() * 0.02 };
  const at = (metresNorth: number) => ({ latitude: base.latitude + metresNorth / 111_320, longitude: base.longitude });
  const type = 'Mobilier urbain';

  async function report(metresNorth: number, overrides: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/reports', { token: await admin(), body: { data: reportData({ type, subType: null, ...at(metresNorth), ...overrides }) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  it('finds open reports of the same type within the settings’ radius, nearest first, for a point being typed and for a report', async () => {
    const near = await report(20);
    const nearer = await report(8);
    const far = await report(400);
    const otherType = await report(5, { type: 'Voirie', subType: 'Nid-de-poule' });
    const closed = await report(10, { report_status: 'resolu' });

    const token = await tokenOf('operator');
    const point = await call('GET', `/api/reports/nearby?latitude=${base.latitude}&longitude=${base.longitude}&type=${encodeURIComponent(type)}`, { token });
    expect(point.status, JSON.stringify(point.body)).toBe(200);
    const ids = point.body.data.map((r: any) => r.documentId);
    expect(ids.indexOf(nearer.documentId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(nearer.documentId)).toBeLessThan(ids.indexOf(near.documentId));
    for (const absent of [far, otherType, closed]) expect(ids).not.toContain(absent.documentId);
    expect(point.body.data.find((r: any) => r.documentId === nearer.documentId)).toMatchObject({ distance: 8, reference: nearer.reference, report_status: 'nouveau' });

    const ofReport = await call('GET', `/api/reports/${near.documentId}/nearby`, { token });
    expect(ofReport.status).toBe(200);
    expect(ofReport.body.data.map((r: any) => r.documentId)).toContain(nearer.documentId);
    expect(ofReport.body.data.map((r: any) => r.documentId)).not.toContain(near.documentId);

    // A wider radius in the settings reaches the far one.
    await setSettings({ duplicateRadiusMeters: 500 });
    const wider = await call('GET', `/api/reports/${near.documentId}/nearby`, { token });
    expect(wider.body.data.map((r: any) => r.documentId)).toContain(far.documentId);
    await setSettings({ duplicateRadiusMeters: DEFAULT_SETTINGS.duplicateRadiusMeters });

    const bad = await call('GET', `/api/reports/nearby?latitude=abc&longitude=45&type=${encodeURIComponent(type)}`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('latitude et longitude : nombres attendus');
    expect((await call('GET', '/api/reports/inconnu123/nearby', { token })).status).toBe(404);
  });

  it('marks a report a duplicate: closed, a public note naming the original, its citizen now following the original', async () => {
    const original = await report(200);
    const follower = `${unique('doublon')}@exemple.test`;
    const duplicate = await report(210, { citizenEmail: follower });
    const token = await tokenOf('operator');
    expect((await call('POST', `/api/reports/${duplicate.documentId}/duplicate`, { token: await tokenOf('author'), body: { original: original.documentId } })).status).toBe(403);
    const self = await call('POST', `/api/reports/${duplicate.documentId}/duplicate`, { token, body: { original: duplicate.documentId } });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('Un signalement ne peut pas être le doublon de lui-même');

    const res = await call('POST', `/api/reports/${duplicate.documentId}/duplicate`, { token, body: { original: original.documentId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ report_status: 'rejete', duplicateOf: original.documentId });
    // Private: the followers never leave the backend.
    expect(res.body.data.followers).toBeUndefined();
    const timeline = await call('GET', `/api/report-updates?filters[report][$eq]=${duplicate.documentId}`, { token });
    expect(timeline.body.data.filter((l: any) => l.kind === 'reply').map((l: any) => l.text)).toEqual([
      `Ce signalement a déjà été fait : il est suivi sous la référence ${original.reference}. Vous serez informé(e) de son avancement.`,
    ]);

    // The original says so: its duplicates are listed by their link, and it counts the citizens who now follow it
    // (never their addresses).
    const duplicates = await call('GET', `/api/reports?filters[duplicateOf][$eq]=${original.documentId}&fields[0]=reference`, { token });
    expect(duplicates.body.data.map((r: any) => r.documentId)).toEqual([duplicate.documentId]);
    const followed = await call('GET', `/api/reports/${original.documentId}`, { token });
    expect(followed.body.data.followerCount).toBe(1);
    expect(followed.body.data.followers).toBeUndefined();
    expect(JSON.stringify(followed.body)).not.toContain(follower);

    // Once a duplicate, always pointed at the original: no chain.
    const third = await report(205);
    const chained = await call('POST', `/api/reports/${third.documentId}/duplicate`, { token, body: { original: duplicate.documentId } });
    expect(chained.status).toBe(400);
    expect(chained.body.error.message).toBe(`Ce signalement est lui-même un doublon de ${original.reference} : choisissez l’original`);
    // Nor can staff write the link or the followers themselves.
    const written = await call('PUT', `/api/reports/${third.documentId}`, { token, body: { data: { duplicateOf: original.documentId, followers: [{ email: 'x@exemple.test' }] } } });
    expect(written.status).toBe(200);
    expect(written.body.data.duplicateOf ?? null).toBeNull();
  });
});
