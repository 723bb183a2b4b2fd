import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'ra-core';
import { fr } from './fr';

export { fr, format } from './fr';
export { formatDate, dateLocale } from './dates';

/**
 * react-admin's French messages (its `ra.*` keys: pagination, validation, notifications) with the
 * app's name. Our screens read their strings directly (fr.ts, each resource's messages.ts) and give
 * react-admin every label explicitly, so no `resources.*` key is translated through here.
 */
export const messages = mergeTranslations(frenchMessages, { app: { name: fr.app.name } });

export const i18nProvider = polyglotI18nProvider(() => messages, 'fr', [{ locale: 'fr', name: 'Français' }], {
  allowMissing: true,
});
