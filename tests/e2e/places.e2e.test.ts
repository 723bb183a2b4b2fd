import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, logIn, MAP_TILES, openPage, screenshot, seriousViolations } from './browser';

/**
 * Points of interest, the directory and the maps as staff use them, in Chromium against the servers
 * `npm start` runs. Map tiles cannot come from the internet here: the tile server is answered with
 * a plain tile, or refused to show the map without its background (markers and outline stay).
 */

const spaUrl = inject('spaUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Refuses every tile (offline): the later route wins over openPage's plain tiles. */
async function refuseTiles(page: Page) {
  await page.route(MAP_TILES, (route) => route.abort('internetdisconnected'));
}

describe('points of interest and directory as an Author', () => {
  it('creates a POI by clicking the map and filling the form, finds it by a tag and sees its marker', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'auteur@mairie.test', 'Auteur123!', '/poi');
    await page.getByText(/\d+ point\(s\) d'intérêt trouvé\(s\)/).waitFor();
    await page.getByRole('list', { name: 'Chiffres clés' }).getByText(/\/ 5$/).waitFor();
    await screenshot(page, 'poi-list');
    expect(await seriousViolations(page)).toEqual([]);

    const tag = `e2e${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nouveau POI' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau POI' });
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Jardin ${tag}`);
    await form.getByRole('combobox', { name: /^Catégorie/ }).click();
    await page.getByRole('option', { name: 'Loisirs' }).click();
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Route de Vahibé, 97600 Mamoudzou');
    await form.getByRole('textbox', { name: 'Tags' }).fill(`jardin, ${tag}`);
    const picker = form.getByRole('region', { name: 'Carte : position du point' });
    await picker.locator('.leaflet-container').scrollIntoViewIfNeeded();
    await picker.locator('.leaflet-container').click({ position: { x: 200, y: 120 } });
    await expect.poll(() => form.getByRole('spinbutton', { name: 'Latitude' }).inputValue()).toMatch(/^-12\.\d+/);
    expect(await form.getByRole('spinbutton', { name: 'Longitude' }).inputValue()).toMatch(/^45\.\d+/);
    await picker.getByRole('button', { name: 'Position choisie' }).waitFor();
    await screenshot(page, 'poi-form');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Créer le POI' }).click();
    await page.getByText("Point d'intérêt créé").first().waitFor();
    await form.waitFor({ state: 'hidden' });

    await page.getByLabel('Rechercher par nom, description, adresse ou tag').fill(tag);
    await page.getByText("1 point(s) d'intérêt trouvé(s)").waitFor();
    await page.getByRole('tab', { name: 'Carte' }).click();
    const map = page.getByRole('region', { name: "Carte des points d'intérêt" });
    const marker = map.getByRole('button', { name: `Jardin ${tag}` });
    await marker.waitFor();
    // The keyboard: the marker is a tab stop; Enter opens its popup.
    await marker.focus();
    await page.keyboard.press('Enter');
    await map.getByRole('button', { name: 'Voir la fiche' }).waitFor();
    await screenshot(page, 'poi-map');
    expect(await seriousViolations(page)).toEqual([]);
    await map.getByRole('button', { name: 'Voir la fiche' }).click();
    const detail = page.getByRole('dialog', { name: `Jardin ${tag}` });
    await detail.getByText("Horaires d'ouverture").first().waitFor();
    await detail.getByRole('region', { name: /Carte des points d'intérêt/ }).waitFor();
    await screenshot(page, 'poi-detail');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('imports a CSV of 3 directory entries with one invalid row: 2 imported, 1 reported', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'auteur@mairie.test', 'Auteur123!', '/annuaire');
    await page.getByText(/\d+ entrée\(s\) trouvée\(s\)/).waitFor();
    await screenshot(page, 'annuaire-list');
    expect(await seriousViolations(page)).toEqual([]);

    const tag = `imp${Date.now().toString(36)}`;
    const csv = `\uFEFFnom;categorie;telephone;services;verifiee\r\nClub ${tag} A;Associations;0639 00 00 01;"Football, Jeunes";Oui\r\n;Associations;0639 00 00 02;;Non\r\nClub ${tag} B;associations;0639 00 00 03;;Non\r\n`;
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer un fichier CSV : Annuaire' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'annuaire.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await dialog.getByText('3 ligne(s) lue(s) : 2 valide(s), 1 refusée(s).').waitFor();
    await dialog.getByText('Ligne 3 : Nom : Le nom est requis').waitFor();
    await screenshot(page, 'annuaire-import-preview');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Importer 2 ligne(s)' }).click();
    await dialog.getByText('2 ligne(s) importée(s), 1 refusée(s).').first().waitFor();
    await screenshot(page, 'annuaire-import-done');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();

    await page.getByLabel('Rechercher par nom, description, email, service ou tag').fill(tag);
    await page.getByText('2 entrée(s) trouvée(s)').waitFor();
    await page.getByRole('button', { name: 'Nouvelle entrée' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle entrée' });
    await form.getByRole('button', { name: "Créer l'entrée" }).click();
    await form.getByText('Le nom est requis').waitFor();
    await screenshot(page, 'annuaire-form');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('maps of the reports', () => {
  it('opens a report and sees its map; the Carte view shows the reports of the area, even without tiles', async () => {
    const { page, errors } = await openPage(browser);
    await refuseTiles(page);
    // A demo report on boulevard Mawana Madi (it has a point): the newest row may be another test's, without one.
    await logIn(page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements');
    await page.goto(`${spaUrl}/signalements?filter=${encodeURIComponent(JSON.stringify({ q: 'Mawana Madi' }))}`);
    await page.locator('tbody tr').first().waitFor();
    await page.locator('tbody tr').first().getByRole('link').click();
    const detail = page.getByRole('dialog');
    const map = detail.getByRole('region', { name: 'Carte : emplacement du signalement' });
    await map.waitFor();
    await map.locator('.leaflet-marker-icon').waitFor();
    await detail.getByRole('link', { name: /Voir sur la carte/ }).waitFor();
    await map.getByText('Fond de carte indisponible').waitFor();
    await screenshot(page, 'reports-detail-map');
    expect(await seriousViolations(page)).toEqual([]);
    await detail.getByRole('button', { name: 'Fermer' }).last().click();

    await page.getByRole('tab', { name: 'Carte' }).click();
    const reportsMap = page.getByRole('region', { name: 'Carte des signalements' });
    await reportsMap.getByText(/\d+ signalement\(s\) dans la zone affichée/).waitFor();
    await reportsMap.locator('.leaflet-marker-icon').first().waitFor();
    // The town's outline is drawn without any tile.
    expect(await reportsMap.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
    await screenshot(page, 'reports-map');
    expect(await seriousViolations(page)).toEqual([]);
    // Only the tiles failed (refused on purpose here): nothing else.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
