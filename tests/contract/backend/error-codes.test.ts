import { describe, expect, it } from 'vitest';
import { call, logIn, newAccount, tokenOf, unique, upload } from '../support/api';

/**
 * Every refusal carries a code in `error.details.code` (domain/errors.ts), and each refused field its own: the
 * SPA chooses its French sentence by code and status, never by the wording. The backend's own refusals carry
 * theirs from where they are thrown, with a French message; its frameworks' English ones get theirs from
 * backend/src/middlewares/error-codes.ts.
 */
describe('the codes of refusals', () => {
  it("Strapi's validation of a body: invalid_fields, and each field its code and bound", async () => {
    const token = await tokenOf('author');
    const article = (data: object) => ({ data: { title: 'Fête de la musique', slug: unique('fete'), date: new Date().toISOString(), ...data } });
    const long = await call('POST', '/api/articles', { token, body: article({ title: 'A'.repeat(201) }) });
    expect(long.status).toBe(400);
    expect(long.body.error.details.code).toBe('invalid_fields');
    expect(long.body.error.details.errors).toEqual([expect.objectContaining({ path: ['title'], code: 'too_long', params: { max: '200' } })]);
    const event = { title: 'Soirée', slug: unique('soiree'), date: '2026-12-01', time: '18:00:00.000', location: 'Cavani', category: 'Cuisine' };
    const category = await call('POST', '/api/events', { token, body: { data: event } });
    expect([category.status, category.body.error?.details.code]).toEqual([400, 'invalid_fields']);
    expect(category.body.error.details.errors).toEqual([expect.objectContaining({ path: ['category'], code: 'not_allowed' })]);
  });

  it("the backend's own rule of a field: invalid_value, with its French words under the field", async () => {
    const token = await tokenOf('editor');
    const res = await call('POST', '/api/pois', {
      token,
      body: { data: { name: unique('Plage'), category: 'loisirs', address: 'Front de mer', openingHours: { monday: { isOpen: true, periods: [{ open: '25:00', close: '26:00' }] } } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.code).toBe('invalid_value');
    expect(res.body.error.details.errors).toEqual([{ path: ['openingHours'], message: expect.stringMatching(/^Heure au format HH:mm attendue/), code: 'invalid_value' }]);
    expect(res.body.error.message).toMatch(/^openingHours : /);
  });

  it('users-permissions’ refusals: a wrong password, a closed registration, a wrong current password', async () => {
    const wrong = await call('POST', '/api/auth/local', { body: { identifier: 'admin@mairie.test', password: 'mauvais' } });
    expect([wrong.status, wrong.body.error.details.code]).toEqual([400, 'invalid_credentials']);
    const closed = await call('POST', '/api/auth/local/register', { body: { username: unique('habitant'), email: `${unique('h')}@example.test`, password: 'Habitant123!' } });
    expect([closed.status, closed.body.error.details.code]).toEqual([400, 'registration_closed']);
    const account = await newAccount('Operator');
    const token = await logIn(account.email, account.password);
    const current = await call('POST', '/api/auth/change-password', { token, body: { currentPassword: 'Mauvais123!', password: 'Nouveau123!', passwordConfirmation: 'Nouveau123!' } });
    expect([current.status, current.body.error.details.code]).toEqual([400, 'wrong_current_password']);
  });

  it('a role that may not change some settings: forbidden_field, with the French reason', async () => {
    const res = await call('PUT', '/api/setting', { token: await tokenOf('editor'), body: { data: { maxLoginAttempts: 9 } } });
    expect(res.status).toBe(403);
    expect(res.body.error.details).toMatchObject({ code: 'forbidden_field', fields: ['maxLoginAttempts'] });
    expect(res.body.error.message).toMatch(/^Votre rôle ne permet pas de modifier ces paramètres/);
  });

  it('a file the rules refuse: file_refused; a request the route cannot read: invalid_request; a record of someone else: not_found', async () => {
    const operator = await tokenOf('operator');
    const file = await upload(operator, 'script.sh', Buffer.from('#!/bin/sh\n'), 'application/x-sh');
    expect([file.status, file.body.error.details.code]).toEqual([400, 'file_refused']);
    const search = await call('GET', '/api/search?q=kaweni&sort=hasard', { token: operator });
    expect([search.status, search.body.error.details.code]).toEqual([400, 'invalid_request']);
    const notification = await call('PUT', '/api/notifications/nope', { token: await tokenOf('admin'), body: { data: { read: true } } });
    expect([notification.status, notification.body.error.details.code]).toEqual([404, 'not_found']);
  });

  it("a login's second step with a challenge it cannot read: 401 two_factor, its French sentence kept", async () => {
    const forged = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: 'abc.def.ghi', code: '123456' } });
    expect([forged.status, forged.body.error.details.code]).toEqual([401, 'two_factor']);
    expect(forged.body.error.message).toBe('Étape de connexion expirée : reconnectez-vous avec votre mot de passe.');
  });
});
