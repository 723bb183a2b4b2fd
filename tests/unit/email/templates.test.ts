import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { isEmailed, preferencesOf } from '@mamoudzou/domain/notifications';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { renderEmail } from '../../../backend/src/email/render';

/** The e-mails' templates (backend/src/email): French, HTML with a plain-text part, the town's contact from the settings. */
describe('e-mail templates', () => {
  const settings = { ...DEFAULT_SETTINGS, siteName: 'Mamoudzou', contactEmail: 'accueil@mamoudzou.yt', contactPhone: '0269 61 10 10', address: 'Place Mariage' };

  it('an acknowledgement names the reference and the category, signs with the town and its contact, and offers to stop', () => {
    const mail = renderEmail('report-acknowledgement', { reference: '42', type: 'Voirie', optOutUrl: 'http://bo.test/desabonnement?jeton=x.y' }, settings);
    expect(mail.subject).toBe('Signalement n° 42 bien reçu');
    expect(mail.text).toContain('Nous avons bien reçu votre signalement n° 42 (catégorie « Voirie »).');
    expect(mail.text).toContain('Contact : accueil@mamoudzou.yt · 0269 61 10 10');
    // The footer gives the town hall's address, not the report's.
    expect(mail.text).toContain('--\nMairie de Mamoudzou\nPlace Mariage\n');
    expect(mail.text).toContain('Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ? http://bo.test/desabonnement?jeton=x.y');
    expect(mail.html).toContain('>Ne plus recevoir d’e-mails pour ce signalement</a>');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('name="viewport"');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<http://bo.test/desabonnement?jeton=x.y>' });
  });

  it('a citizen’s mail quotes nothing typed into the report, whatever it is given: anyone may give anyone’s address', () => {
    const typed = { title: 'Payez sur http://evil.example/a', address: 'http://evil.example/b', description: 'http://evil.example/c' };
    for (const template of ['report-acknowledgement', 'report-reply', 'report-resolved', 'report-rejected', 'report-duplicate'] as const) {
      const mail = renderEmail(template, { reference: '42', type: 'Voirie', original: '41', reply: 'Réponse de la mairie', ...typed }, settings);
      expect(mail.text, template).toContain('n° 42 (catégorie « Voirie »)');
      for (const part of [mail.subject, mail.text, mail.html]) expect(part, template).not.toContain('evil.example');
    }
  });

  it('a citizen’s mail links to the report’s public page; a resolved one asks « Est-ce réparé ? » with two links', () => {
    const track = 'http://bo.test/signaler/suivi/MZ-2026-00042';
    const mail = renderEmail('report-resolved', { reference: 'MZ-2026-00042', type: 'Voirie', trackUrl: track, repairedUrl: `${track}?reponse=oui&jeton=a.b.c`, notRepairedUrl: `${track}?reponse=non&jeton=a.b.c` }, settings);
    expect(mail.text).toContain('Est-ce réparé ? Dites-le-nous en un clic, sans compte :\nOui, c’est réparé : http://bo.test/signaler/suivi/MZ-2026-00042?reponse=oui&jeton=a.b.c\nNon, ce n’est pas réparé : http://bo.test/signaler/suivi/MZ-2026-00042?reponse=non&jeton=a.b.c');
    expect(mail.text).toContain(`Suivre ce signalement en ligne : ${track}`);
    expect(mail.html).toContain('>Non, ce n’est pas réparé</a>');
    expect(mail.html).toContain(`href="${track}?reponse=oui&amp;jeton=a.b.c"`);
    expect(mail.html).toContain('>Voir le signalement n° MZ-2026-00042</a>');
    // A reply asks nothing.
    expect(renderEmail('report-reply', { reference: 'MZ-2026-00042', type: 'Voirie', reply: 'Bientôt', trackUrl: track, repairedUrl: 'x', notRepairedUrl: 'y' }, settings).text).not.toContain('Est-ce réparé');
  });

  it('escapes what people typed in the HTML part, and keeps the subject on one line', () => {
    const mail = renderEmail('staff-notification', { title: 'Alerte <script>alert(1)</script>\r\nBcc: x@y.z', message: '<b>gras</b> & "guillemets"', link: 'http://bo.test/signalements/a"b' }, settings);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('&lt;b&gt;gras&lt;/b&gt; &amp; &quot;guillemets&quot;');
    expect(mail.html).toContain('href="http://bo.test/signalements/a&quot;b"');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('[Mamoudzou] Alerte <script>alert(1)</script> Bcc: x@y.z');
  });

  it('a password link says how long it lasts; an invitation names the role and the account', () => {
    const reset = renderEmail('password-reset', { name: 'Fatima', link: 'http://bo.test/reinitialiser-mot-de-passe?code=abc', hours: 1 }, settings);
    expect(reset.text.startsWith('Bonjour Fatima,')).toBe(true);
    expect(reset.text).toContain('Il est valable 1 heure et ne sert qu’une fois.');
    expect(reset.text).toContain('Choisir un nouveau mot de passe : http://bo.test/reinitialiser-mot-de-passe?code=abc');
    expect(reset.headers).toBeUndefined();
    const invitation = renderEmail('invitation', { name: 'Saïd', email: 'said@mairie.test', role: 'Éditeur', link: 'http://bo.test/activer-mon-compte?code=abc', hours: 72 }, settings);
    expect(invitation.subject).toBe('Invitation au back-office de la mairie de Mamoudzou');
    expect(invitation.text).toContain('Un compte « Éditeur » a été créé pour vous dans le back-office de la mairie de Mamoudzou, avec l’identifiant said@mairie.test.');
  });
});

describe('who gets what by e-mail', () => {
  it('the e-mail channel, the category and the priority decide; the in-app channel does not', () => {
    const content = { category: 'signalement', priority: 'urgent' };
    expect(isEmailed(preferencesOf({}), content)).toBe(true);
    expect(isEmailed(preferencesOf({ inApp: false }), content)).toBe(true);
    expect(isEmailed(preferencesOf({ email: false }), content)).toBe(false);
    expect(isEmailed(preferencesOf({ categories: { signalement: false } }), content)).toBe(false);
    expect(isEmailed(preferencesOf({ priorities: { urgent: false } }), content)).toBe(false);
  });

  it('addresses: one @, a dotted domain, nothing that could split a header', () => {
    for (const good of ['fatima.ali@exemple.yt', 'a+b@mairie.test']) expect(isEmailAddress(good), good).toBe(true);
    for (const bad of ['pas-une-adresse', 'a@b', 'a b@c.fr', 'a@b.fr\r\nBcc: x@y.z', '<a@b.fr>', 'a@@b.fr', '']) expect(isEmailAddress(bad), bad).toBe(false);
  });
});
