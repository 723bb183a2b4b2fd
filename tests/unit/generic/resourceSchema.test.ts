import { describe, expect, it } from 'vitest';
import { oneOf, optionalEmail, requiredText } from '../../../src/generic/schema';
import { schemaOf, zodValidate } from '../../../src/generic/validation';
import type { ResourceConfig } from '../../../src/generic/types';

const config = {
  fields: [
    { source: 'title', label: 'Titre', type: 'text', schema: requiredText(200, { required: 'Le titre est requis', tooLong: 'Le titre ne peut pas dépasser 200 caractères' }) },
    { source: 'priority', label: 'Priorité', type: 'select', schema: oneOf(['basse', 'haute']) },
    { source: 'email', label: 'Email', type: 'email', schema: optionalEmail() },
    { source: 'createdAt', label: 'Créé le', type: 'datetime', readOnly: true },
  ],
} as unknown as ResourceConfig;

describe('zodValidate over a config schema', () => {
  const validate = zodValidate(schemaOf(config));

  it('reports each missing or invalid field in French', () => {
    expect(validate({ title: '', priority: null, email: 'pas-un-mail' })).toEqual({
      title: 'Le titre est requis',
      priority: 'Ce champ est requis',
      email: 'Adresse email invalide',
    });
  });

  it('checks the maximum length', () => {
    expect(validate({ title: 'x'.repeat(201), priority: 'basse' })).toEqual({ title: 'Le titre ne peut pas dépasser 200 caractères' });
  });

  it('accepts valid values and empty optional ones', () => {
    expect(validate({ title: 'Lampadaire', priority: 'haute', email: '' })).toEqual({});
  });
});
