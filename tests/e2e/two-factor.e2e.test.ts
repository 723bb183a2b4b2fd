import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TOKEN_KEY } from '../../src/providers/session';
import { totp } from '../contract/support/totp';
import { animationsDone, launch, logIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * Two-factor login as a person does it, in Chromium against `npm start`'s servers: an agent turns it
 * on in « Mon profil » (the key read on the screen, a code computed from it by the test's own
 * RFC 6238 function, as an authenticator app would), notes the recovery codes, logs out, and logs in
 * again with the password then a code; by the keyboard, checked with axe-core at each step. And the
 * roles' editor, looked at and checked (nothing saved: other files expect the five system roles).
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
let browser: Browser;
const stamp = Date.now().toString(36);
const agent = { username: `Agent Mtsapéré ${stamp}`, email: `deux-etapes-${stamp}@mairie.test`, password: 'Operateur2026!' };

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

beforeAll(async () => {
  browser = await launch();
  const admin = (await api('POST', '/api/auth/local', { identifier: 'admin@mairie.test', password: 'Admin123!' })).body.jwt as string;
  const roles = (await api('GET', '/api/users-permissions/roles', undefined, admin)).body.roles as { id: number; name: string }[];
  const created = await api('POST', '/api/users', { ...agent, confirmed: true, role: roles.find((r) => r.name === 'Operator')!.id, service: 'Police Municipale' }, admin);
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

async function toastsGone(page: Page) {
  await page.getByText('Connexion réussie').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

/** The code an authenticator app shows at `atMs` for the key shown on screen (spaces between groups). */
const codeFor = (key: string, atMs: number) => totp(key.replace(/\s/g, ''), atMs);
const STEP = 30_000;
/** The browser reports the refused wrong code (400) in its console, as any failed request: that one only. */
const WRONG_CODE_REFUSED = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';

describe('double authentification', () => {
  let key = '';
  let enabledStep = 0;

  it('an agent enrols in Mon profil: QR code and key on screen, a code from the key, ten recovery codes once', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, agent.email, agent.password, '/profil');
    const section = page.getByRole('region', { name: 'Double authentification' });
    await section.getByText('Non activée').waitFor();
    await toastsGone(page);
    await section.getByRole('button', { name: 'Activer la double authentification' }).focus();
    await page.keyboard.press('Enter');

    await section.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' }).waitFor();
    key = (await section.getByTestId('two-factor-key').textContent()) ?? '';
    expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    await screenshot(page, 'two-factor-profile-enrol');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'two-factor-profile-enrol-390');
    await page.setViewportSize({ width: 1366, height: 860 });

    // A wrong code first: the message, and the field again.
    const field = section.getByLabel('Code à 6 chiffres');
    const now = Date.now();
    const right = codeFor(key, now);
    await field.fill(right === '000000' ? '111111' : '000000');
    await field.press('Enter');
    await section.getByRole('alert').getByText(/^Code incorrect/).waitFor();

    enabledStep = Math.floor(Date.now() / STEP);
    await field.fill(codeFor(key, Date.now()));
    await field.press('Enter');
    const codesTitle = section.getByRole('heading', { name: 'Vos codes de secours' });
    await codesTitle.waitFor();
    await expect.poll(() => codesTitle.evaluate((el) => el === document.activeElement)).toBe(true);
    const codes = await section.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await screenshot(page, 'two-factor-profile-recovery-codes');
    expect(await seriousViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Terminer' }).click();
    await section.getByText('Codes de secours restants : 10 sur 10.').waitFor();
    expect(await section.getByText('Activée', { exact: true }).count()).toBe(1);
    await screenshot(page, 'two-factor-profile-enabled');
    expect(errors).toEqual([WRONG_CODE_REFUSED]);
    await page.context().close();
  });

  it('the agent logs in with the password, then a code computed from the key', async () => {
    expect(key, 'the enrolment ran').not.toBe('');
    const { page, errors } = await openPage(browser);
    await page.goto(`${spaUrl}/`);
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(agent.password);
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' }).waitFor();
    const field = page.getByLabel('Code de vérification');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // No session before the code.
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await screenshot(page, 'two-factor-login-step');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText(/^Code incorrect/).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'two-factor-login-step-390');
    await page.setViewportSize({ width: 1366, height: 860 });

    // A step after the one the enrolment used (each code works once), and within one step of now.
    const at = Math.max((enabledStep + 1) * STEP, Date.now());
    await field.fill(codeFor(key, at));
    await field.press('Enter');
    await page.getByText('Connexion réussie').waitFor();
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(errors).toEqual([WRONG_CODE_REFUSED]);
    await page.context().close();
  });

  it('an administrator opens the roles’ editor: the matrix as checkboxes, named for a screen reader', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'admin@mairie.test', 'Admin123!', '/utilisateurs?vue=roles');
    await toastsGone(page);
    await page.getByRole('button', { name: 'Nouveau rôle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau rôle' });
    await dialog.getByRole('checkbox', { name: 'Modification : Signalements' }).check();
    expect(await dialog.getByRole('checkbox', { name: 'Lecture : Signalements' }).isChecked()).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'roles-editor');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'roles-editor-390');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    // On a phone the matrices scroll inside their cards: the page itself is no wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
