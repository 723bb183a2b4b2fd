import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TYPE_SERVICES, DEFAULT_SETTINGS, serviceForReportType, SETTINGS_BOUNDS } from '../../../domain/settings';
import { settingsSchema } from '../../../domain/settings-schema';
import { REPORT_TYPE_VALUES, SERVICES } from '../../../domain/vocabulary';
import { settingsPayload } from '../../../src/custom/settings/settingsForm';

/** The message of one setting's value, or undefined when the schema (the one of the SPA and the backend) takes it. */
const messageFor = (name: string, value: unknown) => {
  const result = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, [name]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === name)?.message;
};

// The bounds, written out apart from domain/settings.ts, with the unit each message says.
const BOUNDS: [keyof typeof SETTINGS_BOUNDS, number, number, string][] = [
  ['maxFileUploadSize', 1, 100, 'Mo'],
  ['maxUploadsPerHour', 1, 1000, 'fichiers'],
  ['maxUploadVolumePerDay', 10, 10000, 'Mo'],
  ['notificationRetentionDays', 1, 365, 'jours'],
  ['maxSignalementsPerUser', 1, 100, 'signalements'],
  ['sessionTimeout', 5, 480, 'minutes'],
  ['maxLoginAttempts', 3, 10, 'tentatives'],
  ['passwordMinLength', 6, 20, 'caractères'],
  ['logRetentionDays', 7, 365, 'jours'],
];

describe('settings bounds: inside, at and outside each limit', () => {
  it.each(BOUNDS)('%s from %i to %i %s', (name, min, max, unit) => {
    expect(SETTINGS_BOUNDS[name]).toEqual({ min, max });
    const message = `Valeur attendue : un nombre entier de ${min} à ${max} ${unit}`;
    // At each limit and inside.
    for (const value of [min, max, Math.round((min + max) / 2)]) expect(messageFor(name, value), `${value}`).toBeUndefined();
    // Just outside, far outside, not whole, not a number, missing.
    for (const value of [min - 1, max + 1, -max, max * 10, min + 0.5, String(min), null, undefined, Number.NaN]) {
      expect(messageFor(name, value), `${value}`).toBe(message);
    }
  });

  it('the default settings are inside every bound', () => {
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    expect(DEFAULT_SETTINGS).toMatchObject({
      notificationRetentionDays: 30,
      maxSignalementsPerUser: 10,
      sessionTimeout: 60,
      logRetentionDays: 90,
      backupFrequency: 'daily',
      mapProvider: 'openstreetmap',
      passwordMinLength: 8,
      maxLoginAttempts: 5,
      maxFileUploadSize: 10,
    });
  });
});

describe('the other settings fields', () => {
  it('texts: the site needs a name; lengths have a limit; optional texts may be empty', () => {
    expect(messageFor('siteName', '')).toBe('Le nom du site est requis');
    expect(messageFor('siteName', '   ')).toBe('Le nom du site est requis');
    expect(messageFor('siteName', 'x'.repeat(120))).toBeUndefined();
    expect(messageFor('siteName', 'x'.repeat(121))).toBe('Au plus 120 caractères');
    expect(messageFor('siteDescription', '')).toBeUndefined();
    expect(messageFor('siteDescription', 'x'.repeat(501))).toBe('Au plus 500 caractères');
    expect(messageFor('maintenanceMessage', 'x'.repeat(1000))).toBeUndefined();
    expect(messageFor('maintenanceMessage', 'x'.repeat(1001))).toBe('Au plus 1000 caractères');
  });

  it('email and web addresses', () => {
    expect(messageFor('contactEmail', 'mairie@mamoudzou.yt')).toBeUndefined();
    expect(messageFor('contactEmail', '')).toBeUndefined();
    expect(messageFor('contactEmail', 'mairie@')).toBe('Adresse email invalide');
    expect(messageFor('strapiUrl', 'https://api.mamoudzou.yt')).toBeUndefined();
    expect(messageFor('strapiUrl', 'javascript:alert(1)')).toBeDefined();
    expect(messageFor('websocketUrl', 'wss://temps-reel.mamoudzou.yt')).toBeUndefined();
    expect(messageFor('websocketUrl', 'ftp://x')).toBe('Adresse invalide : http(s):// ou ws(s):// attendu');
  });

  it('lists: categories', () => {
    expect(messageFor('signalementCategories', [])).toBe('Au moins une catégorie');
    expect(messageFor('signalementCategories', [{ name: 'Voirie', subTypes: [] }, { name: ' ', subTypes: [] }])).toBe('Catégorie vide');
    expect(messageFor('signalementCategories', Array.from({ length: 30 }, (_, i) => ({ name: `C${i}`, subTypes: [] })))).toBeUndefined();
    expect(messageFor('signalementCategories', Array.from({ length: 31 }, (_, i) => ({ name: `C${i}`, subTypes: [] })))).toBe('Au plus 30 catégories');
  });

  it('choices: map provider, backup frequency', () => {
    for (const provider of ['openstreetmap', 'google', 'mapbox']) expect(messageFor('mapProvider', provider)).toBeUndefined();
    expect(messageFor('mapProvider', 'bing')).toBe('Fournisseur attendu : openstreetmap, google, mapbox');
    for (const frequency of ['daily', 'weekly', 'monthly']) expect(messageFor('backupFrequency', frequency)).toBeUndefined();
    expect(messageFor('backupFrequency', 'hourly')).toBe('Fréquence attendue : daily, weekly, monthly');
  });

  it('the type → service table names services only (the backend keeps the rows of the listed types)', () => {
    expect(messageFor('reportTypeServices', {})).toBeUndefined();
    expect(messageFor('reportTypeServices', DEFAULT_REPORT_TYPE_SERVICES)).toBeUndefined();
    expect(messageFor('reportTypeServices', { Voirie: 'Cantine' })).toMatch(/^Service attendu : Service Technique, /);
  });

  it('the report categories are the report types, each with its sub-types, names unique', () => {
    expect(messageFor('signalementCategories', DEFAULT_SETTINGS.signalementCategories)).toBeUndefined();
    expect(DEFAULT_SETTINGS.signalementCategories.map((c) => c.name)).toEqual(REPORT_TYPE_VALUES);
    expect(messageFor('signalementCategories', [...DEFAULT_SETTINGS.signalementCategories, { name: 'Marchés', subTypes: ['Étal', 'Horaires'] }])).toBeUndefined();
    expect(messageFor('signalementCategories', [{ name: 'Voirie', subTypes: [] }, { name: 'voirie', subTypes: [] }])).toBe('Catégorie en double : voirie');
    expect(messageFor('signalementCategories', [{ name: 'Voirie', subTypes: ['Trou', 'trou'] }])).toBe('Sous-type en double : trou');
    expect(messageFor('signalementCategories', [{ name: ' ', subTypes: [] }])).toBe('Catégorie vide');
    expect(messageFor('signalementCategories', [{ name: 'Voirie.nord', subTypes: [] }])).toBe('Le nom ne peut contenir ni point ni crochet');
    expect(messageFor('signalementCategories', [])).toBe('Au moins une catégorie');
    expect(messageFor('signalementCategories', ['Voirie'])).toBeDefined();
  });
});

describe('auto-assignment: the service of a report type', () => {
  it('every report type has a default service', () => {
    expect(Object.keys(DEFAULT_REPORT_TYPE_SERVICES).sort()).toEqual([...REPORT_TYPE_VALUES].sort());
    for (const service of Object.values(DEFAULT_REPORT_TYPE_SERVICES)) expect(SERVICES).toContain(service);
  });
  it('the settings’ table first, then the defaults; nothing for a type with neither', () => {
    expect(serviceForReportType('Voirie', { Voirie: 'Urbanisme' })).toBe('Urbanisme');
    expect(serviceForReportType('Propreté', { Voirie: 'Urbanisme' })).toBe('Environnement');
    expect(serviceForReportType('Voirie', null)).toBe('Service Technique');
    expect(serviceForReportType('Voirie', { Voirie: 'Service imaginaire' })).toBe('Service Technique');
    expect(serviceForReportType('Marchés', { Marchés: 'Urbanisme' })).toBe('Urbanisme'); // a type added in the settings
    expect(serviceForReportType('Marchés', {})).toBeUndefined();
    expect(serviceForReportType('constructor', {})).toBeUndefined();
  });
});

describe('the settings form’s payload', () => {
  it('sends only settings, empty inputs as empty texts', () => {
    const payload = settingsPayload({
      ...DEFAULT_SETTINGS,
      id: 'settings',
      contactPhone: null as unknown as string,
      signalementCategories: [{ name: 'Voirie', subTypes: ['Nid-de-poule'] }, null as never, { name: 'Marchés' } as never],
    });
    expect(payload).not.toHaveProperty('id');
    expect(payload.contactPhone).toBe('');
    expect(payload.signalementCategories).toEqual([
      { name: 'Voirie', subTypes: ['Nid-de-poule'] },
      { name: '', subTypes: [] },
      { name: 'Marchés', subTypes: [] },
    ]);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...payload }).success).toBe(false); // the empty category
  });
});
