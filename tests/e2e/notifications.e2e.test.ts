import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, logIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * Real time and search as staff live them, in Chromium against `npm start`'s servers: an administrator
 * watches the reports list while an operator files a report; the bell rises without a reload, the row
 * appears, the notification leads to the report. Ctrl+K finds an old report by an unaccented word.
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

async function apiToken(email: string, password: string) {
  const res = await fetch(`${apiUrl}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: email, password }) });
  return ((await res.json()) as { jwt: string }).jwt;
}

async function createReport(token: string, data: Record<string, unknown>) {
  const res = await fetch(`${apiUrl}/api/reports`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: { type: 'Voirie', description: 'Chaussée abîmée.', priority: 'normale', zone: 'Cavani', address: 'Rue du Port', ...data } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { documentId: string } }).data.documentId;
}

describe('real-time notifications', () => {
  it("an operator's new report reaches the administrator's bell and list within 2 s, and the notification leads to it", async () => {
    const watcher = await openPage(browser);
    await logIn(watcher.page, spaUrl, 'admin@mairie.test', 'Admin123!', '/signalements');
    await watcher.page.locator('tbody tr').first().waitFor();
    const bell = watcher.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // Start from nothing unread.
    await bell.click();
    const dropdown = watcher.page.getByRole('dialog', { name: 'Notifications' });
    await dropdown.waitFor();
    if (await dropdown.getByRole('button', { name: 'Tout marquer comme lu' }).count()) await dropdown.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await watcher.page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // Another browser: the operator files a report through the form.
    const filer = await openPage(browser);
    await logIn(filer.page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements/create');
    const title = `Arbre tombé e2e ${Date.now().toString(36)}`;
    const form = filer.page.getByRole('dialog', { name: 'Nouveau signalement' });
    await form.getByRole('textbox', { name: 'Titre du signalement', exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description détaillée', exact: true }).fill("Un manguier barre la route de l'école.");
    await form.getByRole('combobox', { name: 'Type', exact: true }).click();
    await filer.page.getByRole('option', { name: 'Espaces verts' }).click();
    await form.getByRole('combobox', { name: /^Priorité/ }).click();
    await filer.page.getByRole('option', { name: 'Critique' }).click();
    await form.getByRole('combobox', { name: /^Zone/ }).click();
    await filer.page.getByRole('option', { name: 'Mtsapéré' }).click();
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill("Route de l'école");
    await form.getByRole('button', { name: 'Créer le signalement' }).click();
    await filer.page.getByText('Le signalement a été créé avec succès.').waitFor();
    const saved = Date.now();

    // Without a reload, within 2 s of the save: the bell, the toast and the row.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000, interval: 50 }).toBe('Notifications, 1 non lue(s)');
    expect(Date.now() - saved).toBeLessThan(2000);
    await watcher.page.getByRole('cell').filter({ hasText: title }).first().waitFor();
    // Named by its short reference and title, never its internal id.
    const named = new RegExp(`^Signalement MZ-\\d{4}-\\d{5,} : ${title}$`);
    await watcher.page.getByText(named).first().waitFor();
    await bell.click();
    await dropdown.getByRole('button', { name: named }).waitFor();
    await screenshot(watcher.page, 'notifications-dropdown');
    expect(await seriousViolations(watcher.page)).toEqual([]);
    await dropdown.getByRole('button', { name: new RegExp(`: ${title}$`) }).click();
    await watcher.page.getByRole('dialog', { name: title }).getByText('Informations générales').waitFor();
    expect(watcher.page.url()).toMatch(/\/signalements\/[a-z0-9]+$/);
    // Opened, so read (the bell sits behind the dialog: closed first).
    await watcher.page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // The notification centre.
    await watcher.page.goto(`${spaUrl}/notifications`);
    await watcher.page.getByRole('tab', { name: /^Toutes/ }).waitFor();
    await watcher.page.getByRole('heading', { name: new RegExp(`: ${title}$`) }).waitFor();
    await screenshot(watcher.page, 'notifications-page');
    expect(await seriousViolations(watcher.page)).toEqual([]);
    expect(watcher.errors).toEqual([]);
    expect(filer.errors).toEqual([]);
    await watcher.page.context().close();
    await filer.page.context().close();
  });
});

describe('global search', () => {
  it('Ctrl+K finds a report filed before the last 100 by an unaccented word of its description', async () => {
    const token = await apiToken('operateur@mairie.test', 'Operateur123!');
    const tag = Date.now().toString(36);
    const target = await createReport(token, { title: `Dalle fissurée ${tag}`, description: `Une dalle fissurée près du préau de l'école ${tag}` });
    // 105 newer reports push it beyond the first 100 of any list.
    for (let i = 0; i < 105; i++) await createReport(token, { title: `Lot de recherche ${tag} ${i}` });

    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'editeur@mairie.test', 'Editeur123!');
    await page.getByRole('button', { name: /Rechercher\.\.\./ }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Recherche globale' });
    await dialog.getByRole('combobox', { name: 'Recherche globale' }).fill(`prEAu ecole ${tag}`);
    const option = dialog.getByRole('option').filter({ hasText: `Dalle fissurée ${tag}` });
    await option.waitFor();
    await screenshot(page, 'global-search');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: `Dalle fissurée ${tag}` }).getByText('Informations générales').waitFor();
    expect(page.url()).toContain(`/signalements/${target}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
