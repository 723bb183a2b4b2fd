import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'ra-core';
import { fr } from './fr';

export { fr, format } from './fr';
export { formatDate, dateLocale } from './dates';

/** react-admin's French messages with ours merged over them (resource names and fields). */
export const messages = mergeTranslations(frenchMessages, { resources: fr.resources, app: { name: fr.app.name } });

export const i18nProvider = polyglotI18nProvider(() => messages, 'fr', [{ locale: 'fr', name: 'Français' }], {
  allowMissing: true,
});
