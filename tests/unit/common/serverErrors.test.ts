import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { frenchErrorMessage, frenchFieldMessage, isMaintenance, looksFrench, strapiFieldErrors } from '../../../src/common/serverErrors';
import { BulkMutationError } from '../../../src/providers/bulkMutationError';

describe('frenchFieldMessage: the message under a field', () => {
  it.each([
    ['title must be at most 200 characters', 'Ce champ ne peut pas dépasser 200 caractères'],
    ['password must be at least 8 characters', 'Ce champ doit contenir au moins 8 caractères'],
    ['code must be exactly 5 characters', 'Ce champ doit contenir exactement 5 caractères'],
    ['priority must be one of the following values: basse, normale, haute, critique, ', 'Valeur non autorisée'],
    ['zone must be one of the following values: Kawéni, Cavani, Mamoudzou centre', 'Valeur non autorisée'],
    ['This attribute must be unique', 'Cette valeur est déjà utilisée'],
    ['latitude must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).', 'Nombre attendu'],
    ['latitude must be a finite number', 'Nombre attendu'],
    ['capacity must be an integer', 'Nombre entier attendu'],
    ['citizenEmail must be a valid email', 'Adresse email invalide'],
    ['website must be a valid URL', 'Adresse web invalide'],
    ['title is a required field', 'Ce champ est requis'],
    ['address must be defined.', 'Ce champ est requis'],
    ['email cannot be empty', 'Ce champ est requis'],
    ['slug must match the following: "/^[a-z0-9]+(?:-[a-z0-9]+)*$/"', 'Format invalide'],
    ['sessionTimeout must be less than or equal to 480', 'La valeur doit être inférieure ou égale à 480'],
    ['latitude must be greater than or equal to -90', 'La valeur doit être supérieure ou égale à -90'],
    ['count must be greater than 0', 'La valeur doit être supérieure à 0'],
    ['tags field must have less than or equal to 3 items', 'Au plus 3 élément(s) autorisé(s)'],
    ['1 relation(s) of type api::report.report associated with this entity do not exist', 'Élément lié introuvable'],
  ])('%s → %s', (message, french) => {
    expect(frenchFieldMessage(message)).toBe(french);
  });

  it('keeps a message the backend already writes in French', () => {
    expect(frenchFieldMessage("Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »")).toBe(
      "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »",
    );
  });

  it('drops the "attribute : " prefix of a French message, redundant under its field', () => {
    expect(frenchFieldMessage('photos : seules les images sont acceptées (arrete.pdf)')).toBe('Seules les images sont acceptées (arrete.pdf)');
    expect(frenchFieldMessage('photos : fichier introuvable')).toBe('Fichier introuvable');
    expect(frenchFieldMessage('slaTarget : date invalide')).toBe('Date invalide');
  });

  it('says "Valeur invalide" for anything else', () => {
    expect(frenchFieldMessage('title must be a trimmed string')).toBe('Valeur invalide');
    expect(frenchFieldMessage('')).toBe('Valeur invalide');
  });
});

describe('looksFrench', () => {
  it.each([
    ["Le sous-type « X » n'appartient pas au type « Y »", true],
    ['Type de fichier non autorisé : note.txt (types acceptés : images, pdf)', true],
    ['Fichier trop volumineux : grande.png (2 Mo ; maximum 1 Mo)', true],
    ['Invalid identifier or password', false],
    ['Missing "data" payload in the request body', false],
    ['zone must be one of the following values: Kawéni, Cavani', false],
    ['Invalid key é', false],
    ['Forbidden', false],
  ])('%s → %s', (message, french) => {
    expect(looksFrench(message)).toBe(french);
  });
});

describe('strapiFieldErrors', () => {
  it('reads yup details.errors and a custom details.path, first message per field', () => {
    expect(
      strapiFieldErrors({
        error: {
          name: 'ValidationError',
          message: '2 errors occurred',
          details: { errors: [{ path: ['title'], message: 'title must be defined.' }, { path: ['title'], message: 'title must be at most 200 characters' }] },
        },
      }),
    ).toEqual({ title: 'Ce champ est requis' });
    expect(strapiFieldErrors({ error: { name: 'ValidationError', message: 'photos : fichier introuvable', details: { path: ['photos'] } } })).toEqual({
      photos: 'Fichier introuvable',
    });
  });

  it('answers undefined when no field is named', () => {
    expect(strapiFieldErrors({ error: { name: 'ForbiddenError', message: 'Forbidden', details: {} } })).toBeUndefined();
    expect(strapiFieldErrors({ error: { name: 'ValidationError', message: 'Invalid key x', details: { path: 'x', source: 'query' } } })).toBeUndefined();
    expect(strapiFieldErrors('<html>')).toBeUndefined();
    expect(strapiFieldErrors(undefined)).toBeUndefined();
  });
});

const http = (status: number, message: string, body: unknown = { error: { status, message } }) => new HttpError(`Strapi ${status}: ${message}`, status, body);

describe('frenchErrorMessage: the toast of a failed call', () => {
  it.each<[string, unknown, string]>([
    [
      '400 with field errors',
      http(400, '2 errors occurred', { error: { message: '2 errors occurred' }, errors: { title: 'Ce champ est requis' } }),
      'Vérifiez les champs signalés.',
    ],
    [
      '400 with Strapi details naming fields',
      http(400, 'x', { error: { name: 'ValidationError', message: 'title must be defined.', details: { errors: [{ path: ['title'], message: 'title must be defined.' }] } } }),
      'Vérifiez les champs signalés.',
    ],
    ['400 with a French backend message', http(400, 'slaTarget : date invalide'), 'slaTarget : date invalide'],
    ['400 with an English backend message', http(400, 'Missing "data" payload in the request body'), 'Les données envoyées ont été refusées.'],
    ['401', http(401, 'Unauthorized'), 'Votre session a expiré. Veuillez vous reconnecter.'],
    ['403', http(403, 'Forbidden'), "Vous n'avez pas les droits nécessaires pour cette action."],
    ['404', http(404, 'Not Found'), "Cet élément n'existe plus."],
    ['409', http(409, 'Conflict'), 'Cet élément a été modifié entre-temps. Rechargez la page puis réessayez.'],
    ['413', http(413, 'Payload Too Large'), 'Le fichier est trop volumineux.'],
    ['429', http(429, 'Too Many Requests'), 'Trop de tentatives. Patientez un moment avant de réessayer.'],
    [
      '429 of a locked account, in French',
      http(429, "Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant 15 minutes (jusqu'à 14:32)."),
      "Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant 15 minutes (jusqu'à 14:32).",
    ],
    [
      '503 of maintenance: the administrators\' message',
      http(503, 'x', { error: { status: 503, name: 'ServiceUnavailableError', message: 'Mise à jour du serveur jusqu’à 14 h.', details: { maintenance: true } } }),
      'Mise à jour du serveur jusqu’à 14 h.',
    ],
    [
      '503 of maintenance without a message',
      http(503, 'x', { error: { status: 503, message: '', details: { maintenance: true } } }),
      'Le back-office est en maintenance : les modifications sont suspendues.',
    ],
    ['500', http(500, 'Internal Server Error'), 'Le serveur a rencontré une erreur. Réessayez plus tard.'],
    ['503', http(503, 'Service Unavailable', '<html>'), 'Le serveur a rencontré une erreur. Réessayez plus tard.'],
    ['a network failure', new TypeError('Failed to fetch'), 'Impossible de joindre le serveur. Vérifiez votre connexion.'],
    ['an upload too large', new HttpError('Upload failed: 413 Payload Too Large', 413, null), 'Le fichier est trop volumineux.'],
    ['an upload failure without a status field', new Error('Cover image upload failed: 413 Payload Too Large'), 'Le fichier est trop volumineux.'],
    [
      'an upload refused with a French reason',
      new HttpError('Upload failed: 400 Bad Request', 400, { error: { message: 'Type de fichier non autorisé : note.txt (types acceptés : images)' } }),
      'Type de fichier non autorisé : note.txt (types acceptés : images)',
    ],
    ['an upload refused without a reason', new HttpError('Image upload failed: 400 Bad Request', 400, null), 'Le fichier a été refusé.'],
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
  it('recognises the backend\'s maintenance answer, not any 503', () => {
    expect(isMaintenance(http(503, 'x', { error: { status: 503, message: 'Maintenance', details: { maintenance: true } } }))).toBe(true);
    expect(isMaintenance(http(503, 'Service Unavailable', '<html>'))).toBe(false);
    expect(isMaintenance(http(400, 'x', { error: { details: { maintenance: true } } }))).toBe(false);
    expect(isMaintenance(undefined)).toBe(false);
  });
});
