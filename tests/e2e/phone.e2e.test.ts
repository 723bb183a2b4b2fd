import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsDone, launch, openLoggedIn, screenshot, seriousViolations } from './browser';

/**
 * The back-office on a phone (390 × 844), as staff tap it: the global search closes with its button
 * and with Back, the calendar's week reads as a list of days, and every control is a 44 × 44 px
 * target (WCAG 2.5.5), measured from the laid-out page. Also axe-core on the news list with a selection.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const PHONE = { width: 390, height: 844 };
const ADMIN = ['admin@mairie.test', 'Admin123!'] as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function adminToken() {
  const res = await fetch(`${apiUrl}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN[0], password: ADMIN[1] }) });
  return ((await res.json()) as { jwt: string }).jwt;
}

/**
 * The controls smaller than 44 × 44 px among those shown: what, and its size. A text field counts by its
 * height (it is as wide as its line); a link inside a text (a sentence, a map's credits) is left out, as WCAG 2.5.5 does.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, [role="button"], a[href], [role="tab"], [role="switch"], [role="checkbox"], [role="combobox"], [role="radio"], input:not([type="hidden"]), textarea, select, [role="menuitem"]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // A native checkbox or radio is drawn hidden inside its (measured) MUI wrapper.
      const target = element.matches('input[type="checkbox"], input[type="radio"]') ? (element.parentElement as HTMLElement) : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || target.closest('[aria-hidden="true"]')) continue;
      if (box.bottom < 0 || box.top > window.innerHeight * 3) continue;
      // WCAG 2.5.5 leaves out a link inside a sentence or a block of text.
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline' && (element.parentElement?.textContent?.trim().length ?? 0) > (element.textContent?.trim().length ?? 0)) continue;
      const field = element.matches('input:not([type="checkbox"]):not([type="radio"]), textarea, select');
      if (box.height < 43.5 || (!field && box.width < 43.5)) {
        const name = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  });
}

/** What reaches past the right edge of the screen without a parent that clips it (what would scroll sideways). */
async function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) wide.push(`the page (${document.documentElement.scrollWidth} px)`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 1) continue;
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= window.innerWidth + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) wide.push(`${element.tagName.toLowerCase()} « ${element.textContent?.trim().slice(0, 30)} » (right edge at ${Math.round(box.right)} px)`);
    }
    return wide;
  });
}

/** Text cut short (an ellipsis over what does not fit), and text under 12 px (read only with a pinch). */
async function unreadableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (element.closest('[aria-hidden="true"]') || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      const text = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) found.push(`cut: « ${element.textContent?.trim().slice(0, 40)} »`);
      if (text && parseFloat(style.fontSize) < 12) found.push(`${style.fontSize}: « ${element.textContent?.trim().slice(0, 40)} »`);
    }
    return found;
  });
}

/** Where the thumb of the hand holding the phone reaches: the lower half of the screen. */
async function inThumbReach(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return box.y >= PHONE.height / 2 && box.y + box.height <= PHONE.height;
}

describe('on a phone (390 × 844)', () => {
  it('the global search fills the screen and closes with its button and with Back, staying in the app', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, '/signalements', PHONE);
    await page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem').first().waitFor();
    const open = async () => {
      await page.getByRole('button', { name: 'Rechercher...' }).click();
      const dialog = page.getByRole('dialog', { name: 'Recherche globale' });
      await dialog.waitFor();
      await animationsDone(page);
      return dialog;
    };
    let dialog = await open();
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await dialog.getByRole('combobox', { name: 'Recherche globale' }).fill('lampadaire');
    await dialog.getByRole('option').first().waitFor();
    await screenshot(page, 'phone-search');
    expect(await seriousViolations(page)).toEqual([]);
    const close = dialog.getByRole('button', { name: 'Fermer la recherche' });
    expect(await close.boundingBox()).toMatchObject({ width: 44, height: 44 });
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/signalements');

    dialog = await open();
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/signalements');
    await page.getByRole('list', { name: 'Liste des signalements' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the calendar’s week is a list of its days, each event with its time and whole title on a line that reads', async () => {
    const token = await adminToken();
    const title = 'Conseil municipal extraordinaire sur le budget';
    const day = new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10); // today in Mayotte
    const created = await fetch(`${apiUrl}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { title, slug: `conseil-${Date.now()}`, date: day, time: '18:30:00.000', location: 'Hôtel de ville', category: 'Autre' } }),
    });
    expect(created.status).toBe(201);

    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, `/evenements?vue=calendrier&periode=semaine&date=${day}`, PHONE);
    const event = page.getByRole('button', { name: `18:30 ${title}` });
    await event.waitFor();
    const days = page.locator('ol > li');
    expect(await days.count()).toBe(7);
    // The time on one line, the title beside it, nothing wider than the screen.
    const time = event.getByText('18:30', { exact: true });
    const lineHeight = await time.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await time.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
    expect((await event.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'phone-week');
    await event.click();
    await page.getByRole('dialog', { name: title }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('every control on the dashboard, the reports list, its filters and the header is at least 44 × 44 px', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, '/', PHONE);
    await page.getByRole('heading', { name: /Bienvenue/ }).waitFor();
    await page.locator('main').getByRole('link').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);

    await page.goto(`${spaUrl}/signalements`);
    await page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Filtres' }).click();
    await page.getByRole('combobox', { name: /^Zone/ }).waitFor();
    expect(await smallTargets(page)).toEqual([]);

    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).waitFor();
    await animationsDone(page); // the menu grows in: measured before, it is smaller
    expect(await smallTargets(page)).toEqual([]);
    await screenshot(page, 'phone-targets');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the reports, held in one hand (390 × 844)', () => {
  const OPERATOR = ['operateur@mairie.test', 'Operateur123!'] as const;
  /** Where the phone is: the town centre. */
  const HERE = { latitude: -12.7805, longitude: 45.2279 };

  /** A report 20 m north of the phone, as a citizen's arrives, with a long title and the citizen's details. */
  async function reportNearHere(title: string) {
    const token = await adminToken();
    const created = await fetch(`${apiUrl}/api/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        data: {
          title,
          description: 'Un trou profond sur la voie de droite, devant l’entrée de la mairie ; les deux-roues l’évitent au dernier moment.',
          type: 'Voirie',
          subType: 'Nid-de-poule',
          address: 'Place de la mairie, Mamoudzou',
          zone: 'Centre-ville',
          priority: 'haute',
          latitude: HERE.latitude + 20 / 110_600,
          longitude: HERE.longitude,
          citizenName: 'Zaïnaba Hamidou',
          citizenEmail: 'zainaba.hamidou@exemple.yt',
          citizenPhone: '+262 639 03 54 04',
        },
      }),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { data: { documentId: string } }).data.documentId;
  }

  /** What one hand needs on the screen shown: large targets, nothing sideways, text that reads, no axe violation. */
  async function expectOneHanded(page: Page, name: string) {
    await animationsDone(page);
    expect(await smallTargets(page), `${name}: targets under 44 px`).toEqual([]);
    expect(await tooWide(page), `${name}: wider than the screen`).toEqual([]);
    expect(await unreadableText(page), `${name}: text cut or too small`).toEqual([]);
    expect(await seriousViolations(page), `${name}: axe-core`).toEqual([]);
    // What the screen shows, as the agent sees it (a full-screen dialog hides the page behind).
    await screenshot(page, `phone-reports-${name}`, { fullPage: false });
  }

  it('the list, a report’s detail and its status dialog: primary actions at the bottom, 44 px targets, nothing wider than the screen', async () => {
    const title = `Nid-de-poule profond devant l’entrée principale de la mairie ${Date.now()}`;
    const report = await reportNearHere(title);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, '/signalements', PHONE);
    const list = page.getByRole('list', { name: 'Liste des signalements' });
    await list.getByRole('listitem').first().waitFor();
    const create = page.getByRole('region', { name: 'Action principale' }).getByRole('button', { name: 'Nouveau signalement' });
    expect(await inThumbReach(create)).toBe(true);
    await expectOneHanded(page, 'list');
    // At the end of the list the pagination shows above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const pagination = (await page.locator('.MuiTablePagination-root').boundingBox())!;
    expect(pagination.y + pagination.height).toBeLessThanOrEqual((await page.getByRole('region', { name: 'Action principale' }).boundingBox())!.y);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The detail, opened from its card.
    await list.getByRole('link', { name: title }).click();
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations du citoyen').waitFor();
    await detail.getByRole('region', { name: 'Carte : emplacement du signalement' }).locator('.leaflet-marker-icon').waitFor();
    expect(await detail.boundingBox()).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    const change = detail.getByRole('button', { name: 'Changer statut' });
    expect(await inThumbReach(change)).toBe(true);
    expect(await inThumbReach(detail.getByRole('button', { name: 'Fermer' }).last())).toBe(true);
    await expectOneHanded(page, 'detail');
    // The rest of the detail, scrolled to with the thumb, reads too.
    await detail.getByRole('heading', { name: 'Historique' }).scrollIntoViewIfNeeded();
    await expectOneHanded(page, 'detail-end');

    // The status dialog: the statuses as large options, the action at the bottom.
    await change.click();
    const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
    await statusDialog.getByRole('radiogroup', { name: 'Nouveau statut' }).waitFor();
    expect(await statusDialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    const enCours = statusDialog.getByRole('radio', { name: 'En cours' });
    // The whole row is the option: tapped at its right end, away from the radio.
    const row = (await enCours.locator('xpath=ancestor::label').boundingBox())!;
    expect(row.width).toBeGreaterThan(PHONE.width * 0.8);
    expect(row.height).toBeGreaterThanOrEqual(48);
    await page.mouse.click(row.x + row.width - 20, row.y + row.height / 2);
    expect(await enCours.isChecked()).toBe(true);
    const submit = statusDialog.getByRole('button', { name: 'Changer le statut' });
    expect(await inThumbReach(submit)).toBe(true);
    await expectOneHanded(page, 'status');
    await submit.click();
    await page.getByText('Le signalement est maintenant « En cours ».').waitFor();
    await statusDialog.waitFor({ state: 'hidden' });
    // Back in the detail, as it was.
    await detail.getByText('Informations du citoyen').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/signalements/${report}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the new-report form starts from the phone’s position (mocked), keeps the map to correct it, and creates the report there', async () => {
    const nearby = `Nid-de-poule déjà signalé ${Date.now()}`;
    await reportNearHere(nearby);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, '/signalements', { ...PHONE, geolocation: HERE, permissions: ['geolocation'] });
    await page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem').first().waitFor();
    await page.getByRole('region', { name: 'Action principale' }).getByRole('button', { name: 'Nouveau signalement' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau signalement' });
    const position = form.getByRole('region', { name: 'Votre position' });
    await position.getByText('d\'après la position de ce téléphone', { exact: false }).waitFor();
    await position.getByText(/Point placé à votre position/).waitFor();
    await expect.poll(() => form.getByRole('spinbutton', { name: 'Latitude' }).inputValue()).toBe(String(HERE.latitude));
    expect(await form.getByRole('spinbutton', { name: 'Longitude' }).inputValue()).toBe(String(HERE.longitude));
    expect(await form.getByRole('combobox', { name: /^Zone/ }).textContent()).toBe('Centre-ville');
    expect(await form.boundingBox()).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    const save = form.getByRole('button', { name: 'Créer le signalement' });
    expect(await inThumbReach(save)).toBe(true);
    await form.getByRole('region', { name: 'Carte : position du point' }).locator('.leaflet-marker-icon').waitFor();
    await expectOneHanded(page, 'form');

    // One field per line: every input starts at the same left edge.
    const lefts = await form.locator('.MuiFormControl-root:visible').evaluateAll((fields) => [...new Set(fields.map((field) => Math.round(field.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(1);

    // « Déjà signalé ? » around the phone's point, once the type is given.
    await form.getByRole('textbox', { name: 'Titre du signalement' }).fill('Nid-de-poule au même endroit');
    await form.getByRole('textbox', { name: 'Description détaillée' }).fill('Signalé par un agent sur place');
    await form.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Voirie' }).click();
    await form.getByRole('region', { name: 'Déjà signalé ?' }).getByText(nearby, { exact: false }).waitFor();
    await form.getByRole('textbox', { name: 'Adresse' }).fill('Place de la mairie');
    await form.getByRole('region', { name: 'Déjà signalé ?' }).scrollIntoViewIfNeeded();
    await expectOneHanded(page, 'form-nearby');
    await save.click();
    await page.getByText('Le signalement a été créé avec succès.').waitFor();

    const token = await adminToken();
    const saved = (await (await fetch(`${apiUrl}/api/reports?filters[title][$eq]=${encodeURIComponent('Nid-de-poule au même endroit')}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { latitude: number; longitude: number; zone: string }[];
    };
    expect(saved.data.at(-1)).toMatchObject({ latitude: HERE.latitude, longitude: HERE.longitude, zone: 'Centre-ville' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says in French when the phone refuses its position, and leaves the point to the map', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, '/signalements/create', { ...PHONE, geolocation: HERE, permissions: [] });
    const form = page.getByRole('dialog', { name: 'Nouveau signalement' });
    await form.getByText(/^Position refusée : ce site n'a pas l'autorisation de lire la position du téléphone\./).waitFor();
    expect(await form.getByRole('spinbutton', { name: 'Latitude' }).inputValue()).toBe('');
    await form.getByRole('button', { name: 'Réessayer' }).waitFor();
    await screenshot(page, 'phone-reports-form-refused', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the news list with a selection', () => {
  it('passes axe-core (no serious or critical violation), the page’s « select all » included', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, '/actualites');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByText('2 sélectionné(s)').first().waitFor();
    const all = page.locator('thead').getByRole('checkbox');
    expect(await all.evaluate((input) => (input as HTMLInputElement).indeterminate)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await all.check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'news-selection');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
