import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';

/** A 400 in Strapi's format naming the one field at fault, with its French message (what the SPA shows under the field). */
export const fieldRefusal = (path: string, message: string) =>
  new errors.ValidationError(message, coded('invalid_value', { errors: [{ path: [path], message, name: 'ValidationError', code: 'invalid_value' as const }] }));
