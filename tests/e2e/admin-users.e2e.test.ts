import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, logIn, openLoggedIn, openPage, screenshot, seriousViolations, sidebarLabels } from './browser';

/**
 * Administration as an administrator does it, in Chromium against `npm start`'s servers: create an
 * Opérateur account, log in with it (the operator's sidebar, /parametrages refused), find the
 * creation in the audit log, unfold it and export it; the three tabs of Utilisateurs & Rôles, the
 * audit log and Mon profil looked at and checked with axe-core.
 */

const spaUrl = inject('spaUrl');
let browser: Browser;
const stamp = Date.now().toString(36);
const agent = { name: `Agent Kawéni ${stamp}`, email: `agent-${stamp}@mairie.test`, password: 'Operateur2026!' };
// The Opérateur reads the notifications: the service-level reminders of the reports assigned to them.
const OPERATOR_SIDEBAR = ['Dashboard', 'Signalements', 'Statistiques', 'Actualités', 'Événements', "Points d'intérêt", 'Annuaire', 'Notifications'];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function noToasts(page: Page) {
  await page.getByText('Connexion réussie').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

describe('Utilisateurs & Rôles, Journal d’audit, Mon profil', () => {
  it('an administrator creates an Opérateur, who logs in, sees the operator sidebar and is refused /parametrages', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/utilisateurs');
    await page.getByRole('heading', { level: 2, name: 'Utilisateurs & Rôles' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'admin-users-list');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await dialog.getByLabel('Nom').fill(agent.name);
    await dialog.getByLabel('Email').fill(agent.email);
    await dialog.locator('input[name="password"]').fill('court');
    await dialog.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await dialog.getByText('Le mot de passe doit contenir au moins 8 caractères').waitFor();
    await screenshot(page, 'admin-users-create-invalid');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.locator('input[name="password"]').fill(agent.password);
    await dialog.getByRole('combobox', { name: 'Rôle' }).click();
    const roles = await page.getByRole('listbox').getByRole('option').allTextContents();
    // The built-in roles first; custom roles other tests made on the same servers may follow.
    expect(roles.slice(0, 5)).toEqual(['Administrateur', 'Super Administrateur', 'Éditeur', 'Opérateur', 'Auteur']);
    await page.getByRole('option', { name: 'Opérateur' }).click();
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: 'Police Municipale' }).click();
    await dialog.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await page.getByText('Le compte a été créé.').waitFor();

    await page.getByLabel('Rechercher par nom ou email').fill(`agent kaweni ${stamp}`);
    await page.getByText('1 utilisateur(s) trouvé(s)').waitFor();
    const row = page.locator('tbody tr', { hasText: agent.email });
    await row.waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain('Opérateur');
    expect(await row.textContent()).toContain('Police Municipale');
    expect(await row.textContent()).toContain('Jamais');

    await page.getByRole('button', { name: 'Gérer les rôles' }).click();
    await page.getByRole('tab', { name: 'Rôles & Permissions', selected: true }).waitFor();
    const operatorRole = page.getByRole('region', { name: 'Opérateur' });
    await operatorRole.waitFor();
    expect(await operatorRole.getByRole('button', { name: 'Modifier le rôle Opérateur' }).isDisabled()).toBe(true);
    expect(await operatorRole.getByRole('button', { name: 'Supprimer le rôle Opérateur' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-users-roles');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Activité récente' }).click();
    const activity = page.getByRole('table', { name: 'Dernières actions enregistrées au journal' });
    await activity.locator('tr', { hasText: agent.name }).first().waitFor();
    expect(await activity.locator('tr', { hasText: agent.name }).first().textContent()).toContain('Création');
    await screenshot(page, 'admin-users-activity');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();

    // The new operator logs in.
    const operator = await openPage(browser);
    await logIn(operator.page, spaUrl, agent.email, agent.password);
    const nav = operator.page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(sidebarLabels(OPERATOR_SIDEBAR));
    await operator.page.goto(`${spaUrl}/parametrages`);
    await operator.page.getByRole('heading', { name: 'Accès refusé' }).waitFor();
    await operator.page.getByText('Rôle requis : Administrateur ou Éditeur. Votre rôle : Opérateur.').waitFor();
    expect(operator.errors).toEqual([]);
    await operator.page.context().close();
  });

  it('the audit log shows the creation, unfolds what was set and exports the matching entries', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/audit');
    await page.getByRole('heading', { level: 2, name: "Journal d'audit" }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('combobox', { name: 'Module' }).click();
    await page.getByRole('option', { name: 'Utilisateurs' }).click();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Création' }).click();
    // The filtered page, not the rows still shown while it loads (the agent's login is newer than the creation).
    const row = page.locator('tbody tr', { hasText: agent.name }).filter({ hasText: 'Création' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Administrateur');
    expect(await row.textContent()).not.toMatch(/Operator|utilisateurs\b/);
    await row.click();
    const changes = page.getByRole('table', { name: 'Champs modifiés : valeur avant et après' });
    await changes.waitFor();
    expect(await changes.locator('tr', { hasText: 'Rôle' }).textContent()).toContain('Opérateur');
    expect(await changes.locator('tr', { hasText: 'Mot de passe' }).textContent()).toContain('modifié (valeur masquée)');
    expect(await changes.textContent()).not.toContain(agent.password);
    await screenshot(page, 'admin-audit-expanded');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Exporter' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(agent.name);
    expect(csv).toContain('"Création"');
    expect(csv).toContain('"Utilisateurs"');
    // Only what matches the filters.
    expect(csv).not.toContain('"Connexion"');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Mon profil shows who is logged in and changes the password, keeping this session', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, agent.email, agent.password);
    await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    const identity = page.getByRole('region', { name: 'Informations' });
    await identity.getByText(agent.email).waitFor();
    expect(await identity.textContent()).toContain('Opérateur');
    expect(await identity.textContent()).toContain('Police Municipale');
    await page.locator('input[name="currentPassword"]').fill(agent.password);
    await page.locator('input[name="password"]').fill('nouveau');
    await noToasts(page);
    await screenshot(page, 'admin-profile');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('input[name="password"]').fill('Nouveau2026!');
    await page.locator('input[name="passwordConfirmation"]').fill('Nouveau2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a été changé. Vos autres sessions ont été fermées.').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Informations' }).getByText(agent.email).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
