import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, launch, logIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * News and events as the communication staff use them, in Chromium set to another time zone than
 * the town's (New York, UTC-5 / -4; Mamoudzou is UTC+3): an event created from the calendar on a
 * chosen day shows on that day; an article written with a heading, a bulleted list and bold text
 * at 10:00, published, reloaded: the same formatting and 10:00; then unpublished. Screenshots of
 * both pages, the calendar and both forms; axe-core on each.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const BROWSER_ZONE = 'America/New_York';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The 15th of next month in Mamoudzou, as the calendar names it ("mercredi 15 avril 2026"). */
function dayNextMonth() {
  const now = new Date();
  const town = new Intl.DateTimeFormat('en-CA', { timeZone: 'Indian/Mayotte', year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number);
  const [year, month] = town[1] === 12 ? [town[0] + 1, 1] : [town[0], town[1] + 1];
  const date = new Date(Date.UTC(year, month - 1, 15, 12));
  const name = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  return { key: `${year}-${String(month).padStart(2, '0')}-15`, name };
}

async function noSeriousViolation(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('events', () => {
  it('creates an event from the calendar on a chosen day and sees it there', async () => {
    const { page, errors } = await openPage(browser, { timezoneId: BROWSER_ZONE, height: 1000 });
    await logIn(page, spaUrl, 'editeur@mairie.test', 'Editeur123!', '/evenements');
    await page.getByText(/\d+ événement\(s\) trouvé\(s\)/).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('list', { name: 'Chiffres clés' }).getByText('Catégories').waitFor();
    await animationsDone(page);
    await screenshot(page, 'events-list');
    await noSeriousViolation(page);

    await page.getByRole('tab', { name: 'Calendrier' }).click();
    const target = dayNextMonth();
    await page.getByRole('button', { name: 'Mois suivant' }).click();
    const day = page.getByRole('button', { name: new RegExp(`^${target.name}, \\d+ événement`) });
    await day.click();
    await page.getByRole('heading', { name: target.name.charAt(0).toUpperCase() + target.name.slice(1) }).waitFor();
    await page.getByRole('progressbar', { name: 'Chargement du calendrier...' }).waitFor({ state: 'detached' });
    await screenshot(page, 'events-calendar');
    await noSeriousViolation(page);
    // The keyboard moves between days.
    await day.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await day.evaluate((el) => el === document.activeElement)).toBe(true);

    const title = `Atelier e2e ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: `Ajouter un événement le ${target.name}` }).click();
    const form = page.getByRole('dialog', { name: 'Nouvel événement' });
    expect(await form.getByLabel(/^Date/).inputValue()).toBe(target.key);
    expect(await form.getByLabel(/^Heure/).inputValue()).toBe('18:00');
    await form.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    const description = form.getByRole('textbox', { name: /^Description/ });
    await description.click();
    await page.keyboard.type('Atelier de vannerie pour les familles.');
    await form.getByLabel(/^Heure/).fill('10:30');
    await form.getByRole('textbox', { name: 'Lieu', exact: true }).fill('Médiathèque de Mamoudzou');
    await form.getByRole('combobox', { name: /^Catégorie/ }).click();
    await page.getByRole('option', { name: 'Culture' }).click();
    await form.getByRole('region', { name: 'Aperçu' }).getByText(title).waitFor();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'events-form');
    await noSeriousViolation(page);
    await form.getByRole('button', { name: "Créer l'événement" }).click();
    await page.getByText("L'événement a été créé.").waitFor();
    await form.waitFor({ state: 'hidden' });

    // On the chosen day, in the calendar and its side panel.
    const panel = page.getByRole('region', { name: target.name.charAt(0).toUpperCase() + target.name.slice(1) });
    await panel.getByRole('button', { name: title }).waitFor();
    await panel.getByText('10:30 · Médiathèque de Mamoudzou').waitFor();
    await expect.poll(() => day.getAttribute('aria-label')).toMatch(/[1-9]\d* événement/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('news', () => {
  it('writes an article with a heading, a list and bold text at 10:00, publishes it, reloads: same formatting, 10:00; unpublishes it', async () => {
    const { page, errors } = await openPage(browser, { timezoneId: BROWSER_ZONE, height: 1100 });
    await logIn(page, spaUrl, 'editeur@mairie.test', 'Editeur123!', '/actualites');
    await page.getByText(/\d+ article\(s\) trouvé\(s\)/).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('list', { name: 'Chiffres clés' }).getByText('Avec galerie').waitFor();
    await animationsDone(page);
    await screenshot(page, 'news-list');
    await noSeriousViolation(page);

    const title = `Fête des quartiers e2e ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvel article' });
    await form.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    expect(await form.getByRole('textbox', { name: 'Slug', exact: true }).inputValue()).toMatch(/^fete-des-quartiers-e2e-[a-z0-9]+$/);
    await form.getByRole('textbox', { name: 'Résumé', exact: true }).fill('Un samedi de fête dans chaque quartier.');
    await form.getByText('39/500').waitFor();

    // The body: a heading, a bulleted list, bold text.
    const editor = form.getByRole('textbox', { name: /^Contenu/ });
    await editor.click();
    await form.getByRole('combobox', { name: 'Style du paragraphe' }).selectOption('heading-2');
    await page.keyboard.type('Programme');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Liste à puces' }).click();
    await page.keyboard.type('Concerts');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Ateliers');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Entrée ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('gratuite');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' pour tous.');
    await editor.getByRole('heading', { name: 'Programme' }).waitFor();
    expect(await editor.getByRole('listitem').allTextContents()).toEqual(['Concerts', 'Ateliers']);
    await editor.locator('strong', { hasText: 'gratuite' }).waitFor();
    // Ctrl+B was the editor's bold, not the sidebar's toggle.
    expect(await page.evaluate(() => document.cookie)).not.toContain('sidebar:state=false');

    const date = form.getByLabel(/^Date/);
    await date.fill('2026-06-21T10:00');
    await screenshot(page, 'news-form');
    await noSeriousViolation(page);
    await form.getByRole('button', { name: "Créer l'article" }).click();
    await page.getByText("L'article a été créé.").waitFor();
    await form.waitFor({ state: 'hidden' });

    await page.getByLabel('Rechercher par titre, slug ou résumé').fill(title);
    await page.getByText('1 article(s) trouvé(s)').waitFor();
    await page.getByRole('row').filter({ hasText: title }).getByText('21/06/2026 10:00').waitFor();
    await page.getByRole('link', { name: title }).click();
    let detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Brouillon').waitFor();
    await detail.getByRole('button', { name: 'Publier' }).click();
    await page.getByText("L'article est publié.").waitFor();
    await detail.getByText('Publié', { exact: true }).waitFor();

    // Reloaded: the same formatting and 10:00; the record's address keeps the list's search behind it.
    expect(new URL(page.url()).pathname).toMatch(/\/actualites\/[a-z0-9]+$/);
    expect(new URL(page.url()).searchParams.get('filter')).toContain(title);
    await page.reload();
    detail = page.getByRole('dialog', { name: title });
    await detail.getByRole('heading', { name: 'Programme' }).waitFor();
    expect(await detail.getByRole('listitem').allTextContents()).toEqual(['Concerts', 'Ateliers']);
    expect(await detail.locator('strong').allTextContents()).toEqual(['gratuite']);
    await detail.getByText('Publié', { exact: true }).waitFor();
    expect(await detail.getByText('21/06/2026 10:00').count()).toBeGreaterThan(0);
    await screenshot(page, 'news-detail');
    await noSeriousViolation(page);

    // The edit form shows 10:00 too.
    await detail.getByRole('button', { name: 'Modifier' }).click();
    const edit = page.getByRole('dialog', { name: "Modifier l'article" });
    expect(await edit.getByLabel(/^Date/).inputValue()).toBe('2026-06-21T10:00');
    await edit.getByRole('textbox', { name: /^Contenu/ }).getByRole('heading', { name: 'Programme' }).waitFor();
    await edit.getByRole('button', { name: 'Annuler' }).click();

    detail = page.getByRole('dialog', { name: title });
    await detail.getByRole('button', { name: 'Dépublier' }).click();
    await page.getByText("L'article est repassé en brouillon.").waitFor();
    await detail.getByText('Brouillon').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an Author is not offered Publier under approval', async () => {
    // An Auteur changes only their own drafts: this one is theirs.
    const login = await fetch(`${apiUrl}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: 'auteur@mairie.test', password: 'Auteur123!' }) });
    const { jwt } = (await login.json()) as { jwt: string };
    const title = `Brouillon de l'auteure ${Date.now().toString(36)}`;
    const draft = await fetch(`${apiUrl}/api/articles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ data: { title, slug: title.toLowerCase().replace(/\W+/g, '-'), date: new Date().toISOString() } }),
    });
    expect(draft.status).toBe(201);
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'auteur@mairie.test', 'Auteur123!', '/actualites');
    await page.locator('tbody tr').first().waitFor();
    await page.locator('tbody tr').filter({ hasText: title }).first().getByRole('link').click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Modifier' }).waitFor();
    expect(await detail.getByRole('button', { name: 'Publier' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
