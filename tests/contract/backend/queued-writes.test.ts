import { describe, expect, it } from 'vitest';
import { call, reportData, tokenOf, unique } from '../support/api';

/**
 * What a phone queued offline is sent when the network returns, perhaps twice (the answer was lost):
 * each write carries an Idempotency-Key and is done once; a change made from an older version of the
 * report (If-Match: the updatedAt the agent saw) is refused, never written over the newer one.
 */

const timelineOf = async (report: string) => {
  const res = await call('GET', `/api/report-updates?filters[report][$eq]=${report}&pagination[pageSize]=100`, { token: await tokenOf('operator') });
  expect(res.status).toBe(200);
  return res.body.data as { kind: string; text: string | null; statusAfter: string | null }[];
};

const newReport = async (token: string) => {
  const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
  expect(created.status).toBe(201);
  // As the agent's phone read it.
  const read = await call('GET', `/api/reports/${created.body.data.documentId}`, { token });
  return read.body.data as { documentId: string; updatedAt: string };
};

describe('a phone’s queued writes', () => {
  it('a status change sent twice with its key: the first answer again, one change on the timeline', async () => {
    const token = await tokenOf('operator');
    const { documentId, updatedAt } = await newReport(token);
    const headers = { 'Idempotency-Key': `status-${unique()}`, 'If-Match': `"${updatedAt}"` };
    const body = { data: { report_status: 'en_cours' } };
    const first = await call('PUT', `/api/reports/${documentId}`, { token, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call('PUT', `/api/reports/${documentId}`, { token, body, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.updatedAt).toBe(first.body.data.updatedAt);
    const changes = (await timelineOf(documentId)).filter((line) => line.kind === 'status');
    expect(changes.map((line) => line.statusAfter)).toEqual(['en_cours']);
  });

  it('a change replayed after someone else changed the report answers the version this change left, not the newer one', async () => {
    const token = await tokenOf('operator');
    const { documentId, updatedAt } = await newReport(token);
    const headers = { 'Idempotency-Key': `replayed-${unique()}`, 'If-Match': `"${updatedAt}"` };
    const body = { data: { report_status: 'en_cours' } };
    const first = await call('PUT', `/api/reports/${documentId}`, { token, body, headers });
    expect(first.status).toBe(200);
    const meanwhile = await call('PUT', `/api/reports/${documentId}`, { token: await tokenOf('editor'), body: { data: { report_status: 'en_attente' } } });
    expect(meanwhile.status).toBe(200);
    // The phone's queue chains its next change on the version its own change left: a newer one it never saw
    // would let that next change go over the colleague's.
    const again = await call('PUT', `/api/reports/${documentId}`, { token, body, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual({ documentId, updatedAt: first.body.data.updatedAt });
    const next = await call('PUT', `/api/reports/${documentId}`, { token, body: { data: { priority: 'basse' } }, headers: { 'If-Match': `"${again.body.data.updatedAt}"` } });
    expect(next.status).toBe(412);
  });

  it('a refused change is not kept under its key: sent again, it is checked again, not answered from the key', async () => {
    const token = await tokenOf('operator');
    const { documentId, updatedAt: seen } = await newReport(token);
    expect((await call('PUT', `/api/reports/${documentId}`, { token: await tokenOf('editor'), body: { data: { priority: 'basse' } } })).status).toBe(200);
    const headers = { 'Idempotency-Key': `refused-${unique()}`, 'If-Match': `"${seen}"` };
    const body = { data: { report_status: 'en_cours' } };
    expect((await call('PUT', `/api/reports/${documentId}`, { token, body, headers })).status).toBe(412);
    const again = await call('PUT', `/api/reports/${documentId}`, { token, body, headers });
    expect(again.status).toBe(412);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a report’s creation answers the version it is stored at: a change sent from that answer goes through', async () => {
    const token = await tokenOf('operator');
    const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    expect(created.status).toBe(201);
    const read = await call('GET', `/api/reports/${created.body.data.documentId}`, { token });
    expect(created.body.data.updatedAt).toBe(read.body.data.updatedAt);
    const changed = await call('PUT', `/api/reports/${created.body.data.documentId}`, {
      token,
      body: { data: { report_status: 'en_cours' } },
      headers: { 'If-Match': `"${created.body.data.updatedAt}"` },
    });
    expect(changed.status).toBe(200);
  });

  it('a note sent twice with its key is one line of the timeline', async () => {
    const token = await tokenOf('operator');
    const { documentId } = await newReport(token);
    const text = `Lampadaire remplacé ${unique()}`;
    const headers = { 'Idempotency-Key': `note-${unique()}` };
    const body = { data: { report: documentId, text, public: false } };
    const first = await call('POST', '/api/report-updates', { token, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await call('POST', '/api/report-updates', { token, body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await timelineOf(documentId)).filter((line) => line.text === text)).toHaveLength(1);
  });

  it('a key belongs to its route: the same key on another report’s change is another write', async () => {
    const token = await tokenOf('operator');
    const a = await newReport(token);
    const b = await newReport(token);
    const key = `shared-${unique()}`;
    const body = { data: { report_status: 'en_attente' } };
    expect((await call('PUT', `/api/reports/${a.documentId}`, { token, body, headers: { 'Idempotency-Key': key } })).status).toBe(200);
    const other = await call('PUT', `/api/reports/${b.documentId}`, { token, body, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.data.documentId).toBe(b.documentId);
  });

  it('a change from an older version is refused in French and the newer one stays', async () => {
    const token = await tokenOf('operator');
    const { documentId, updatedAt: seen } = await newReport(token);
    // Someone else changes the report meanwhile.
    const meanwhile = await call('PUT', `/api/reports/${documentId}`, { token: await tokenOf('editor'), body: { data: { report_status: 'en_attente' } } });
    expect(meanwhile.status).toBe(200);
    const late = await call('PUT', `/api/reports/${documentId}`, {
      token,
      body: { data: { report_status: 'resolu' } },
      headers: { 'Idempotency-Key': `late-${unique()}`, 'If-Match': `"${seen}"` },
    });
    expect(late.status).toBe(412);
    expect(late.body.error.message).toMatch(/^Ce signalement a été modifié le \d\d\/\d\d\/\d{4} \d\d:\d\d depuis que vous l'avez ouvert : votre modification n'a pas été appliquée\.$/);
    expect(late.body.error.details.updatedAt).toBe(meanwhile.body.data.updatedAt);
    const now = await call('GET', `/api/reports/${documentId}`, { token });
    expect(now.body.data.report_status).toBe('en_attente');
    // From the current version, the change goes through.
    const current = await call('PUT', `/api/reports/${documentId}`, { token, body: { data: { report_status: 'resolu' } }, headers: { 'If-Match': `"${now.body.data.updatedAt}"` } });
    expect(current.status).toBe(200);
    expect(current.body.data.report_status).toBe('resolu');
  });

  it('the browser may send the keys: CORS allows Idempotency-Key and If-Match', async () => {
    const res = await call('OPTIONS', '/api/reports/x', {
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key,if-match' },
    });
    expect(res.status).toBeLessThan(300);
    expect(String(res.headers.get('access-control-allow-headers')).toLowerCase()).toContain('idempotency-key');
    expect(String(res.headers.get('access-control-allow-headers')).toLowerCase()).toContain('if-match');
  });
});
