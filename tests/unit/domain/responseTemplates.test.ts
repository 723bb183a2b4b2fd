import { describe, expect, it } from 'vitest';
import { fillTemplate, templatesFor } from '../../../domain/response-templates';
import { checkSettingsUpdate } from '../../../domain/settings-schema';

const templates = [
  { title: 'Toujours', text: 'Merci', type: null, status: null },
  { title: 'Résolu', text: 'Résolu {reference}', type: null, status: 'resolu' },
  { title: 'Éclairage résolu', text: 'Lampe {adresse}', type: 'Éclairage public', status: 'resolu' },
  { title: 'Voirie', text: 'Voirie', type: 'Voirie', status: null },
];

describe('response templates', () => {
  it('offers those of the report’s type or any, for the status given or any, the most specific first', () => {
    expect(templatesFor(templates, 'Éclairage public', 'resolu').map((t) => t.title)).toEqual(['Éclairage résolu', 'Résolu', 'Toujours']);
    expect(templatesFor(templates, 'Voirie', 'en_cours').map((t) => t.title)).toEqual(['Voirie', 'Toujours']);
    expect(templatesFor(templates, 'Voirie', null).map((t) => t.title)).toEqual(['Voirie', 'Résolu', 'Toujours']);
  });

  it('fills {reference}, {type}, {adresse} and {service}; a report without a service names the town hall’s', () => {
    const report = { reference: 'MZ-2026-00042', type: 'Voirie', address: 'Rue du Commerce', service: 'Service Technique' };
    expect(fillTemplate('{reference} · {type} · {adresse} · service {service}', report)).toBe('MZ-2026-00042 · Voirie · Rue du Commerce · service Service Technique');
    expect(fillTemplate('confié à {service} ({inconnu})', { ...report, service: null })).toBe('confié à la mairie ({inconnu})');
  });

  it('a report filed by position only: the citizen reads its zone, never « Position GPS -12.78000, 45.22800 »', () => {
    const report = { reference: 'MZ-2026-00042', type: 'Voirie', address: 'Position GPS -12.78000, 45.22800', zone: 'Kawéni', service: null };
    expect(fillTemplate('Votre signalement {reference} ({type}, {adresse})', report)).toBe('Votre signalement MZ-2026-00042 (Voirie, secteur de Kawéni)');
    expect(fillTemplate('({adresse})', { ...report, zone: null })).toBe('(lieu signalé)');
  });

  it('the settings refuse a template without a title, with HTML, or for an unknown status, in French', () => {
    const refused = (responseTemplates: unknown) => {
      const check = checkSettingsUpdate({ responseTemplates });
      return check.ok ? [] : check.issues.map((i) => i.message);
    };
    expect(refused([{ title: '', text: 'x', type: null, status: null }])).toEqual(['Le titre du modèle est requis']);
    expect(refused([{ title: 'a', text: '<b>x</b>', type: null, status: null }])).toEqual(['Le texte ne peut pas contenir de HTML']);
    expect(refused([{ title: 'a', text: 'x', type: null, status: 'fini' }])).toEqual([expect.stringMatching(/^Statut attendu : nouveau, en_cours/)]);
    // An empty type or status (« Tous ») is stored as null.
    const ok = checkSettingsUpdate({ responseTemplates: [{ title: 'a', text: 'x', type: '', status: '' }] });
    expect(ok.ok && ok.data.responseTemplates).toEqual([{ title: 'a', text: 'x', type: null, status: null }]);
  });

  it('the settings refuse an empty or repeated rejection reason and a duplicate radius outside 5–1000 m', () => {
    const messages = (data: Record<string, unknown>) => {
      const check = checkSettingsUpdate(data);
      return check.ok ? [] : check.issues.map((i) => i.message);
    };
    expect(messages({ signalementRejectionReasons: ['Spam', 'spam'] })).toEqual(['Motif en double : spam']);
    expect(messages({ signalementRejectionReasons: [] })).toEqual(['Au moins un motif de rejet']);
    expect(messages({ duplicateRadiusMeters: 2000 })).toEqual(['Valeur attendue : un nombre entier de 5 à 1000 mètres']);
  });
});
