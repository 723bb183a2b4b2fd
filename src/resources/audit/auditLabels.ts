import { AUDIT_MODULE_LABELS, roleLabelOf } from '@mamoudzou/domain/permissions';
import { messages as l } from './messages';

/** An audit action in French ("Création"), else as stored. */
export const actionLabelOf = (action: unknown) => l.actions[action as keyof typeof l.actions] ?? String(action ?? '');
/** An audit module in French ("Paramétrages"), else as stored. */
export const moduleLabelOf = (module: unknown) => (Object.hasOwn(AUDIT_MODULE_LABELS, String(module)) ? AUDIT_MODULE_LABELS[module as keyof typeof AUDIT_MODULE_LABELS] : String(module ?? ''));
/** The role of the author of an entry in French ("Opérateur"); none for a failed login. */
export const auditRoleOf = (role: unknown) => (typeof role === 'string' && role ? roleLabelOf(role) : '');
