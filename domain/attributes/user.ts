import { defineAttributes } from '../attributes';
import { SERVICES, USER_STATUSES } from '../vocabulary';

/**
 * What the product adds to a users-permissions account (backend/src/extensions/users-permissions): its
 * service, an administrative status, the time of its last login, and what the backend alone keeps.
 */
export const USER_OWN_ATTRIBUTES = defineAttributes({
  service: { type: 'enumeration', enum: SERVICES },
  status: { type: 'enumeration', enum: USER_STATUSES, default: 'actif' },
  // Stamped at each login.
  lastAccess: { type: 'datetime', computed: true },
  // Kept by the backend for the notifications routes (never sent with the user).
  notificationPreferences: { type: 'json', private: true },
  // Invited and not yet through the link: the users list shows « Invitation envoyée ».
  invitationPending: { type: 'boolean', default: false, computed: true },
  // The mailed password link (its hash is the plugin's private resetPasswordToken): backend/src/users/password-links.ts.
  passwordCodeExpiresAt: { type: 'datetime', private: true },
  passwordCodePurpose: { type: 'enumeration', enum: ['reset', 'invitation'], private: true },
  passwordResetMailedAt: { type: 'datetime', private: true },
});

/** An account: the plugin's attributes the screens use, as the plugin declares them, and the product's. */
export const USER_ATTRIBUTES = defineAttributes({
  username: { type: 'string', required: true, unique: true, minLength: 3 },
  email: { type: 'email', required: true, minLength: 6 },
  password: { type: 'password', private: true, minLength: 6 },
  confirmed: { type: 'boolean', default: false },
  blocked: { type: 'boolean', default: false },
  role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role', inversedBy: 'users' },
  ...USER_OWN_ATTRIBUTES,
});
