import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { passwordPolicyText, passwordProblems } from '@mamoudzou/domain/password';
import { currentSettings } from '../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const USER = 'plugin::users-permissions.user';

/**
 * Every password set (an administrator's new account or reset, registration, a password change)
 * goes through the users-permissions user service, which writes through the document service with
 * the password still in clear: the settings' passwordMinLength and requirePasswordComplexity are
 * checked there, once for every route.
 */
export function registerPasswordPolicy(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== USER || (context.action !== 'create' && context.action !== 'update')) return next();
    const password = (context as any).params?.data?.password;
    if (password === undefined || password === null) return next();
    const settings = await currentSettings(strapi);
    const policy = { minLength: settings.passwordMinLength, requireComplexity: settings.requirePasswordComplexity };
    if (typeof password !== 'string' || passwordProblems(password, policy).length > 0) {
      throw new errors.ValidationError(
        passwordPolicyText(policy),
        coded('password_policy', { errors: [{ path: ['password'], message: passwordPolicyText(policy), name: 'ValidationError', code: 'invalid_value' }] }),
      );
    }
    return next();
  });
}
