import { describe, expect, it } from 'vitest';
import { changeText } from '../../../src/resources/audit/AuditChanges';
import { messages } from '../../../src/resources/audit/messages';

/** How an unfolded audit entry reads the changes of a custom role and of a person's two-factor. */
describe('audit changes in French', () => {
  it('writes a role’s grants as modules and actions', () => {
    expect(changeText('grants', { signalements: ['read', 'edit'], contenus: ['read'] })).toBe('Signalements : Lecture, Modification ; Contenus : Lecture');
    expect(changeText('grants', {})).toBe('—');
    expect(messages.fieldNames.grants).toBe('Permissions');
  });

  it('names the two-factor field and keeps its French states', () => {
    expect(messages.fieldNames.twoFactor).toBe('Double authentification');
    expect(changeText('twoFactor', 'réinitialisée')).toBe('réinitialisée');
  });
});

describe('audit details a person reads', () => {
  it('names a place’s fields in French and never shows the stored data as JSON', () => {
    expect(messages.fieldNames.wheelchairAccessible).toBe('Accessible en fauteuil roulant');
    expect(changeText('wheelchairAccessible', true)).toBe('Oui');
    expect(changeText('services', ['Wifi', 'Photocopies'])).toBe('Wifi, Photocopies');
    expect(changeText('openingHours', { monday: { isOpen: true, periods: [{ open: '08:00', close: '12:00' }] } })).toBe('lun 08:00-12:00');
    expect(changeText('photos', [{ id: 3, name: 'lampadaire.jpg', url: '/uploads/lampadaire.jpg' }])).toBe('lampadaire.jpg');
    const text = changeText('location', { latitude: -12.78, longitude: 45.22 });
    expect(text).toBe('Latitude : -12.78 ; Longitude : 45.22');
    for (const value of [text, changeText('services', ['Wifi'])]) expect(value).not.toMatch(/[{}[\]"]/);
  });
});
