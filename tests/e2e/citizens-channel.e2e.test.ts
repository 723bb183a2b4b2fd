import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_OPEN311_CLIENT } from '../../domain/open311';
import { launch, logIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * The citizens' loop, end to end: a citizen's app files a report through Open311 with the demo key;
 * it appears in the Operator's open list in real time, awaiting moderation; the Operator approves it
 * and answers the citizen; Open311 then returns that answer as the request's status_notes.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open311(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}) {
  const form = new URLSearchParams(params).toString();
  const res = await fetch(`${apiUrl}/open311/v2/${path}${method === 'GET' && form ? `?${form}` : ''}`, {
    method,
    ...(method === 'POST' ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form } : {}),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('a report from the citizens’ app', () => {
  it('appears in real time awaiting moderation, is approved and answered, and Open311 returns the answer', async () => {
    const { page, errors } = await openPage(browser);
    // The app's socket connects after its first screen; a report filed before that sends this page no event.
    const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 60_000 });
    await logIn(page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements');
    await page.locator('tbody tr').first().waitFor();
    await socket;

    const words = `Grille d’égout arrachée e2e ${Date.now().toString(36)}`;
    const filed = await open311('POST', 'requests.json', {
      api_key: DEMO_OPEN311_CLIENT.key,
      service_code: 'voirie',
      lat: '-12.7812',
      long: '45.2301',
      description: words,
      email: 'citoyenne.e2e@exemple.yt',
    });
    expect(filed.status).toBe(201);
    const reference = filed.json[0].service_request_id as string;

    // No reload: the list follows the backend's real-time events.
    const row = page.locator('tbody tr', { hasText: words });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText('À valider').waitFor();
    await row.getByText(reference).waitFor();
    await page.getByRole('link', { name: /^Signalements\s*\(\d+ signalement\(s\) à valider\)$/ }).waitFor();

    await row.getByText(words).first().click();
    const detail = page.getByRole('dialog', { name: new RegExp(words) });
    const panel = detail.getByRole('region', { name: 'Signalement à valider' });
    await panel.waitFor();
    await screenshot(page, 'citizens-channel-moderation');
    expect(await seriousViolations(page)).toEqual([]);
    // Before approval, Open311 lists do not show it.
    expect((await open311('GET', 'requests.json', { service_code: 'voirie' })).json.map((r: any) => r.service_request_id)).not.toContain(reference);

    await panel.getByRole('button', { name: 'Approuver' }).click();
    await page.getByText('Signalement approuvé : il est maintenant « Nouveau ».').waitFor();
    await panel.waitFor({ state: 'detached' });

    const answer = 'Merci : une équipe remet la grille en place demain matin.';
    await detail.getByRole('textbox', { name: 'Écrire' }).fill(answer);
    await detail.getByRole('button', { name: 'Répondre au citoyen' }).click();
    await page.getByText('Réponse ajoutée au suivi').waitFor();
    await detail.getByRole('list', { name: 'Suivi' }).getByText(answer).waitFor();
    await screenshot(page, 'citizens-channel-answered');

    const one = await open311('GET', `requests/${reference}.json`);
    expect(one.json[0]).toMatchObject({ service_request_id: reference, status: 'open', status_notes: answer });
    const listed = await open311('GET', 'requests.json', { service_code: 'voirie' });
    expect(listed.json.map((r: any) => r.service_request_id)).toContain(reference);
    expect(errors).toEqual([]);
  });
});
