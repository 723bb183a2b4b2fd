import { describe, expect, it } from 'vitest';
import { renameTypeIn, typeRenames } from '../../../src/custom/settings/settingsForm';

/** Types each state of the names one after the other, as a person does: the renames seen on the way. */
function typeAlong(start: string[], ...states: string[][]) {
  let known: (string | null)[] = start;
  const seen: [string, string][] = [];
  for (const names of states) {
    const step = typeRenames(known, names);
    known = step.known;
    seen.push(...step.renames);
  }
  return { known, seen };
}

describe('a report type renamed in Paramétrages → Signalements', () => {
  it('is followed keystroke by keystroke', () => {
    expect(typeAlong(['Voirie', 'Propreté'], ['Voiri', 'Propreté'], ['Voir', 'Propreté'], ['Voirs', 'Propreté'])).toEqual({
      known: ['Voirs', 'Propreté'],
      seen: [['Voirie', 'Voiri'], ['Voiri', 'Voir'], ['Voir', 'Voirs']],
    });
  });

  it('emptied then typed again is one rename from the old name', () => {
    const { known, seen } = typeAlong(['Voirie', 'Propreté'], ['', 'Propreté'], ['C', 'Propreté'], ['Chaussée', 'Propreté']);
    expect(seen[0]).toEqual(['Voirie', 'C']);
    expect(known).toEqual(['Chaussée', 'Propreté']);
  });

  it('passing through another row’s name takes nothing from it', () => {
    // « Propreté » typed over « Voirie » on its way to « Propreté urbaine ».
    const { seen } = typeAlong(['Voirie', 'Propreté'], ['Propreté', 'Propreté'], ['Propreté urbaine', 'Propreté']);
    expect(seen).toEqual([['Voirie', 'Propreté urbaine']]);
  });

  it('rows moved, added or removed rename nothing', () => {
    expect(typeAlong(['Voirie', 'Propreté'], ['Propreté', 'Voirie']).seen).toEqual([]);
    expect(typeAlong(['Voirie', 'Propreté'], ['Voirie', 'Propreté', '']).seen).toEqual([]);
    expect(typeAlong(['Voirie', 'Propreté'], ['Propreté']).seen).toEqual([]);
    // A row added is a new type: its first letter renames nothing (its next ones follow it, as for any row).
    expect(typeAlong(['Voirie'], ['Voirie', ''], ['Voirie', 'D'], ['Voirie', 'Déchets']).seen).toEqual([['D', 'Déchets']]);
  });

  it('carries the new name to the response templates, the delays per type and the type → service table', () => {
    const values = {
      responseTemplates: [
        { title: 'A', text: 'a', type: 'Voirie', status: null },
        { title: 'B', text: 'b', type: null, status: 'resolu' },
      ],
      slaTypeOverrides: [{ type: 'Voirie', priority: 'haute', hours: 8 }],
      reportTypeServices: { Voirie: 'Services Techniques', Propreté: 'Environnement', Chaussée: '' },
    } as never;
    expect(renameTypeIn(values, 'Voirie', 'Chaussée')).toEqual({
      responseTemplates: [
        { title: 'A', text: 'a', type: 'Chaussée', status: null },
        { title: 'B', text: 'b', type: null, status: 'resolu' },
      ],
      slaTypeOverrides: [{ type: 'Chaussée', priority: 'haute', hours: 8 }],
      reportTypeServices: { Chaussée: 'Services Techniques', Propreté: 'Environnement' },
    });
    // Nothing names it: nothing to change; a service chosen for the new name stays.
    expect(renameTypeIn(values, 'Éclairage', 'Lumière')).toEqual({});
    expect(renameTypeIn(values, 'Voirie', 'Propreté').reportTypeServices).toBeUndefined();
  });
});
