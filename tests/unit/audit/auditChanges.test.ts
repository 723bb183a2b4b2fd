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
