import { errors } from '@strapi/utils';

/** A 400 in Strapi's format naming the one field at fault, with its French message (what the SPA shows under the field). */
export const fieldRefusal = (path: string, message: string) => new errors.ValidationError(message, { errors: [{ path: [path], message, name: 'ValidationError' }] });
