import { describe, expect, it } from 'vitest';
import { normalizeSearchText, plainText, searchTextOf } from '@mamoudzou/domain/search';

describe('search text normalisation (case and accents ignored)', () => {
  it('lowercases, removes accents and spells out ligatures', () => {
    for (const spelling of ['kaweni', 'KAWÉNI', 'Kawéni', ' kawÉni  ']) expect(normalizeSearchText(spelling)).toBe('kaweni');
    expect(normalizeSearchText('Éclairage public')).toBe('eclairage public');
    expect(normalizeSearchText('Œuvre du cœur, Æther')).toBe('oeuvre du coeur, aether');
    expect(normalizeSearchText('Mtsapéré   Ça   déborde')).toBe('mtsapere ca deborde');
    expect(normalizeSearchText('l’école')).toBe("l'ecole");
  });

  it('flattens rich-text blocks and lists', () => {
    const body = [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Pièces à fournir' }] },
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Livret de famille' }] }, { type: 'list-item', children: [{ type: 'text', text: 'Carnet de vaccination', bold: true }] }] },
    ];
    expect(plainText(body)).toBe('Pièces à fournir\nLivret de famille\nCarnet de vaccination');
    expect(plainText([{ type: 'paragraph', children: [{ type: 'text', text: 'Voir ' }, { type: 'link', url: 'https://x', children: [{ type: 'text', text: 'le site' }] }] }])).toBe('Voir le site');
    expect(plainText(['plage', 'snorkeling'])).toBe('plage\nsnorkeling');
  });

  it("joins a record's search fields, normalised, without joining words across fields", () => {
    const text = searchTextOf('report', { title: 'Lampadaire éteint', description: 'Rue du Marché', type: 'Éclairage public', zone: 'Kawéni', documentId: 'abc123', citizenName: 'Fatima' });
    expect(text).toContain('lampadaire eteint');
    expect(text).toContain('eclairage public');
    expect(text).toContain('kaweni');
    expect(text).toContain('abc123');
    expect(text).not.toContain('fatima');
    expect(text).not.toContain('eteint rue');
  });
});
