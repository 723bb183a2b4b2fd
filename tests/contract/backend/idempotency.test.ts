import { describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, reportData, tokenOf, unique } from '../support/api';
import { open311 } from '../open311/client';

/** A retried creation is done once: the same request sent again gets the first answer, never a second report. */

const countTitled = async (title: string) =>
  (await call('GET', `/api/reports?filters[title][$eq]=${encodeURIComponent(title)}&pagination[pageSize]=1`, { token: await tokenOf('admin') })).body.meta.pagination.total as number;

describe('idempotent retries', () => {
  it('POST /api/reports with the same Idempotency-Key: one report, the first answer given back', async () => {
    const token = await tokenOf('operator');
    const data = reportData();
    const key = `retry-${unique()}`;
    const first = await call('POST', '/api/reports', { token, body: { data }, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const again = await call('POST', '/api/reports', { token, body: { data }, headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.documentId).toBe(first.body.data.documentId);
    expect(again.body.data.reference).toBe(first.body.data.reference);
    expect(await countTitled(data.title)).toBe(1);

    const other = await call('POST', '/api/reports', { token, body: { data: { ...data, title: `${data.title} bis` } }, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body.error.message).toBe("Clé d'idempotence déjà utilisée pour une autre requête.");
  });

  it('a key belongs to the person, not the token: after a token refresh or a new login, the same key gives the first answer back', async () => {
    const { email, password } = DEMO_ACCOUNTS.operator;
    const first = await logIn(email, password);
    const data = reportData();
    const key = `phone-${unique()}`;
    const created = await call('POST', '/api/reports', { token: first, body: { data }, headers: { 'Idempotency-Key': key } });
    expect(created.status).toBe(201);
    // The phone refreshes its token before flushing its queue (its first try's answer was lost).
    const refreshed = await call('GET', '/api/auth/refresh-token', { token: first });
    expect(refreshed.status).toBe(200);
    const afterRefresh = await call('POST', '/api/reports', { token: refreshed.body.jwt, body: { data }, headers: { 'Idempotency-Key': key } });
    expect(afterRefresh.status).toBe(201);
    expect(afterRefresh.headers.get('idempotent-replayed')).toBe('true');
    expect(afterRefresh.body.data.documentId).toBe(created.body.data.documentId);
    // Or it logs in again.
    const afterLogin = await call('POST', '/api/reports', { token: await logIn(email, password), body: { data }, headers: { 'Idempotency-Key': key } });
    expect(afterLogin.status).toBe(201);
    expect(afterLogin.headers.get('idempotent-replayed')).toBe('true');
    expect(afterLogin.body.data.documentId).toBe(created.body.data.documentId);
    expect(await countTitled(data.title)).toBe(1);

    // Another person's same key is theirs: a report of their own.
    const colleague = await call('POST', '/api/reports', { token: await tokenOf('editor'), body: { data }, headers: { 'Idempotency-Key': key } });
    expect(colleague.status).toBe(201);
    expect(colleague.headers.get('idempotent-replayed')).toBeNull();
    expect(colleague.body.data.documentId).not.toBe(created.body.data.documentId);
  });

  it('two copies sent at once make one report', async () => {
    const token = await tokenOf('operator');
    const data = reportData();
    const key = `together-${unique()}`;
    const answers = await Promise.all([0, 1, 2].map(() => call('POST', '/api/reports', { token, body: { data }, headers: { 'Idempotency-Key': key } })));
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(await countTitled(data.title)).toBe(1);
  });

  it('a failed creation may be retried with its key (nothing was kept)', async () => {
    const token = await tokenOf('operator');
    const key = `failed-${unique()}`;
    const { address: _none, ...withoutAddress } = reportData();
    const refused = await call('POST', '/api/reports', { token, body: { data: withoutAddress }, headers: { 'Idempotency-Key': key } });
    expect(refused.status).toBe(400);
    const fixed = await call('POST', '/api/reports', { token, body: { data: withoutAddress }, headers: { 'Idempotency-Key': key } });
    expect(fixed.status).toBe(400);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('Open311: the same device’s same report within ten minutes is one report', async () => {
    const client = await call('POST', '/api/open311-clients', { token: await tokenOf('admin'), body: { data: { name: `Retries ${unique()}` } } });
    const key = client.body.data.apiKey;
    const params = { api_key: key, service_code: 'voirie', lat: '-12.7598', long: '45.2221', description: `Trou ${unique()}`, device_id: `phone-${unique()}` };
    const first = await open311('POST', 'requests.json', params);
    const again = await open311('POST', 'requests.json', params);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json[0].service_request_id).toBe(first.json[0].service_request_id);
    const another = await open311('POST', 'requests.json', { ...params, description: `${params.description} (autre)` });
    expect(another.json[0].service_request_id).not.toBe(first.json[0].service_request_id);
  });
});
