import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../domain/resources';
import { nounForms, nounTexts } from '../../../src/i18n/nouns';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Every sentence a noun makes, as a flat list. */
const sentences = (texts: object): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : sentences(value)));

describe('the standard texts of a resource, made from its noun', () => {
  it('agree with a masculine noun beginning with a vowel: « Nouvel article », « cet article », « l’article »', () => {
    const t = nounTexts({ singular: 'article', plural: 'articles', gender: 'm' });
    expect(t.create).toBe('Nouvel article');
    expect(t.editTitle).toBe("Modifier l'article");
    expect(t.count).toBe('{n} article(s) trouvé(s)');
    expect(t.empty).toBe('Aucun article trouvé');
    expect(t.loading).toBe('Chargement des articles...');
    expect(t.detailLoading).toBe("Chargement de l'article...");
    expect(t.created).toEqual({ title: 'Article créé', message: "L'article a été créé." });
    expect(t.deleteConfirm.message).toBe('Êtes-vous sûr de vouloir supprimer cet article ?');
    expect(t.selectAll).toBe('Sélectionner tous les articles de la page');
  });

  it('agree with a feminine noun: « Nouvelle entrée », « Entrée créée », « {n} entrée(s) supprimée(s) »', () => {
    const t = nounTexts({ singular: 'entrée', plural: 'entrées', gender: 'f' });
    expect(t.create).toBe('Nouvelle entrée');
    expect(t.created.title).toBe('Entrée créée');
    expect(t.deleted).toEqual({ title: 'Entrée supprimée', message: "L'entrée a été supprimée.", bulkMessage: '{n} entrée(s) supprimée(s).' });
    expect(t.deleteConfirm.message).toBe('Êtes-vous sûr de vouloir supprimer cette entrée ?');
    expect(t.selectAll).toBe('Sélectionner toutes les entrées de la page');
    expect(nounTexts({ singular: 'notification', plural: 'notifications', gender: 'f' }).detailLoading).toBe('Chargement de la notification...');
  });

  it('count a compound noun by its first word, and name the buttons by a short form: « point(s) d’intérêt », « Nouveau POI »', () => {
    const t = nounTexts({ singular: "point d'intérêt", plural: "points d'intérêt", gender: 'm', short: 'POI' });
    expect(t.count).toBe("{n} point(s) d'intérêt trouvé(s)");
    expect(t.create).toBe('Nouveau POI');
    expect(t.submitCreate).toBe('Créer le POI');
    expect(t.deleteConfirm.title).toBe("Supprimer le point d'intérêt");
    expect(t.detailLoadingError).toBe("Erreur lors du chargement du point d'intérêt");
    expect(nounForms({ singular: 'hibou', plural: 'hiboux', gender: 'm', elision: false }).counted).toBe('hiboux');
  });

  it('makes every sentence the comment above a row’s noun quotes (domain/resources.ts), so the comment cannot lie', () => {
    const source = readFileSync(path.join(root, 'domain/resources.ts'), 'utf8');
    const rows = [...source.matchAll(/key: '([^']+)'(?:(?!key: ')[\s\S])*?\/\/ (.*«.*)\n\s*noun: /g)];
    expect(rows.length).toBeGreaterThan(0);
    for (const [, key, comment] of rows) {
      const noun = RESOURCES.find((row) => row.key === key)?.noun;
      expect(noun, key).toBeDefined();
      const quoted = [...comment.matchAll(/« ([^»]+) »/g)].map((m) => m[1]);
      expect(quoted.length, key).toBeGreaterThan(0);
      for (const sentence of quoted) expect(sentences(nounTexts(noun!)), `${key}: ${sentence}`).toContain(sentence);
    }
  });
});
