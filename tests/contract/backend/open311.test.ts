import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { REPORT_TYPES } from '../../../domain/vocabulary';
import { call, reportData, tokenOf } from '../support/api';
import { expectSameInXml, expectValid, open311 } from '../open311/client';
import * as schema from '../open311/schemas';

/**
 * The citizens' channel as an outside client speaks it: Open311 GeoReport v2 over HTTP, form posts,
 * every JSON answer validated against the GeoReport v2 schemas and its XML twin read back.
 */

const KAWENI = { lat: '-12.7598', long: '45.2221' };
let key = '';
let clientId = '';
const admin = () => tokenOf('admin');

async function newClient(name: string) {
  const res = await call('POST', '/api/open311-clients', { token: await admin(), body: { data: { name } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { documentId: string; apiKey: string; name: string };
}

async function staffReport(reference: string) {
  const res = await call('GET', `/api/reports?filters[reference][$eq]=${encodeURIComponent(reference)}`, { token: await admin() });
  return res.body.data[0];
}

beforeAll(async () => {
  const client = await newClient(`Application citoyenne ${Date.now()}`);
  key = client.apiKey;
  clientId = client.documentId;
});

describe('Open311 GeoReport v2: services', () => {
  it('discovery names this endpoint in both formats', async () => {
    const json = await open311('GET', 'discovery.json');
    expect(json.status).toBe(200);
    expectValid(schema.discovery, json.json, 'discovery');
    expect(json.json.endpoints[0].url).toMatch(/\/open311\/v2$/);
    const xml = await open311('GET', 'discovery.xml');
    expect(xml.type).toMatch(/^text\/xml/);
    expect(xml.xml.discovery.endpoints.endpoint[0].formats.format).toEqual(['text/xml', 'application/json']);
  });

  it('lists one service per report type of the settings, with stable codes, French names and groups', async () => {
    const json = await open311('GET', 'services.json');
    expect(json.status).toBe(200);
    expectValid(schema.services, json.json, 'services');
    expect(json.json.map((s: any) => s.service_name)).toEqual(REPORT_TYPES.map((t) => t.label));
    const lighting = json.json.find((s: any) => s.service_name === 'Éclairage public');
    expect(lighting).toMatchObject({ service_code: 'eclairage-public', metadata: true, type: 'realtime', group: 'Service Technique' });
    expect(json.json.find((s: any) => s.service_name === 'Autres')).toMatchObject({ service_code: 'autres', metadata: false });
    const xml = await open311('GET', 'services.xml');
    expectSameInXml(json.json, xml.xml.services.service);
  });

  it('describes a service: its sub-types as a single value list, optional as on the form', async () => {
    const json = await open311('GET', 'services/voirie.json');
    expect(json.status).toBe(200);
    expectValid(schema.serviceDefinition, json.json, 'service definition');
    expect(json.json.attributes).toHaveLength(1);
    expect(json.json.attributes[0]).toMatchObject({ code: 'sous_type', datatype: 'singlevaluelist', required: false, variable: true });
    expect(json.json.attributes[0].values.map((v: any) => v.key)).toEqual(REPORT_TYPES.find((t) => t.value === 'Voirie')!.subTypes);
    const xml = await open311('GET', 'services/voirie.xml');
    expect(xml.xml.service_definition.attributes.attribute[0].values.value.map((v: any) => v.key)).toEqual(json.json.attributes[0].values.map((v: any) => v.key));

    for (const format of ['json', 'xml']) {
      const unknown = await open311('GET', `services/inconnu.${format}`);
      expect(unknown.status).toBe(404);
      const errors = format === 'json' ? unknown.json : unknown.xml.errors.error.map((e: any) => ({ code: Number(e.code), description: e.description }));
      expectValid(schema.errors, errors, 'errors');
      expect(errors[0]).toEqual({ code: 404, description: 'Service inconnu : inconnu' });
    }
  });
});

describe('Open311 GeoReport v2: filing and reading requests', () => {
  it('files a report with a client key: its reference answered, its zone from the point, its source the client', async () => {
    const before = Date.now();
    const res = await open311('POST', 'requests.json', {
      api_key: key,
      jurisdiction_id: 'mamoudzou.yt',
      service_code: 'voirie',
      'attribute[sous_type]': 'Nid-de-poule',
      ...KAWENI,
      email: 'citoyen.open311@exemple.yt',
      first_name: 'Zaïnaba',
      last_name: 'Ali',
      phone: '+262 639 00 11 22',
      description: 'Un trou profond au milieu de la route, les scooters l’évitent au dernier moment.',
      media_url: 'https://photos.exemple.yt/trou.jpg',
    });
    expect(res.status, res.text).toBe(201);
    expectValid(schema.created, res.json, 'POST requests');
    const [{ service_request_id: reference, service_notice }] = res.json;
    expect(reference).toMatch(new RegExp(`^MZ-${new Date(before + 3 * 3600e3).getUTCFullYear()}-\\d{5,}$`));
    // Without the settings' automatic assignment the report has no service: the receipt names none.
    expect(service_notice).toBe(`Signalement ${reference} reçu par la mairie de Mamoudzou.`);

    const stored = await staffReport(reference);
    expect(stored).toMatchObject({
      type: 'Voirie',
      subType: 'Nid-de-poule',
      zone: 'Kawéni',
      // The settings ask for moderation by default: staff approve it first.
      report_status: 'a_valider',
      priority: 'normale',
      citizenName: 'Zaïnaba Ali',
      citizenEmail: 'citoyen.open311@exemple.yt',
      mediaUrl: 'https://photos.exemple.yt/trou.jpg',
      isPublic: true,
    });
    expect(stored.source).toMatch(/^Application citoyenne \d+$/);

    // Awaiting moderation, it is public by its reference only: nothing its citizen wrote yet.
    const pending = await open311('GET', `requests/${reference}.json`);
    expect(pending.status).toBe(200);
    expectValid(schema.requests, pending.json, 'GET request');
    expect(pending.json).toHaveLength(1);
    expect(pending.json[0]).toMatchObject({
      service_request_id: reference,
      status: 'open',
      service_code: 'voirie',
      service_name: 'Voirie',
      description: null,
      lat: null,
      long: null,
      media_url: null,
      status_notes: 'Signalement reçu, en cours de vérification par la mairie avant sa prise en charge.',
    });
    expect(pending.json[0].requested_datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    expectSameInXml(pending.json, (await open311('GET', `requests/${reference}.xml`)).xml.service_requests.request);

    // Approved, all of it.
    const approved = await call('POST', `/api/reports/${stored.documentId}/moderation`, { token: await tokenOf('operator'), body: { decision: 'approve' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const one = await open311('GET', `requests/${reference}.json`);
    expectValid(schema.requests, one.json, 'GET request');
    expect(one.json[0]).toMatchObject({
      service_request_id: reference,
      status: 'open',
      description: 'Un trou profond au milieu de la route, les scooters l’évitent au dernier moment.',
      lat: -12.7598,
      long: 45.2221,
      media_url: 'https://photos.exemple.yt/trou.jpg',
      zipcode: '97600',
      agency_responsible: null,
    });
    const xml = await open311('GET', `requests/${reference}.xml`);
    expectSameInXml(one.json, xml.xml.service_requests.request);
    // The staff's audit log names the client.
    const audit = await call('GET', `/api/audit-logs?filters[resourceId][$eq]=${reference}`, { token: await admin() });
    expect(audit.body.data.map((e: any) => e.userName)).toContain(`Open311 : ${stored.source}`);
  });

  it('with automatic assignment, the report goes to its type’s service: the receipt and agency_responsible name it', async () => {
    const token = await admin();
    expect((await call('PUT', '/api/setting', { token, body: { data: { autoAssignSignalements: true } } })).status).toBe(200);
    try {
      const res = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: 'Trottoir défoncé' });
      expect(res.status, res.text).toBe(201);
      const [{ service_request_id: reference, service_notice }] = res.json;
      expect(service_notice).toBe(`Signalement ${reference} reçu par la mairie de Mamoudzou ; service chargé : Service Technique.`);
      const stored = await staffReport(reference);
      expect(stored.service).toBe('Service Technique');
      expect((await call('POST', `/api/reports/${stored.documentId}/moderation`, { token: await tokenOf('operator'), body: { decision: 'approve' } })).status).toBe(200);
      expect((await open311('GET', `requests/${reference}.json`)).json[0].agency_responsible).toBe('Service Technique');
    } finally {
      await call('PUT', '/api/setting', { token, body: { data: { autoAssignSignalements: false } } });
    }
  });

  it('files in XML too, with an address instead of a point', async () => {
    const res = await open311('POST', 'requests.xml', { api_key: key, service_code: 'proprete', address_string: '12 rue du stade, Cavani', description: 'Sacs de déchets' });
    expect(res.status, res.text).toBe(201);
    const reference = res.xml.service_requests.request[0].service_request_id;
    expect(await staffReport(reference)).toMatchObject({ type: 'Propreté', zone: 'Cavani', address: '12 rue du stade, Cavani' });
  });

  it('refuses in French what it cannot file, and stores nothing', async () => {
    const count = async () => (await call('GET', '/api/reports?pagination[pageSize]=1', { token: await admin() })).body.meta.pagination.total;
    const before = await count();
    const base = { api_key: key, service_code: 'voirie', ...KAWENI, description: 'Un trou' };
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ ...base, api_key: '' }, 403, /^Clé d'API requise/],
      [{ ...base, api_key: 'mz311_inventee' }, 403, /^Clé d'API inconnue ou révoquée/],
      [{ ...base, service_code: 'inconnu' }, 404, /^Service inconnu/],
      [{ ...base, service_code: '' }, 400, /^service_code requis/],
      [{ api_key: key, service_code: 'voirie', description: 'Sans lieu' }, 400, /^Emplacement requis/],
      [{ ...base, lat: '48.8566', long: '2.3522' }, 400, /^Emplacement hors de la commune/],
      [{ ...base, description: 'x'.repeat(4001) }, 400, /au plus 4000 caractères/],
      [{ ...base, description: 'Voir <script>alert(1)</script>' }, 400, /ne peut pas contenir de HTML/],
      [{ ...base, media_url: 'javascript:alert(1)' }, 400, /^media_url/],
      [{ ...base, 'attribute[sous_type]': 'Lampadaire éteint' }, 400, /n'est pas un sous-type de « Voirie »/],
      [{ ...base, jurisdiction_id: 'paris.fr' }, 400, /^Juridiction inconnue/],
      [{ ...base, email: 'pas-un-email' }, 400, /^email/],
    ];
    for (const [params, status, message] of cases) {
      const res = await open311('POST', 'requests.json', params);
      expect(res.status, JSON.stringify(params).slice(0, 120)).toBe(status);
      expectValid(schema.errors, res.json, 'errors');
      expect(res.json[0].description).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('lists the public requests by service, status and period; a private one is in no answer', async () => {
    const filed = await open311('POST', 'requests.json', { api_key: key, service_code: 'eclairage-public', ...KAWENI, description: 'Lampadaire éteint' });
    const reference = filed.json[0].service_request_id;
    // Awaiting moderation, it is in no list; approved, it is.
    const pending = await open311('GET', 'requests.json', { service_code: 'eclairage-public' });
    expect(pending.json.map((r: any) => r.service_request_id)).not.toContain(reference);
    const approved = await call('POST', `/api/reports/${(await staffReport(reference)).documentId}/moderation`, { token: await tokenOf('operator'), body: { decision: 'approve' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const list = await open311('GET', 'requests.json', { service_code: 'eclairage-public' });
    expect(list.status).toBe(200);
    expectValid(schema.requests, list.json, 'GET requests');
    expect(list.json.length).toBeGreaterThan(0);
    expect(list.json.every((r: any) => r.service_code === 'eclairage-public')).toBe(true);
    expect(list.json.map((r: any) => r.service_request_id)).toContain(reference);
    const closed = await open311('GET', 'requests.json', { status: 'closed' });
    expect(closed.json.length).toBeGreaterThan(0);
    expect(closed.json.every((r: any) => r.status === 'closed')).toBe(true);
    const listXml = await open311('GET', 'requests.xml', { service_code: 'eclairage-public' });
    expectSameInXml(list.json, listXml.xml.service_requests.request);

    const tooLong = await open311('GET', 'requests.json', { start_date: '2026-01-01T00:00:00+03:00', end_date: '2026-06-01T00:00:00+03:00' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json[0].description).toMatch(/^Période trop longue : au plus 90 jours/);

    // Staff keep it out of public answers.
    const stored = await staffReport(reference);
    expect((await call('PUT', `/api/reports/${stored.documentId}`, { token: await tokenOf('operator'), body: { data: { isPublic: false } } })).status).toBe(200);
    expect((await open311('GET', `requests/${reference}.json`)).status).toBe(404);
    const again = await open311('GET', 'requests.json', { service_code: 'eclairage-public' });
    expect(again.json.map((r: any) => r.service_request_id)).not.toContain(reference);
  });

  it('a list of service_request_id overrides the other arguments; service_code takes a list; attribute[code][] is refused in French', async () => {
    const filed = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: 'Chaussée fissurée' });
    const reference = filed.json[0].service_request_id;
    expect((await call('POST', `/api/reports/${(await staffReport(reference)).documentId}/moderation`, { token: await tokenOf('operator'), body: { decision: 'approve' } })).status).toBe(200);
    // GeoReport v2: « This overrides all other arguments »: a status and another service would leave it out.
    const byId = await open311('GET', 'requests.json', { service_request_id: reference, status: 'closed', service_code: 'proprete' });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.json.map((r: any) => r.service_request_id)).toEqual([reference]);
    // Several services, as Chicago's and Austin's clients ask; an unknown one among them is named.
    const two = await open311('GET', 'requests.json', { service_code: 'voirie,eclairage-public' });
    expect(two.status, two.text).toBe(200);
    expect(two.json.map((r: any) => r.service_request_id)).toContain(reference);
    expect(new Set(two.json.map((r: any) => r.service_code))).toEqual(new Set(['voirie', 'eclairage-public']));
    const unknown = await open311('GET', 'requests.json', { service_code: 'voirie,inconnu' });
    expect(unknown.status).toBe(404);
    expect(unknown.json[0].description).toBe('Service inconnu : inconnu');
    // An attribute given as a list is not stored without its value: refused, nothing filed.
    const listed = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: `Liste ${Date.now()}`, 'attribute[sous_type][]': 'Nid-de-poule' });
    expect(listed.status).toBe(400);
    expect(listed.json[0].description).toBe('attribute[sous_type] : une seule valeur attendue (champ répété ou imbriqué refusé)');
  });

  it('servicerequestupdates says each line’s status at its time: a receipt is open, the resolution closed', async () => {
    const filed = await open311('POST', 'requests.json', { api_key: key, service_code: 'proprete', ...KAWENI, description: 'Dépôt sauvage' });
    const reference = filed.json[0].service_request_id;
    const { documentId } = await staffReport(reference);
    const operator = await tokenOf('operator');
    expect((await call('POST', `/api/reports/${documentId}/moderation`, { token: operator, body: { decision: 'approve' } })).status).toBe(200);
    expect((await call('POST', '/api/report-updates', { token: operator, body: { data: { report: documentId, text: 'Enlèvement prévu jeudi.', public: true } } })).status).toBe(201);
    expect((await call('PUT', `/api/reports/${documentId}`, { token: operator, body: { data: { report_status: 'resolu' } } })).status).toBe(200);
    const lines = (await open311('GET', 'servicerequestupdates.json')).json.filter((u: any) => u.service_request_id === reference);
    expect(lines.map((u: any) => [u.description, u.status])).toEqual([
      ['Signalement reçu', 'open'],
      ['Statut : Nouveau', 'open'],
      ['Enlèvement prévu jeudi.', 'open'],
      ['Statut : Résolu', 'closed'],
    ]);
    // The demo data's receipts too: none is closed on the day it was received.
    const all = (await open311('GET', 'servicerequestupdates.json')).json as { description: string; status: string }[];
    expect(all.filter((u) => u.description === 'Signalement reçu' && u.status === 'closed')).toEqual([]);
  });

  it('never shows a citizen’s name, e-mail or phone, an internal note or an assignee', async () => {
    const staff = await call('GET', '/api/reports?pagination[pageSize]=200&fields[0]=citizenName&fields[1]=citizenEmail&fields[2]=citizenPhone&fields[3]=assignedTo&fields[4]=internalNotes', { token: await admin() });
    const secrets = new Set<string>();
    for (const r of staff.body.data) {
      for (const value of [r.citizenName, r.citizenEmail, r.citizenPhone, r.assignedTo, ...(Array.isArray(r.internalNotes) ? r.internalNotes : [])]) if (typeof value === 'string' && value.length > 3) secrets.add(value);
    }
    expect(secrets.size).toBeGreaterThan(20);
    const answers = await Promise.all([
      open311('GET', 'requests.json'),
      open311('GET', 'requests.xml'),
      open311('GET', 'requests.json', { status: 'closed' }),
      open311('GET', 'services.json'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const leaked = [...secrets].filter((secret) => answer.text.includes(secret) || answer.text.includes(JSON.stringify(secret).slice(1, -1)));
      expect(leaked).toEqual([]);
    }
    expect(answers[0].json.length).toBeGreaterThan(20);
  });
});

describe('Open311 clients and references', () => {
  afterAll(async () => {
    await call('PUT', '/api/setting', { token: await admin(), body: { data: { open311RateLimit: DEFAULT_SETTINGS.open311RateLimit } } });
  });

  it('administrators create a client (its key shown once), list them without keys, revoke one; others may not', async () => {
    const list = await call('GET', '/api/open311-clients', { token: await admin() });
    expect(list.status).toBe(200);
    const mine = list.body.data.find((c: any) => c.documentId === clientId);
    expect(mine).toMatchObject({ keyStart: key.slice(0, 12), revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(JSON.stringify(list.body)).not.toMatch(/keyHash|apiKey/);
    expect(list.body.data.map((c: any) => c.name)).toContain('Application citoyenne (démo)');

    const editor = await tokenOf('editor');
    expect((await call('POST', '/api/open311-clients', { token: editor, body: { data: { name: 'Intrus' } } })).status).toBe(403);
    expect((await call('GET', '/api/open311-clients', { token: await tokenOf('operator') })).status).toBe(403);
    const unnamed = await call('POST', '/api/open311-clients', { token: await admin(), body: { data: { name: ' ' } } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.message).toBe('Le nom du client est requis');

    const doomed = await newClient('Site de la ville (essai)');
    const ok = await open311('POST', 'requests.json', { api_key: doomed.apiKey, service_code: 'autres', ...KAWENI, description: 'Essai' });
    expect(ok.status).toBe(201);
    const revoked = await call('DELETE', `/api/open311-clients/${doomed.documentId}`, { token: await admin() });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).toBeTruthy();
    const refused = await open311('POST', 'requests.json', { api_key: doomed.apiKey, service_code: 'autres', ...KAWENI, description: 'Essai' });
    expect(refused.status).toBe(403);
    expect(refused.json[0].description).toBe("Clé d'API inconnue ou révoquée.");
  });

  it('limits each client to the settings’ requests per minute (429)', async () => {
    expect((await call('PUT', '/api/setting', { token: await admin(), body: { data: { open311RateLimit: 3 } } })).status).toBe(200);
    const limited = await newClient('Client pressé');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await open311('GET', 'services.json', { api_key: limited.apiKey })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await open311('GET', 'services.json', { api_key: limited.apiKey });
    expect(refused.json[0]).toEqual({ code: 429, description: 'Trop de requêtes : au plus 3 par minute pour ce client. Réessayez dans une minute.' });
  });

  it('a report typed by staff gets its reference too, searchable; a client cannot set one', async () => {
    const created = await call('POST', '/api/reports', { token: await tokenOf('operator'), body: { data: reportData({ reference: 'MZ-1999-00001', source: 'Faux' }) } });
    expect(created.status).toBe(201);
    const { reference, source } = created.body.data;
    expect(reference).toMatch(/^MZ-\d{4}-\d{5,}$/);
    expect(source).toBe('Back-office');
    const found = await call('GET', `/api/reports?search=${encodeURIComponent(reference.toLowerCase())}`, { token: await tokenOf('operator') });
    expect(found.body.data.map((r: any) => r.reference)).toEqual([reference]);
  });
});
