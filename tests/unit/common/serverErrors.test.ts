import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { FIELD_ERROR_CODES } from '../../../domain/errors';
import { fieldMessage, frenchErrorMessage, isMaintenance, strapiFieldErrors, UPLOAD_FAILED } from '../../../src/common/serverErrors';
import { BulkMutationError } from '../../../src/providers/bulkMutationError';

describe('fieldMessage: the message under a field, by the refusal’s code', () => {
  it.each<[object, string]>([
    [{ code: 'too_long', params: { max: '200' } }, 'Ce champ ne peut pas dépasser 200 caractères'],
    [{ code: 'too_short', params: { min: '8' } }, 'Ce champ doit contenir au moins 8 caractères'],
    [{ code: 'exact_length', params: { length: '5' } }, 'Ce champ doit contenir exactement 5 caractères'],
    [{ code: 'not_allowed' }, 'Valeur non autorisée'],
    [{ code: 'unique' }, 'Cette valeur est déjà utilisée'],
    [{ code: 'number' }, 'Nombre attendu'],
    [{ code: 'integer' }, 'Nombre entier attendu'],
    [{ code: 'email' }, 'Adresse email invalide'],
    [{ code: 'url' }, 'Adresse web invalide'],
    [{ code: 'required' }, 'Ce champ est requis'],
    [{ code: 'format' }, 'Format invalide'],
    [{ code: 'max', params: { max: '480' } }, 'La valeur doit être inférieure ou égale à 480'],
    [{ code: 'min', params: { min: '-90' } }, 'La valeur doit être supérieure ou égale à -90'],
    [{ code: 'more_than', params: { min: '0' } }, 'La valeur doit être supérieure à 0'],
    [{ code: 'max_items', params: { max: '3' } }, 'Au plus 3 élément(s) autorisé(s)'],
    [{ code: 'relation_not_found' }, 'Élément lié introuvable'],
  ])('%o', (item, french) => {
    expect(fieldMessage(item)).toBe(french);
  });

  it('has a French sentence for every field code of domain/errors.ts', () => {
    for (const code of FIELD_ERROR_CODES) expect(fieldMessage({ code }), code).toMatch(/\S/);
  });

  it('shows the backend’s own words (code invalid_value) as they are', () => {
    expect(fieldMessage({ code: 'invalid_value', message: "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »" })).toBe(
      "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »",
    );
  });

  it('says "Valeur invalide" for a message without a code it knows, whatever its words', () => {
    expect(fieldMessage({ message: 'title must be at most 200 characters' })).toBe('Valeur invalide');
    expect(fieldMessage({ code: 'invalid' })).toBe('Valeur invalide');
    expect(fieldMessage({})).toBe('Valeur invalide');
  });
});

describe('strapiFieldErrors', () => {
  it('reads details.errors, first message per field', () => {
    expect(
      strapiFieldErrors({
        error: {
          name: 'ValidationError',
          message: '2 errors occurred',
          details: { code: 'invalid_fields', errors: [{ path: ['title'], message: 'title must be defined.', code: 'required' }, { path: ['title'], code: 'too_long', params: { max: 200 } }] },
        },
      }),
    ).toEqual({ title: 'Ce champ est requis' });
    expect(
      strapiFieldErrors({ error: { name: 'ValidationError', message: 'photos : fichier introuvable', details: { code: 'invalid_value', path: ['photos'], errors: [{ path: ['photos'], message: 'Fichier introuvable', code: 'invalid_value' }] } } }),
    ).toEqual({ photos: 'Fichier introuvable' });
  });

  it('answers undefined when no field is named', () => {
    expect(strapiFieldErrors({ error: { name: 'ForbiddenError', message: 'Forbidden', details: {} } })).toBeUndefined();
    expect(strapiFieldErrors({ error: { name: 'ValidationError', message: 'Invalid key x', details: { path: 'x', source: 'query' } } })).toBeUndefined();
    expect(strapiFieldErrors('<html>')).toBeUndefined();
    expect(strapiFieldErrors(undefined)).toBeUndefined();
  });
});

const http = (status: number, message: string, body: unknown = { error: { status, message } }) => new HttpError(`Strapi ${status}: ${message}`, status, body);
const coded = (status: number, code: string, message: string) => http(status, message, { error: { status, message, details: { code } } });

describe('frenchErrorMessage: the toast of a failed call, by status and code', () => {
  it.each<[string, unknown, string]>([
    [
      '400 with field errors',
      http(400, '2 errors occurred', { error: { message: '2 errors occurred' }, errors: { title: 'Ce champ est requis' } }),
      'Vérifiez les champs signalés.',
    ],
    [
      '400 with details naming fields',
      http(400, 'x', { error: { name: 'ValidationError', message: 'title must be defined.', details: { code: 'invalid_fields', errors: [{ path: ['title'], code: 'required' }] } } }),
      'Vérifiez les champs signalés.',
    ],
    ['400 of the backend’s own refusal: its French sentence', coded(400, 'invalid_request', 'weeks : de 2 à 54 dates croissantes attendues'), 'weeks : de 2 à 54 dates croissantes attendues'],
    ['400 of a framework refusal: the SPA’s sentence for its code', coded(400, 'registration_closed', 'Register action is currently disabled'), "L'inscription publique est fermée. Demandez un compte à un administrateur."],
    ['400 without a code', http(400, 'Missing "data" payload in the request body'), 'Les données envoyées ont été refusées.'],
    ['400 without a code, even in French', http(400, 'Une phrase en français'), 'Les données envoyées ont été refusées.'],
    ['401', http(401, 'Unauthorized'), 'Votre session a expiré. Veuillez vous reconnecter.'],
    ['403', http(403, 'Forbidden'), "Vous n'avez pas les droits nécessaires pour cette action."],
    ['404', http(404, 'Not Found'), "Cet élément n'existe plus."],
    ['409', http(409, 'Conflict'), 'Cet élément a été modifié entre-temps. Rechargez la page puis réessayez.'],
    ['413', http(413, 'Payload Too Large'), 'Le fichier est trop volumineux.'],
    ['429 of a framework', coded(429, 'rate_limited', 'Too many requests, please try again later.'), 'Trop de tentatives. Patientez un moment avant de réessayer.'],
    ['400 of a body without data', coded(400, 'missing_data', 'Missing "data" payload in the request body'), "Requête incomplète : aucune donnée n'a été envoyée. Rechargez la page puis réessayez."],
    ['429 without a code', http(429, 'Too Many Requests'), 'Trop de tentatives. Patientez un moment avant de réessayer.'],
    [
      '429 of a locked account, the backend’s own sentence',
      coded(429, 'too_many_requests', "Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant 15 minutes (jusqu'à 14:32)."),
      "Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant 15 minutes (jusqu'à 14:32).",
    ],
    [
      '503 of maintenance: the administrators\' message',
      http(503, 'x', { error: { status: 503, name: 'ServiceUnavailableError', message: 'Mise à jour du serveur jusqu’à 14 h.', details: { code: 'maintenance', maintenance: true } } }),
      'Mise à jour du serveur jusqu’à 14 h.',
    ],
    [
      '503 of maintenance without a message',
      http(503, 'x', { error: { status: 503, message: '', details: { code: 'maintenance', maintenance: true } } }),
      'Le back-office est en maintenance : les modifications sont suspendues.',
    ],
    ['500', http(500, 'Internal Server Error'), 'Le serveur a rencontré une erreur. Réessayez plus tard.'],
    ['503', http(503, 'Service Unavailable', '<html>'), 'Le serveur a rencontré une erreur. Réessayez plus tard.'],
    ['a network failure', new TypeError('Failed to fetch'), 'Impossible de joindre le serveur. Vérifiez votre connexion.'],
    ['an upload too large', Object.assign(new HttpError('Upload failed: 413 Payload Too Large', 413, null), { code: UPLOAD_FAILED }), 'Le fichier est trop volumineux.'],
    [
      'an upload refused with the backend’s reason',
      Object.assign(new HttpError('Upload failed: 400 Bad Request', 400, { error: { message: 'Type de fichier non autorisé : note.txt (types acceptés : images)', details: { code: 'file_refused' } } }), { code: UPLOAD_FAILED }),
      'Type de fichier non autorisé : note.txt (types acceptés : images)',
    ],
    ['an upload refused without a reason', Object.assign(new HttpError('Upload failed: 400 Bad Request', 400, null), { code: UPLOAD_FAILED }), 'Le fichier a été refusé.'],
    ['a status written only in the message', new Error('Strapi 403: Forbidden'), "Vous n'avez pas les droits nécessaires pour cette action."],
    ['anything else', new Error('boom'), 'Une erreur inattendue est survenue. Réessayez.'],
    ['not even an error', 'boom', 'Une erreur inattendue est survenue. Réessayez.'],
  ])('%s', (_case, error, french) => {
    expect(frenchErrorMessage(error)).toBe(french);
  });

  it('a partial bulk failure speaks for its first failure', () => {
    const error = new BulkMutationError(['a'], [
      { id: 'b', error: http(403, 'Forbidden') },
      { id: 'c', error: http(500, 'Internal Server Error') },
    ]);
    expect(frenchErrorMessage(error)).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
  });
});

describe('isMaintenance', () => {
  it('recognises the backend\'s maintenance answer by its code, not any 503', () => {
    expect(isMaintenance(http(503, 'x', { error: { status: 503, message: 'Maintenance', details: { code: 'maintenance', maintenance: true } } }))).toBe(true);
    expect(isMaintenance(http(503, 'Service Unavailable', '<html>'))).toBe(false);
    expect(isMaintenance(http(400, 'x', { error: { details: { code: 'maintenance' } } }))).toBe(false);
    expect(isMaintenance(undefined)).toBe(false);
  });
});
