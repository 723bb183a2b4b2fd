import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openLoggedIn, openPage, screenshot, seriousViolations } from './browser';
import { backendApi } from './backendApi';

/**
 * E-mail as people meet it, in Chromium against `npm start`'s servers and the mail catcher it runs
 * when no SMTP server is given: « Mot de passe oublié ? » from the login page to logging in with the
 * new password, the link read in the catcher; an administrator's view of the outbox from Intégrations;
 * an account created with an invitation.
 */
const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
let browser: Browser;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const { newAccount } = backendApi(apiUrl);

/** The mails the catcher holds for `to`, newest last (MailDev's REST API). */
async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${mailCatcherUrl}/api/email`);
  const all = (await res.json()) as { subject: string; text: string; to: { address: string }[] }[];
  return all.filter((m) => m.to.some((r) => r.address === to));
}

async function waitForMail(to: string, count = 1) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mails = await mailsTo(to);
    if (mails.length >= count) return mails[count - 1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${to} in the catcher`);
}

const newOperator = () => newAccount('Operator', { username: `Agent Cavani ${stamp}`, email: `cavani-${stamp}@mairie.test`, password: 'Ancien123!' });

async function atWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 860 });
  await screenshot(page, `${name}-1366`);
}

describe('« Mot de passe oublié ? »', () => {
  it('from the login page to logging in with the new password, through the link mailed to the catcher', async () => {
    const account = await newOperator();
    const { page, errors } = await openPage(browser);
    await page.goto(`${spaUrl}/login`);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    await page.getByLabel('Email').fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('Saisissez une adresse e-mail valide').waitFor();
    await page.getByLabel('Email').fill(account.email);
    await atWidths(page, 'email-forgot-password');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('Demande enregistrée').waitFor();
    await page.getByText('Si un compte actif correspond à cette adresse').waitFor();

    const mail = await waitForMail(account.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    const link = mail.text.match(new RegExp(`${spaUrl}/reinitialiser-mot-de-passe\\?code=\\S+`))?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
    await page.getByText(`Choisissez le nouveau mot de passe du compte ${account.email}.`).waitFor();
    await page.getByLabel('Nouveau mot de passe').fill('court');
    await page.getByLabel('Confirmez le mot de passe').fill('court');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Le mot de passe doit contenir au moins 8 caractères').first().waitFor();
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau2026!');
    await page.getByLabel('Confirmez le mot de passe').fill('Nouveau2026!');
    await atWidths(page, 'email-reset-password');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Mot de passe enregistré').waitFor();

    // The link works once.
    await page.goto(link!);
    await page.getByText('Lien inutilisable').waitFor();
    await page.getByText('Ce lien n’est pas valide ou a déjà servi.').waitFor();
    await screenshot(page, 'email-reset-link-used');

    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Ancien123!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Email ou mot de passe incorrect.').first().waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau2026!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Connexion réussie').waitFor();
    expect(errors.filter((e) => !/401|400|Failed to load resource/.test(e))).toEqual([]);
    await page.context().close();

    // The catcher's own page shows the mail, as a newcomer sees it after `npm start`.
    const catcher = await openPage(browser);
    await catcher.page.goto(mailCatcherUrl);
    await catcher.page.getByText('Réinitialisation de votre mot de passe').first().waitFor();
    await screenshot(catcher.page, 'email-mail-catcher');
    await catcher.page.context().close();
  });
});

describe('the outbox and invitations, as an administrator sees them', () => {
  it('Intégrations shows the SMTP server answering and opens the outbox, where the sent mails are listed', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/integrations');
    const card = page.getByRole('region', { name: 'Email' });
    await card.getByRole('status', { name: /Email : Opérationnel/ }).waitFor();
    expect(await card.textContent()).toContain('127.0.0.1');
    await atWidths(page, 'email-integrations');
    await card.getByRole('link', { name: "Voir la file d'envoi" }).click();
    await page.getByRole('heading', { level: 2, name: 'File d’envoi des e-mails' }).waitFor();
    const row = page.locator('tbody tr', { hasText: `cavani-${stamp}@mairie.test` }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Envoyé');
    expect(await row.textContent()).toContain('Mot de passe oublié');
    await atWidths(page, 'email-outbox');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('an administrator creates an account with an invitation: the list shows « Invitation envoyée » and offers to send it again', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/utilisateurs');
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    const email = `invitee-${stamp}@mairie.test`;
    await dialog.getByLabel('Nom').fill(`Invitée ${stamp}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await dialog.getByText('Ce champ est requis').first().waitFor();
    await dialog.getByLabel('Envoyer une invitation par e-mail').check();
    await dialog.getByText('Pas de mot de passe à saisir').waitFor();
    await dialog.getByRole('combobox', { name: 'Rôle' }).click();
    await page.getByRole('option', { name: 'Éditeur' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'email-invitation-form');
    await dialog.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await page.getByText('Utilisateur créé').first().waitFor();
    // The toast says the invitation left, and that the account is active only once its password is chosen.
    await page.getByText(`Le compte a été créé et l’invitation envoyée à ${email} : il sera actif quand la personne aura choisi son mot de passe.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Invitation au back-office de la mairie de Mamoudzou');

    // The activation page lists the password's rules and marks them as the person types.
    const link = /https?:\/\/\S+\/activer-mon-compte\?code=\S+/.exec(mail.text)![0];
    const invited = await openPage(browser);
    await invited.page.goto(link);
    await invited.page.getByLabel(/^Nouveau mot de passe/).fill('bienvenue');
    const rules = invited.page.locator('[data-rule]');
    await expect.poll(() => rules.evaluateAll((items) => items.map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met')]))).toEqual([
      ['minLength', 'true'],
      ['lowercase', 'true'],
      ['uppercase', 'false'],
      ['digit', 'false'],
      ['symbol', 'false'],
    ]);
    await atWidths(invited.page, 'email-invitation-activation');
    expect(invited.errors).toEqual([]);
    await invited.page.context().close();

    await page.getByLabel('Rechercher par nom ou email').fill(email);
    const row = page.locator('tbody tr', { hasText: email });
    await row.getByText('Invitation envoyée').waitFor();
    await atWidths(page, 'email-invitation-pending');
    await row.getByRole('button', { name: /Actions pour/ }).click();
    await page.getByRole('menuitem', { name: "Renvoyer l'invitation" }).click();
    await page.getByRole('dialog', { name: "Renvoyer l'invitation" }).getByRole('button', { name: 'Renvoyer' }).click();
    await page.getByText('Un nouveau lien a été envoyé par e-mail.').waitFor();
    await waitForMail(email, 2);
    expect(errors).toEqual([]);
  });
});
