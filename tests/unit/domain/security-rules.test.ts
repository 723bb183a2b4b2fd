import { describe, expect, it } from 'vitest';
import { blocksSchema, forbiddenCharacterIn, forbiddenCharacterInValue, isHttpUrl, isSaneDate, openingHoursSchema, stringList } from '../../../domain/input';
import { passwordPolicyText, passwordProblems } from '../../../domain/password';
import { DEFAULT_SETTINGS, mayChangeSetting, mayReadSetting, SETTINGS_TABS, type SettingName } from '../../../domain/settings';
import { checkSettingsUpdate, settingsOrDefaults, settingsSchema } from '../../../domain/settings-schema';

describe('the settings schema', () => {
  it('accepts the defaults, and reads a stored row field by field over them', () => {
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    const stored = { ...DEFAULT_SETTINGS, allowedFileTypes: 'notalist', sessionTimeout: null, maxLoginAttempts: 7, mapApiKey: null };
    expect(settingsOrDefaults(stored)).toEqual({ ...DEFAULT_SETTINGS, maxLoginAttempts: 7 });
    expect(settingsOrDefaults(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('checks a save: bounds, types, file types a browser would not run, unknown keys; a record\'s own keys are dropped', () => {
    expect(checkSettingsUpdate({ id: 1, documentId: 'x', updatedAt: 'y', sessionTimeout: 30, allowedFileTypes: [' .PDF ', '.docx'] })).toEqual({
      ok: true,
      data: { sessionTimeout: 30, allowedFileTypes: ['.pdf', '.docx'] },
    });
    const refused = (data: unknown) => {
      const result = checkSettingsUpdate(data);
      expect(result.ok, JSON.stringify(data)).toBe(false);
      return result.ok ? [] : result.issues;
    };
    expect(refused({ allowedFileTypes: 'notalist' })[0].path).toEqual(['allowedFileTypes']);
    for (const type of ['.html', '.svg', '.js', '.exe', '.htm', '.xml']) expect(refused({ allowedFileTypes: [type] })[0].path).toEqual(['allowedFileTypes', '0']);
    expect(refused({ sessionTimeout: 481 })[0].message).toBe('Valeur attendue : un nombre entier de 5 à 480 minutes');
    expect(refused({ passwordMinLength: 5 })[0].message).toBe('Valeur attendue : un nombre entier de 6 à 20 caractères');
    expect(refused({ strapiUrl: 'javascript:alert(1)' })[0].path).toEqual(['strapiUrl']);
    expect(refused({ pirate: 1, siteName: 'x' })).toEqual([{ path: ['pirate'], message: 'Paramètre inconnu' }]);
    expect(refused('texte')).toHaveLength(1);
  });

  it('puts every setting in exactly one tab, each tab governed by a module of the matrix', () => {
    const placed = SETTINGS_TABS.flatMap((tab) => tab.fields as readonly string[]);
    expect([...placed].sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('lets an Editor change Général, Notifications and Signalements but not Sécurité, Intégrations or Maintenance', () => {
    const changedBy = (role: string) => (Object.keys(DEFAULT_SETTINGS) as SettingName[]).filter((name) => mayChangeSetting(role, name));
    const editor = changedBy('Editor');
    expect(editor).toEqual(expect.arrayContaining(['siteName', 'emailNotifications', 'signalementApprovalRequired', 'reportTypeServices', 'articleApprovalRequired']));
    for (const name of ['allowedFileTypes', 'maxFileUploadSize', 'maxUploadsPerHour', 'maxUploadVolumePerDay', 'sessionTimeout', 'maxLoginAttempts', 'passwordMinLength', 'requirePasswordComplexity', 'twoFactorAuthRequired', 'allowPublicRegistration', 'mapApiKey', 'mapProvider', 'maintenanceMode', 'backupFrequency', 'logRetentionDays']) {
      expect(editor).not.toContain(name);
    }
    expect(changedBy('Administrator')).toHaveLength(Object.keys(DEFAULT_SETTINGS).length);
    expect(changedBy('Super Admin')).toHaveLength(Object.keys(DEFAULT_SETTINGS).length);
    expect(changedBy('Operator')).toEqual([]);
    expect(changedBy('Author')).toEqual([]);
  });

  it('shows the map API key only to those who may change it', () => {
    expect(mayReadSetting('Administrator', 'mapApiKey')).toBe(true);
    for (const role of ['Editor', 'Operator', 'Author', undefined]) expect(mayReadSetting(role, 'mapApiKey')).toBe(false);
    expect(mayReadSetting('Author', 'mapProvider')).toBe(true);
  });
});

describe('the password policy', () => {
  const policy = { minLength: 8, requireComplexity: true };
  it('wants the length, and with complexity a lowercase, an uppercase, a digit and a symbol', () => {
    for (const demo of ['Admin123!', 'Super123!', 'Editeur123!', 'Operateur123!', 'Auteur123!']) expect(passwordProblems(demo, policy)).toEqual([]);
    expect(passwordProblems('abcdef', policy)).toEqual(['minLength', 'uppercase', 'digit', 'symbol']);
    expect(passwordProblems('Éléphant1!', policy)).toEqual([]);
    expect(passwordProblems('abcdef', { minLength: 6, requireComplexity: false })).toEqual([]);
    expect(passwordProblems(`Aa1!${'x'.repeat(70)}`, policy)).toEqual(['maxLength']);
  });
  it('says the policy in French', () => {
    expect(passwordPolicyText(policy)).toBe('Le mot de passe doit contenir au moins 8 caractères (au plus 72 ; un caractère accentué compte pour deux), dont une minuscule, une majuscule, un chiffre et un caractère spécial.');
    expect(passwordPolicyText({ minLength: 6, requireComplexity: false })).toBe('Le mot de passe doit contenir au moins 6 caractères (au plus 72 ; un caractère accentué compte pour deux).');
  });
});

describe('input bounds', () => {
  it('web addresses are http(s) only', () => {
    for (const url of ['https://mamoudzou.yt', 'HTTP://x.yt/a?b=c']) expect(isHttpUrl(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.test', 'https://a b', 'ftp://x', '']) expect(isHttpUrl(url), url).toBe(false);
  });
  it('lists of short texts', () => {
    expect(stringList('tags').safeParse(['voirie']).success).toBe(true);
    expect(stringList('tags').safeParse('voirie').success).toBe(false);
    expect(stringList('tags').safeParse(Array(31).fill('x')).success).toBe(false);
    expect(stringList('internalNotes').safeParse(['x'.repeat(2000)]).success).toBe(true);
    expect(stringList('internalNotes').safeParse(['x'.repeat(2001)]).success).toBe(false);
  });
  it('rich text is a list of known blocks whose links are http(s)', () => {
    expect(blocksSchema.safeParse([{ type: 'paragraph', children: [{ type: 'text', text: 'Bonjour' }] }]).success).toBe(true);
    expect(blocksSchema.safeParse([{ type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'a' }] }] }]).success).toBe(true);
    expect(blocksSchema.safeParse('texte').success).toBe(false);
    expect(blocksSchema.safeParse([{ type: 'paragraph', children: [{ type: 'link', url: 'javascript:x', children: [] }] }]).success).toBe(false);
  });
  it('opening hours and dates', () => {
    expect(openingHoursSchema.safeParse({ monday: { isOpen: true, periods: [{ open: '07:30', close: '15:30' }] } }).success).toBe(true);
    expect(openingHoursSchema.safeParse({ lundi: { isOpen: true, periods: [] } }).success).toBe(false);
    expect(openingHoursSchema.safeParse({ monday: { isOpen: true, periods: [{ open: '25:00', close: '26:00' }] } }).success).toBe(false);
    expect(isSaneDate('2026-12-01')).toBe(true);
    expect(isSaneDate('+275760-09-13T00:00:00.000Z')).toBe(false);
    expect(isSaneDate('1066-10-14')).toBe(false);
  });
  it('texts hold no control character (NUL, ESC, DEL, C1) nor bidi override; tabs, line breaks and right-to-left marks are text', () => {
    const cases: [string, string | undefined][] = [
      ['Bonjour\tà tous\r\nSuite', undefined],
      ['مرحبا\u200F \u200E', undefined],
      ['a\u0000b', 'U+0000'],
      ['\u0001', 'U+0001'],
      ['\u000B', 'U+000B'],
      ['\u001b[31m', 'U+001B'],
      ['\u007F', 'U+007F'],
      ['\u0085', 'U+0085'],
      ['\u009F', 'U+009F'],
      ['exe.\u202Efdp', 'U+202E'],
      ['\u202A', 'U+202A'],
      ['\u2066x\u2069', 'U+2066'],
      ['\u2069', 'U+2069'],
    ];
    for (const [text, found] of cases) expect(forbiddenCharacterIn(text), JSON.stringify(text)).toBe(found);
    expect(forbiddenCharacterInValue([{ type: 'paragraph', children: [{ type: 'text', text: 'ok\u0007' }] }])).toBe('U+0007');
    expect(forbiddenCharacterInValue({ ['clé\u0001']: 'valeur' })).toBe('U+0001');
    expect(forbiddenCharacterInValue({ tags: ['a', 'b'], n: 3, ok: true, rien: null })).toBeUndefined();
  });
});
