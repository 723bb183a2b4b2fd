import { describe, expect, it } from 'vitest';
import { call, reportData, tokenOf } from '../support/api';
import { expectValid, open311 } from '../open311/client';
import * as schema from '../open311/schemas';

/**
 * A report's timeline (/api/report-updates): the backend writes its receipt, status changes and
 * assignments; staff write public replies and internal notes. Only public lines leave the
 * back-office: Open311's status_notes (the latest reply) and servicerequestupdates.
 */

const timelineOf = async (report: string) => {
  const res = await call('GET', `/api/report-updates?filters[report][$eq]=${report}&pagination[pageSize]=100`, { token: await tokenOf('operator') });
  expect(res.status).toBe(200);
  return res.body.data as { kind: string; public: boolean; text: string | null; statusBefore: string | null; statusAfter: string | null; authorName: string | null }[];
};

describe('a report’s timeline', () => {
  it('follows its receipt, status changes and assignments, with replies and notes in order', async () => {
    const operator = await tokenOf('operator');
    const created = await call('POST', '/api/reports', { token: operator, body: { data: reportData() } });
    const { documentId, reference } = created.body.data;
    await call('PUT', `/api/reports/${documentId}`, { token: operator, body: { data: { report_status: 'en_cours', service: 'Service Technique', assignedTo: 'Agent Ali' } } });
    const reply = await call('POST', '/api/report-updates', { token: operator, body: { data: { report: documentId, text: 'Une équipe passera jeudi matin.', public: true } } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const note = await call('POST', '/api/report-updates', { token: operator, body: { data: { report: documentId, text: 'Prévoir la nacelle.', public: false } } });
    expect(note.status).toBe(201);

    const lines = await timelineOf(documentId);
    expect(lines.map((l) => [l.kind, l.public])).toEqual([
      ['created', true],
      ['status', true],
      ['assignment', false],
      ['reply', true],
      ['note', false],
    ]);
    expect(lines[0]).toMatchObject({ statusAfter: 'nouveau', authorName: 'Moussa Attoumani' }); // the demo Operator
    expect(lines[1]).toMatchObject({ statusBefore: 'nouveau', statusAfter: 'en_cours' });
    expect(lines[2].text).toBe('Service Technique · Agent Ali');
    expect(lines[3].text).toBe('Une équipe passera jeudi matin.');

    // Open311: the latest reply is the status notes; the updates carry the public lines only.
    const one = await open311('GET', `requests/${reference}.json`);
    expect(one.json[0].status_notes).toBe('Une équipe passera jeudi matin.');
    const updates = await open311('GET', 'servicerequestupdates.json');
    expect(updates.status).toBe(200);
    const mine = updates.json.filter((u: any) => u.service_request_id === reference);
    expect(mine.map((u: any) => u.description)).toEqual(['Signalement reçu', 'Statut : En cours', 'Une équipe passera jeudi matin.']);
    expect(mine.every((u: any) => u.status === 'open' && /\+03:00$/.test(u.updated_datetime))).toBe(true);
    expect(updates.text).not.toContain('Prévoir la nacelle.');
    expect(updates.text).not.toContain('Agent Ali');
    const xml = await open311('GET', 'servicerequestupdates.xml');
    expect(xml.text).toContain('<service_request_updates><request_update>');

    // Closing: status closed, and the reply stays the last word.
    await call('PUT', `/api/reports/${documentId}`, { token: operator, body: { data: { report_status: 'resolu' } } });
    const closed = await open311('GET', `requests/${reference}.json`);
    expectValid(schema.requests, closed.json);
    expect(closed.json[0]).toMatchObject({ status: 'closed', status_notes: 'Une équipe passera jeudi matin.' });
  });

  it('refuses an empty or too long text, an unknown report, and an Author (who reads reports only)', async () => {
    const operator = await tokenOf('operator');
    const created = await call('POST', '/api/reports', { token: operator, body: { data: reportData() } });
    const report = created.body.data.documentId;
    const empty = await call('POST', '/api/report-updates', { token: operator, body: { data: { report, text: '  ' } } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Le texte est requis');
    expect((await call('POST', '/api/report-updates', { token: operator, body: { data: { report, text: 'x'.repeat(4001) } } })).body.error.message).toBe('Au plus 4000 caractères');
    expect((await call('POST', '/api/report-updates', { token: operator, body: { data: { report: 'inconnu', text: 'Bonjour' } } })).status).toBe(404);
    expect((await call('POST', '/api/report-updates', { token: await tokenOf('author'), body: { data: { report, text: 'Bonjour' } } })).status).toBe(403);
    expect((await call('GET', `/api/report-updates?filters[report][$eq]=${report}`, { token: await tokenOf('author') })).status).toBe(200);
    // Deleting the report takes its lines.
    await call('DELETE', `/api/reports/${report}`, { token: await tokenOf('admin') });
    expect(await timelineOf(report)).toEqual([]);
  });
});
