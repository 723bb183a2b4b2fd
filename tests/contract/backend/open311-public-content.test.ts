import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { call, DEMO_ACCOUNTS, logIn, reportData, unique, type CallOptions } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';
import { expectSameInXml, expectValid, expectWellFormedXml, open311 as open311At } from '../open311/client';
import * as schema from '../open311/schemas';

/**
 * The citizens' channel against a hostile client: what it accepts (no control character, one value per field,
 * a well-encoded address), what it publishes (a report's content once the town approved it, never a rejected
 * one's), and how much anyone may read without a key. This file's backend is its own: a test writes straight into
 * its database, as an older version or an import could have.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const Database = createRequire(path.join(backendDir, 'package.json'))('better-sqlite3');

const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-open311-content-'));
const databaseFile = path.join(dir, 'data.db');
let backend: RunningBackend;
let key = '';

const KAWENI = { lat: '-12.7598', long: '45.2221' };
const PENDING_NOTE = 'Signalement reçu, en cours de vérification par la mairie avant sa prise en charge.';
const api = (method: string, pathAndQuery: string, options: CallOptions = {}) => call(method, pathAndQuery, { ...options, baseUrl: backend.url });
const admin = () => logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
const open311 = (method: 'GET' | 'POST', address: string, params: Record<string, string> | [string, string][] = {}, from?: string) => open311At(method, address, params, backend.url, { from });

async function reportCount() {
  return (await api('GET', '/api/reports?pagination[pageSize]=1', { token: await admin() })).body.meta.pagination.total as number;
}

async function staffReport(reference: string) {
  return (await api('GET', `/api/reports?filters[reference][$eq]=${encodeURIComponent(reference)}`, { token: await admin() })).body.data[0];
}

async function file(params: Record<string, string>) {
  const res = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, ...params });
  expect(res.status, res.text).toBe(201);
  return res.json[0].service_request_id as string;
}

/** The JSON and XML answers of an address, each checked: the JSON against the schema, the XML well-formed and the same. */
async function bothFormats(address: string, params: Record<string, string> = {}) {
  const json = await open311('GET', `${address}.json`, params);
  const xml = await open311('GET', `${address}.xml`, params);
  expect(json.status, json.text).toBe(200);
  expect(xml.status).toBe(200);
  expectValid(schema.requests, json.json, address);
  expectWellFormedXml(xml.text);
  return { json, xml };
}

beforeAll(async () => {
  backend = await startBackend({ build: false, ...seededCopy(), sqliteFile: databaseFile });
  const client = await api('POST', '/api/open311-clients', { token: await admin(), body: { data: { name: `Client hostile ${Date.now()}` } } });
  expect(client.status).toBe(201);
  key = client.body.data.apiKey;
});
afterAll(async () => {
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('what the channel accepts', () => {
  it('refuses a control character or a bidi override in any field, a NUL included, with a French 400, and stores nothing', async () => {
    const before = await reportCount();
    const base = { api_key: key, service_code: 'voirie', ...KAWENI, description: 'Un trou' };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, description: 'Un trou\u0001' }, 'description : caractère interdit (U+0001)'],
      [{ ...base, description: 'Un trou\u0007 qui sonne' }, 'description : caractère interdit (U+0007)'],
      [{ ...base, description: '\u001b[31mURGENT\u001b[0m' }, 'description : caractère interdit (U+001B)'],
      // A NUL would cut the text short in some databases: refused, never silently shortened.
      [{ ...base, description: 'Un trou\u0000 et la suite' }, 'description : caractère interdit (U+0000)'],
      [{ ...base, description: 'Un trou\u007f' }, 'description : caractère interdit (U+007F)'],
      [{ ...base, description: 'Un trou\u0085' }, 'description : caractère interdit (U+0085)'],
      [{ ...base, description: 'Payez sur \u202Eexe.fdp' }, 'description : caractère interdit (U+202E)'],
      [{ ...base, address_string: 'Rue \u2066du stade\u2069', lat: '', long: '' }, 'address_string : caractère interdit (U+2066)'],
      [{ ...base, first_name: 'Zaïnaba\u0008' }, 'first_name : caractère interdit (U+0008)'],
      [{ ...base, 'attribute[sous_type]': 'Nid-de-poule\u0001' }, 'attribute[sous_type] : caractère interdit (U+0001)'],
    ];
    for (const [params, start] of cases) {
      for (const format of ['json', 'xml']) {
        const res = await open311('POST', `requests.${format}`, params);
        expect(res.status, JSON.stringify(params)).toBe(400);
        const errors = format === 'json' ? res.json : res.xml.errors.error.map((e: any) => ({ code: Number(e.code), description: e.description }));
        expectValid(schema.errors, errors, 'errors');
        expect(errors[0].description).toBe(`${start} : les caractères de contrôle et d'inversion du sens du texte ne sont pas acceptés`);
      }
    }
    expect(await reportCount()).toBe(before);
  });

  it('keeps tabs, line breaks and the marks of right-to-left writing', async () => {
    const description = 'Première ligne\nSeconde ligne\tfin\r\nمرحبا\u200F';
    const reference = await file({ description });
    expect((await staffReport(reference)).description).toBe(description);
  });

  it('refuses a field given twice or nested instead of reading one value or none', async () => {
    const before = await reportCount();
    const base: [string, string][] = [['api_key', key], ['service_code', 'voirie'], ['lat', KAWENI.lat], ['long', KAWENI.long]];
    const cases: [[string, string][], string][] = [
      [[...base, ['description', 'Un trou'], ['description', 'Un autre trou']], 'description'],
      [[...base, ['description[]', 'Un trou'], ['description[]', 'Un autre trou']], 'description'],
      [[...base, ['description[texte]', 'Un trou']], 'description'],
      [[...base, ['description', 'Un trou'], ['email', 'a@exemple.test'], ['email', 'b@exemple.test']], 'email'],
    ];
    for (const [params, field] of cases) {
      const res = await open311('POST', 'requests.json', params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.json[0].description).toBe(`${field} : une seule valeur attendue (champ répété ou imbriqué refusé)`);
    }
    expect(await reportCount()).toBe(before);
    const read = await open311('GET', 'requests.xml', [['status', 'open'], ['status', 'closed']]);
    expect(read.status).toBe(400);
    expectWellFormedXml(read.text);
    expect(read.xml.errors.error[0].description).toBe('status : une seule valeur attendue (champ répété ou imbriqué refusé)');
  });

  it('answers a malformed percent-encoding or an encoded control character in its address with a French 400', async () => {
    for (const address of ['requests/%E0%A4%A', 'requests/MZ-2026-%ZZ', 'services/%C3', 'requests/%01']) {
      for (const format of ['json', 'xml']) {
        const res = await open311('GET', `${address}.${format}`);
        expect(res.status, `${address}.${format}: ${res.text}`).toBe(400);
        const errors = format === 'json' ? res.json : res.xml.errors.error.map((e: any) => ({ code: Number(e.code), description: e.description }));
        expectValid(schema.errors, errors, 'errors');
        expect(errors[0].description).toMatch(
          address.endsWith('%01') ? /^service_request_id : caractère interdit \(U\+0001\)/ : /^Adresse mal encodée : chaque « % » doit être suivi de deux chiffres hexadécimaux/,
        );
      }
    }
  });

  it('tells a key holder only that an address reached its monthly limit, not how many reports it sent', async () => {
    expect((await api('PUT', '/api/setting', { token: await admin(), body: { data: { maxSignalementsPerUser: 2 } } })).status).toBe(200);
    try {
      const email = `${unique('voisin')}@exemple.test`;
      await file({ description: 'Premier', email });
      await file({ description: 'Second', email });
      const refused = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: 'Troisième', email });
      expect(refused.status).toBe(400);
      expect(refused.json[0].description).toBe('Limite mensuelle atteinte pour cette adresse e-mail : au plus 2 signalements par personne et par mois.');
    } finally {
      await api('PUT', '/api/setting', { token: await admin(), body: { data: { maxSignalementsPerUser: DEFAULT_SETTINGS.maxSignalementsPerUser } } });
    }
  });
});

describe('what the channel publishes', () => {
  it('an approved report whose text holds control characters, written straight into the database, still gives well-formed XML', async () => {
    const created = await api('POST', '/api/reports', { token: await admin(), body: { data: reportData() } });
    expect(created.status).toBe(201);
    const { documentId, reference } = created.body.data;
    // Characters XML 1.0 cannot hold, even escaped, and a bidi override, which it can.
    const stored = 'Trou\u0001 profond\u0007, \u001b[1mdanger\u001b[0m \u202Eici\uFFFE.';
    const db = new Database(databaseFile);
    db.prepare('UPDATE reports SET description = ?, address = ? WHERE document_id = ?').run(stored, 'Rue\u000c du stade', documentId);
    db.close();

    const one = await bothFormats(`requests/${reference}`);
    expect(one.json.json[0].description).toBe(stored);
    // The XML drops what XML cannot hold and keeps the rest: the JSON's values otherwise.
    const xmlText = (value: unknown) => (typeof value === 'string' ? value.replace(/[\u0001\u0007\u000c\u001b\uFFFE]/g, '') : value);
    const expected = one.json.json.map((request: Record<string, unknown>) => Object.fromEntries(Object.entries(request).map(([name, value]) => [name, xmlText(value)])));
    expectSameInXml(expected, one.xml.xml.service_requests.request);
    expect(one.xml.xml.service_requests.request[0].description).toBe('Trou profond, [1mdanger[0m \u202Eici.');
    // The lists that hold it, whole: one report must not break the answer for every client.
    await bothFormats('requests', { service_request_id: reference });
    const all = await bothFormats('requests');
    expect(all.json.json.map((r: any) => r.service_request_id)).toContain(reference);
  });

  it('shows a report awaiting moderation only by its reference, its category, its dates and the note: nothing its citizen wrote', async () => {
    const description = `Ma voisine ${unique()} est absente, la clé est sous le pot`;
    const reference = await file({ description, address_string: '3 impasse des Manguiers, Kawéni', media_url: 'https://photos.exemple.yt/porte.jpg' });
    const { json, xml } = await bothFormats(`requests/${reference}`);
    expect(json.json).toHaveLength(1);
    expect(json.json[0]).toMatchObject({
      service_request_id: reference,
      status: 'open',
      status_notes: PENDING_NOTE,
      service_code: 'voirie',
      service_name: 'Voirie',
      description: null,
      address: null,
      lat: null,
      long: null,
      media_url: null,
      agency_responsible: null,
    });
    expectSameInXml(json.json, xml.xml.service_requests.request);
    for (const text of [json.text, xml.text]) {
      expect(text).not.toContain('Ma voisine');
      expect(text).not.toContain('Manguiers');
      expect(text).not.toContain('porte.jpg');
      expect(text).not.toContain('-12.7598');
    }
  });

  it('a report rejected at moderation is listed closed with the reason, without anything its citizen wrote', async () => {
    const description = `URGENT ${unique()} votre compte est suspendu, régularisez sur http://arnaque.example/payer`;
    const reference = await file({ description, address_string: 'http://arnaque.example/adresse', media_url: 'http://arnaque.example/photo.jpg' });
    const { documentId } = await staffReport(reference);
    const operator = await logIn(DEMO_ACCOUNTS.operator.email, DEMO_ACCOUNTS.operator.password, { baseUrl: backend.url });
    const reason = DEFAULT_SETTINGS.signalementRejectionReasons[0];
    const rejected = await api('POST', `/api/reports/${documentId}/moderation`, { token: operator, body: { decision: 'reject', reason } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    // Its citizen follows it by its reference: closed, and why.
    const one = await bothFormats(`requests/${reference}`);
    expect(one.json.json[0]).toMatchObject({ service_request_id: reference, status: 'closed', status_notes: reason, description: null, address: null, lat: null, long: null, media_url: null });
    const byReference = await bothFormats('requests', { service_request_id: reference });
    expect(byReference.json.json).toEqual(one.json.json);
    const closed = await bothFormats('requests', { status: 'closed' });
    expect(closed.json.json.find((r: any) => r.service_request_id === reference)).toMatchObject({ status: 'closed', description: null });
    const updates = await open311('GET', 'servicerequestupdates.json');
    expect(updates.json.filter((u: any) => u.service_request_id === reference).map((u: any) => u.description)).toContain(reason);
    for (const answer of [one.json, one.xml, byReference.json, closed.json, closed.xml, updates]) expect(answer.text).not.toContain('arnaque.example');
  });
});

describe('how much anyone reads without a key', () => {
  it('each address reads at most 60 times a minute without a key (429 in French, in both formats); another address and a client with its key are served', async () => {
    const reader = '127.0.0.2';
    const answers = await Promise.all(Array.from({ length: 70 }, () => open311('GET', 'services.json', {}, reader)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.status === 429)!;
    expectValid(schema.errors, refused.json, 'errors');
    expect(refused.json[0]).toEqual({
      code: 429,
      description: "Trop de requêtes : au plus 60 par minute par adresse sans clé d'API. Réessayez dans une minute, ou demandez une clé à la mairie.",
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    const asXml = await open311('GET', 'requests.xml', {}, reader);
    expect(asXml.status).toBe(429);
    expectWellFormedXml(asXml.text);
    expect(asXml.xml.errors.error[0].code).toBe('429');

    expect((await open311('GET', 'services.json', {}, '127.0.0.3')).status).toBe(200);
    expect((await open311('GET', 'services.json', { api_key: key }, reader)).status).toBe(200);
  });
});
