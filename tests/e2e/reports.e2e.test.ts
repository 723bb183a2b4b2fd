import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { animationsDone, launch, logIn, openLoggedIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * The reports and the dashboard as staff use them, in Chromium against the servers `npm start`
 * runs: an Operator creates a report with a photo, finds it with the search, opens its detail,
 * changes its status and exports the list; an Author is not offered deletion; axe-core on the
 * list, the detail dialog and the dashboard; screenshots in test-results/e2e.
 */

const spaUrl = inject('spaUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A small PNG (64×48 blue). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZElEQVR4nO3PUQkAIBTAwJfEYCY2liH8OITBAtxm7fN1wwUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY8dgETwADioPro9QAAAABJRU5ErkJggg==',
  'base64',
);

describe('reports as an Operator', () => {
  it('creates a report with a photo, finds it, opens it, changes its status and exports the list', async () => {
    // The service worker allowed: it is what streams the export to the download.
    const { page, errors } = await openPage(browser, { serviceWorkers: 'allow' });
    await logIn(page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements');
    await page.getByText(/\d+ signalement\(s\) trouvé\(s\)/).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'reports-list');
    expect(await seriousViolations(page)).toEqual([]);

    // Create, with a photo.
    const title = `Poteau renversé e2e ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nouveau signalement' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau signalement' });
    await form.getByRole('textbox', { name: 'Titre du signalement', exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description détaillée', exact: true }).fill('Un poteau est tombé sur le trottoir après la pluie.');
    await form.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Signalisation' }).click();
    await form.getByRole('combobox', { name: 'Sous-type' }).click();
    await page.getByRole('option', { name: 'Panneau' }).click();
    await form.getByRole('combobox', { name: /^Zone/ }).click();
    await page.getByRole('option', { name: 'Passamainti' }).click();
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Route de Passamainti');
    await form.getByLabel('Latitude').fill('-12.8051');
    await form.getByLabel('Longitude').fill('45.2402');
    await form.locator('input[type=file]').setInputFiles({ name: 'poteau.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: 'poteau.png' }).waitFor();
    await screenshot(page, 'reports-new-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Créer le signalement' }).click();
    await page.getByText('Le signalement a été créé avec succès.').waitFor();
    await form.waitFor({ state: 'hidden' });

    // Find it with the search field.
    await page.getByLabel('Rechercher par type, ID ou description').fill(title);
    await page.getByText('1 signalement(s) trouvé(s)').waitFor();
    await page.getByRole('link', { name: title }).click();

    // Its detail, with the photo.
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations générales').waitFor();
    await detail.getByText('-12.805100, 45.240200').waitFor();
    const photo = detail.getByRole('img', { name: 'Photo 1 du signalement' });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(page.url()).toMatch(/\/signalements\/[a-z0-9]+/);
    await screenshot(page, 'reports-detail');
    expect(await seriousViolations(page)).toEqual([]);
    // An operator may not delete.
    expect(await detail.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);

    // Change its status.
    await detail.getByRole('button', { name: 'Changer statut' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
    await statusDialog.getByRole('combobox', { name: 'Nouveau statut' }).click();
    await page.getByRole('option', { name: 'En cours' }).click();
    await statusDialog.getByRole('button', { name: 'Changer le statut' }).click();
    await page.getByText('Le signalement est maintenant « En cours ».').waitFor();
    await statusDialog.waitFor({ state: 'hidden' });
    await detail.getByText('En cours').first().waitFor();
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await detail.waitFor({ state: 'hidden' });
    await page.locator('tbody tr').filter({ hasText: title }).getByText('En cours').waitFor();

    // Export: CSV of every row matching the search, streamed to the download by the service worker as it arrives.
    // It precaches the whole app before it takes control: over 30 s when other runs share the processor.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 90_000 });
    await page.getByRole('button', { name: 'Exporter' }).click();
    const streamed = page.waitForRequest((request) => request.url().includes('/__export__/'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exporter en CSV' }).click()]);
    expect(new URL((await streamed).url()).pathname).toMatch(/^\/__export__\/[0-9a-f-]{36}\/signalements_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download.suggestedFilename()).toMatch(/^signalements_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Identifiant";"Titre";"Description";"Type";"Sous-type";"Statut";"Priorité";"Zone";"Adresse";"Nom du citoyen";"Email du citoyen";"Téléphone du citoyen";"Assigné à";"Service";"Créé le";"Modifié le";"Latitude";"Longitude";"Échéance de traitement";"Délai";"Étiquettes";"Référence";"Origine"',
    );
    expect(lines[1]).toMatch(/"MZ-\d{4}-\d{5,}";"Back-office"$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${title}"`);
    expect(lines[1]).toContain('"Signalisation";"Panneau";"En cours";"Normale";"Passamainti";"Route de Passamainti"');
    await page.getByText('Les données ont été exportées au format CSV').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
    // The service worker's precache on top of the steps: more than the layer's minute under load.
  }, 180_000);
});

describe('reports list sorting and on a phone', () => {
  it('sorting by priority puts "Critique" first (the scale, not the alphabet)', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'editeur@mairie.test', 'Editeur123!', '/signalements');
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: /^Trier par priorité/ }).click();
    await expect.poll(() => page.locator('tbody tr').first().locator('td').nth(3).innerText()).toBe('Critique');
    const priorities = await page.locator('tbody tr td:nth-child(4)').allInnerTexts();
    const scale = ['Critique', 'Haute', 'Normale', 'Basse'];
    expect(priorities.map((p) => scale.indexOf(p))).toEqual([...priorities.map((p) => scale.indexOf(p))].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 390 × 844 the list is one card per report and nothing scrolls sideways', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await logIn(page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements');
    const cards = page.getByRole('list', { name: 'Liste des signalements' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.locator('table').count()).toBe(0);
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    await screenshot(page, 'reports-list-phone');
    // The filters fold behind "Filtres".
    expect(await page.getByRole('combobox', { name: /^Zone/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filtres' }).click();
    await page.getByRole('combobox', { name: /^Zone/ }).waitFor();
    const after = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(after).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('reports as an Author', () => {
  it('is not offered deletion, selection or creation', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'auteur@mairie.test', 'Auteur123!', '/signalements');
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Nouveau signalement' }).count()).toBe(0);
    await page.locator('tbody tr').first().getByRole('button', { name: /Actions pour/ }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Voir les détails']);
    await page.getByRole('menuitem', { name: 'Voir les détails' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText('Informations générales').waitFor();
    expect(await detail.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Modifier' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('dashboard', () => {
  it('shows the figures and the charts, accessibly, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/', { colorScheme, height: 1400 });
      await page.getByText('Signalements au total').waitFor();
      await page.getByRole('region', { name: 'Signalements par semaine' }).locator('svg').first().waitFor();
      await page.getByRole('region', { name: 'Signalements récents' }).getByRole('listitem').first().getByRole('link').waitFor();
      await animationsDone(page);
      await screenshot(page, `dashboard-${colorScheme}`);
      expect(await seriousViolations(page)).toEqual([]);
      // A recent report links to its detail.
      await page.getByRole('region', { name: 'Signalements récents' }).getByRole('listitem').first().getByRole('link').click();
      await page.getByRole('dialog').getByText('Informations générales').waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
