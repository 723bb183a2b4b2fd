import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { fakeBackend } from '../../support/fakeBackend';
import { allowConsoleError } from '../allowConsoleError';
import { renderInDataRouter, renderScreenInDataRouter } from './renderInDataRouter';

// The settings form holds every setting in six tabs: on a loaded machine its tests take more than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

type Saved = Record<string, unknown>;

/** The fake backend with a settings record that a save really changes, and the backups routes. */
function settingsBackend(initial: Saved = {}) {
  const backend = fakeBackend();
  let stored: Saved = { ...DEFAULT_SETTINGS, ...initial };
  const record = () => ({ body: { data: { id: 1, documentId: 'settings', ...stored } } });
  backend.on('GET', '/api/setting', record);
  backend.on('PUT', '/api/setting', (call) => {
    stored = { ...stored, ...(call.body as { data: Saved }).data };
    return record();
  });
  backend.on('POST', '/api/setting/reset', () => {
    stored = { ...DEFAULT_SETTINGS };
    return record();
  });
  backend.on('GET', '/api/backups', { body: { data: [{ name: 'sauvegarde-20261122-230000.tar.gz', size: 2_400_000, createdAt: '2026-11-22T23:00:00.000Z' }], meta: { folder: '/srv/sauvegardes', keep: 10 } } });
  backend.sessionStorageFor('admin');
  return { ...backend, stored: () => stored };
}

/** A fetch that holds the calls of `method` to /api/setting until `release` is called (to see what shows meanwhile). */
function held(fetch: (input: string, init?: RequestInit) => Promise<Response>, method: 'GET' | 'PUT') {
  const waiting: (() => void)[] = [];
  let released = false;
  const holding = (input: string, init: RequestInit = {}) => {
    if (released || (init.method ?? 'GET') !== method || !input.endsWith('/api/setting')) return fetch(input, init);
    return new Promise<Response>((resolve) => waiting.push(() => resolve(fetch(input, init))));
  };
  const release = () => {
    released = true;
    waiting.splice(0).forEach((go) => go());
  };
  return { fetch: holding, release };
}

const openTab = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(await screen.findByRole('tab', { name }));
};
const saveButton = () => screen.getByRole('button', { name: /^Sauvegarde/ });

afterEach(() => vi.restoreAllMocks());

describe('Paramétrages: tabs and fields', () => {
  it('shows a spinner, then the six tabs with the general settings, in email, tel and url inputs', async () => {
    const backend = settingsBackend();
    const { fetch, release } = held(backend.fetch, 'GET');
    renderScreenInDataRouter('/parametrages', { fetch });
    expect(await screen.findByText('Chargement des paramètres...')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Configuration et personnalisation du système')).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Général', 'Notifications', 'Signalements', 'Sécurité', 'Intégrations', 'Maintenance']);
    expect(screen.getByRole('heading', { name: 'Identité du site' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Mamoudzou');
    expect(screen.getByLabelText('Email de contact')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Téléphone de contact')).toHaveAttribute('type', 'tel');
    const user = userEvent.setup();
    await openTab(user, 'Intégrations');
    expect(screen.getByLabelText('Adresse du serveur de contenu')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Adresse du serveur temps réel')).toHaveAttribute('type', 'url');
  });

  it('asks for the map API key, masked, only when the provider is not OpenStreetMap', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({ mapProvider: 'openstreetmap', mapApiKey: 'pk.secret' });
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Intégrations');
    expect(screen.queryByLabelText('Clé API du fournisseur de carte')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Fournisseur de carte' }));
    await user.click(await screen.findByRole('option', { name: 'Mapbox' }));
    const key = await screen.findByLabelText('Clé API du fournisseur de carte');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveValue('pk.secret');
    expect(screen.getByText('Masquée ; visible des seuls administrateurs.')).toBeInTheDocument();
  });

  it('shows the maintenance message and the notice only while maintenance is on', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Maintenance');
    expect(screen.queryByLabelText('Message de maintenance')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Mode maintenance' }));
    expect(await screen.findByLabelText('Message de maintenance')).toHaveValue(DEFAULT_SETTINGS.maintenanceMessage);
    expect(screen.getByText('Le site est fermé à tous les utilisateurs sauf aux administrateurs tant que le mode maintenance est activé.')).toBeInTheDocument();
  });

  it('shows the backups with their date in the town’s time and their size', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Maintenance');
    const table = await screen.findByRole('table', { name: 'Sauvegardes disponibles' });
    const row = within(table).getByText('sauvegarde-20261122-230000.tar.gz').closest('tr')!;
    expect(within(row).getByText('23/11/2026 02:00')).toBeInTheDocument();
    expect(within(row).getByText('2,3 Mo')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Télécharger sauvegarde-20261122-230000.tar.gz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeEnabled();
  });
});

describe('Paramétrages: unsaved changes, save and reset', () => {
  it('marks unsaved changes; Sauvegarder is disabled without them and reads "Sauvegarde..." while saving; success toast clears the badge', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    const { fetch, release } = held(backend.fetch, 'PUT');
    renderScreenInDataRouter('/parametrages', { fetch });
    const name = await screen.findByLabelText('Nom du site');
    expect(screen.queryByText('Modifications non sauvegardées')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.clear(name);
    await user.click(name);
    await user.paste('Ville de Mamoudzou');
    expect(await screen.findByText('Modifications non sauvegardées')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();

    await user.click(saveButton());
    expect(await screen.findByRole('button', { name: 'Sauvegarde...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Réinitialiser' })).toBeDisabled();
    release();
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    expect(screen.getByText('Les modifications ont été enregistrées avec succès.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Modifications non sauvegardées')).not.toBeInTheDocument());
    expect(saveButton()).toHaveTextContent('Sauvegarder');
    expect(saveButton()).toBeDisabled();
    // Only what changed is sent.
    const put = backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/setting')!;
    expect((put.body as { data: Saved }).data).toEqual({ siteName: 'Ville de Mamoudzou' });
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Ville de Mamoudzou');
  });

  it('a change put back as it was is no change', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Notifications');
    const push = screen.getByRole('switch', { name: 'Notifications push' });
    await user.click(push);
    expect(await screen.findByText('Modifications non sauvegardées')).toBeInTheDocument();
    await user.click(push);
    await waitFor(() => expect(screen.queryByText('Modifications non sauvegardées')).not.toBeInTheDocument());
    expect(saveButton()).toBeDisabled();
  });

  it('« Notifications par SMS » is disabled and says why while the server has no SMS provider', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend(); // its /api/system-status names no SMS provider
    renderScreenInDataRouter('/parametrages/notifications', { fetch: backend.fetch });
    const sms = await screen.findByRole('switch', { name: 'Notifications par SMS' });
    expect(await screen.findByText(/^Aucun fournisseur SMS n'est configuré sur le serveur : les SMS ne peuvent pas être envoyés\./)).toBeInTheDocument();
    expect(sms).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Notifications push' })).toBeEnabled();
    expect(screen.getByText(/^Une notification du navigateur quand le back-office est ouvert dans un onglet en arrière-plan/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Notifications par email' }));
    expect(sms).not.toBeChecked();
  });

  it('« Notifications par SMS » can be turned on once the server names a provider', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    backend.on('GET', '/api/system-status', { body: { data: { sms: { configured: true, provider: 'passerelle' } } } });
    renderScreenInDataRouter('/parametrages/notifications', { fetch: backend.fetch });
    const sms = await screen.findByRole('switch', { name: 'Notifications par SMS' });
    await waitFor(() => expect(sms).toBeEnabled());
    expect(screen.queryByText(/Aucun fournisseur SMS/)).not.toBeInTheDocument();
    await user.click(sms);
    await user.click(saveButton());
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    expect(backend.stored().smsNotifications).toBe(true);
  });

  it('a refused save keeps the edits and the badge, with the error toast', async () => {
    allowConsoleError(/Strapi 400|Paramètres invalides/);
    const user = userEvent.setup();
    const backend = settingsBackend();
    backend.on('PUT', '/api/setting', {
      status: 400,
      statusText: 'Bad Request',
      body: { error: { status: 400, name: 'ValidationError', message: 'Le serveur refuse ce nom', details: { code: 'invalid_value' } } },
    });
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    const name = await screen.findByLabelText('Nom du site');
    await user.clear(name);
    await user.click(name);
    await user.paste('Nom refusé');
    await user.click(saveButton());
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(/^Impossible de sauvegarder les paramètres\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Nom refusé');
    expect(screen.getByText('Modifications non sauvegardées')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    expect(backend.stored().siteName).toBe('Mamoudzou');
  });

  it('shows the bounds in French and sends nothing while a value is out of bounds', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Sécurité');
    const attempts = screen.getByLabelText('Tentatives de connexion avant verrouillage');
    await user.clear(attempts);
    await user.click(attempts);
    await user.paste('11');
    expect(await screen.findByText('Valeur attendue : un nombre entier de 3 à 10 tentatives')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('Corrigez les champs signalés (onglets marqués en rouge) avant de sauvegarder.')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'PUT')).toBe(false);
    // A message on another tab than the one shown is found by its tab.
    await openTab(user, 'Général');
    const name = screen.getByLabelText('Nom du site');
    await user.clear(name);
    expect(await screen.findByText('Le nom du site est requis')).toBeInTheDocument();
  });

  it('Sécurité sets the upload limits per person: files an hour and megabytes in 24 hours, within their bounds', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Sécurité');
    const perHour = screen.getByLabelText('Fichiers envoyés par personne et par heure');
    const perDay = screen.getByLabelText('Volume envoyé par personne sur 24 heures (Mo)');
    expect(perHour).toHaveValue(30);
    expect(perDay).toHaveValue(500);
    await user.clear(perHour);
    await user.click(perHour);
    await user.paste('0');
    expect(await screen.findByText('Valeur attendue : un nombre entier de 1 à 1000 fichiers')).toBeInTheDocument();
    await user.clear(perHour);
    await user.click(perHour);
    await user.paste('12');
    await user.clear(perDay);
    await user.click(perDay);
    await user.paste('200');
    await user.click(saveButton());
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    const put = backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/setting')!;
    expect((put.body as { data: Saved }).data).toEqual({ maxUploadsPerHour: 12, maxUploadVolumePerDay: 200 });
  });

  it('Signalements sets what the citizens’ page offers: photos per report, the retention of citizens’ details, each type’s picture', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({ signalementCategories: [{ name: 'Voirie', subTypes: [] }, { name: 'Propreté', subTypes: [] }] });
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Signalements');
    const photos = screen.getByLabelText('Photos par signalement (page des citoyens)');
    const retention = screen.getByLabelText('Conservation des coordonnées des citoyens après clôture (jours)');
    expect(photos).toHaveValue(3);
    expect(retention).toHaveValue(365);
    await user.clear(photos);
    await user.click(photos);
    await user.paste('7');
    expect(await screen.findByText('Valeur attendue : un nombre entier de 0 à 6 photos')).toBeInTheDocument();
    await user.clear(photos);
    await user.click(photos);
    await user.paste('2');
    await user.clear(retention);
    await user.click(retention);
    await user.paste('180');
    const pictures = screen.getAllByRole('combobox', { name: 'Image (page des citoyens)' });
    expect(pictures).toHaveLength(2);
    await user.click(pictures[1]);
    await user.click(await screen.findByRole('option', { name: 'Déchets' }));
    await user.click(saveButton());
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    const put = backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/setting')!;
    const data = (put.body as { data: Saved }).data;
    expect(data).toMatchObject({ citizenMaxPhotos: 2, citizenDataRetentionDays: 180 });
    expect((data.signalementCategories as { name: string; icon?: string }[]).find((c) => c.name === 'Propreté')?.icon).toBe('dechets');
  });

  it('edits the report types with their sub-types as lists: add, rename, reorder; a new type gets its service; no priority levels of their own', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({
      signalementCategories: [
        { name: 'Voirie', subTypes: ['Nid-de-poule'] },
        { name: 'Propreté', subTypes: [] },
      ],
    });
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Signalements');
    await user.click(screen.getByRole('button', { name: 'Ajouter une catégorie' }));
    const categories = () => screen.getAllByLabelText('Catégorie');
    await waitFor(() => expect(categories()).toHaveLength(3));
    await user.click(categories()[2]);
    await user.paste('Déchets');
    // Pasted: typed key by key, each key re-renders the whole settings form (seconds on a loaded machine).
    await user.click(screen.getAllByLabelText('Sous-types')[2]);
    await user.paste('Dépôt sauvage, Encombrants');
    // The type → service table follows the list as typed.
    const assignment = screen.getByRole('region', { name: 'Attribution automatique' });
    await user.click(await within(assignment).findByRole('combobox', { name: 'Déchets' }));
    await user.click(await screen.findByRole('option', { name: 'Environnement' }));
    // The new category goes up to first place.
    const section = screen.getByRole('region', { name: 'Catégories de signalement' });
    const upButtons = within(section).getAllByRole('button', { name: 'Déplacer vers le haut' });
    await user.click(upButtons[2]);
    await user.click(within(section).getAllByRole('button', { name: 'Déplacer vers le haut' })[1]);

    // No « Niveaux de priorité »: the priorities are the reports' own scale (Critique, Haute, Normale, Basse) everywhere.
    expect(screen.queryByRole('region', { name: 'Niveaux de priorité' })).not.toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    expect(backend.stored().signalementCategories).toEqual([
      { name: 'Déchets', subTypes: ['Dépôt sauvage', 'Encombrants'] },
      { name: 'Voirie', subTypes: ['Nid-de-poule'] },
      { name: 'Propreté', subTypes: [] },
    ]);
    expect(backend.stored().reportTypeServices).toMatchObject({ Déchets: 'Environnement' });
  });

  it('a type renamed is renamed in its response templates, its delays and the type → service table; a type no longer listed stays shown as such', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({
      signalementCategories: [
        { name: 'Voirie', subTypes: [] },
        { name: 'Propreté', subTypes: [] },
      ],
      responseTemplates: [
        { title: 'Chaussée réparée', text: 'Réparé.', type: 'Voirie', status: 'resolu' },
        { title: 'Lampe changée', text: 'Changée.', type: 'Éclairage public', status: 'resolu' },
      ],
      slaTypeOverrides: [{ type: 'Voirie', priority: 'haute', hours: 8 }],
      reportTypeServices: { Voirie: 'Urbanisme', Propreté: 'Environnement' },
    });
    renderScreenInDataRouter('/parametrages/signalements', { fetch: backend.fetch });
    const name = (await screen.findAllByLabelText('Catégorie'))[0];
    await user.clear(name);
    await user.paste('Chaussée');
    const templates = screen.getByRole('region', { name: 'Modèles de réponse' });
    const types = within(templates).getAllByRole('combobox', { name: 'Type de signalement' });
    expect(types[0]).toHaveTextContent('Chaussée');
    // Reports of a type taken off the list may remain: its template still says which type it was for.
    expect(types[1]).toHaveTextContent('Éclairage public (retiré de la liste)');
    expect(within(screen.getByRole('region', { name: 'Attribution automatique' })).getByRole('combobox', { name: 'Chaussée' })).toHaveTextContent('Urbanisme');

    await user.click(saveButton());
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    expect(backend.stored().responseTemplates).toEqual([
      { title: 'Chaussée réparée', text: 'Réparé.', type: 'Chaussée', status: 'resolu' },
      { title: 'Lampe changée', text: 'Changée.', type: 'Éclairage public', status: 'resolu' },
    ]);
    expect(backend.stored().slaTypeOverrides).toEqual([{ type: 'Chaussée', priority: 'haute', hours: 8 }]);
    expect(backend.stored().reportTypeServices).toEqual({ Chaussée: 'Urbanisme', Propreté: 'Environnement' });
  });

  it('edits the type → service table of the auto-assignment', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await openTab(user, 'Signalements');
    await user.click(screen.getByRole('switch', { name: 'Attribution automatique des signalements' }));
    await user.click(screen.getByRole('combobox', { name: 'Voirie' }));
    await user.click(await screen.findByRole('option', { name: 'Urbanisme' }));
    await user.click(saveButton());
    expect(await screen.findByText('Paramètres sauvegardés')).toBeInTheDocument();
    expect(backend.stored()).toMatchObject({ autoAssignSignalements: true, reportTypeServices: { Voirie: 'Urbanisme', Propreté: 'Environnement' } });
  });

  it('Réinitialiser asks first, then puts back the defaults with the reset toast', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({ siteName: 'Ancien nom', maxLoginAttempts: 9 });
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    expect(await screen.findByLabelText('Nom du site')).toHaveValue('Ancien nom');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réinitialiser les paramètres ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls.some((c) => c.path === '/api/setting/reset')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Paramètres réinitialisés')).toBeInTheDocument();
    expect(screen.getByText('Les paramètres ont été remis aux valeurs par défaut.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nom du site')).toHaveValue('Mamoudzou'));
    expect(screen.queryByText('Modifications non sauvegardées')).not.toBeInTheDocument();
  });

  it('a failed reset says so and changes nothing', async () => {
    allowConsoleError(/Strapi 500/);
    const user = userEvent.setup();
    const backend = settingsBackend({ siteName: 'Ancien nom' });
    backend.on('POST', '/api/setting/reset', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Internal Server Error' } } });
    renderScreenInDataRouter('/parametrages', { fetch: backend.fetch });
    await screen.findByLabelText('Nom du site');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText(/^Impossible de réinitialiser les paramètres\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Ancien nom');
  });

  it('leaving with unsaved changes asks first; staying keeps the edits', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    const { router } = renderInDataRouter('/parametrages', { fetch: backend.fetch });
    const name = await screen.findByLabelText('Nom du site');
    await user.click(name);
    await user.paste(' (modifié)');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith("Certains changements n'ont pas été enregistrés. Êtes-vous sûr(e) de vouloir quitter cette page ?"));
    expect(router.state.location.pathname).toBe('/parametrages');
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Mamoudzou (modifié)');

    confirm.mockReturnValue(true);
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('leaves without asking when nothing changed', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    const { router } = renderInDataRouter('/parametrages', { fetch: backend.fetch });
    await screen.findByLabelText('Nom du site');
    const confirm = vi.spyOn(window, 'confirm');
    await user.click(within(screen.getByRole('navigation', { name: 'Navigation principale' })).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(confirm).not.toHaveBeenCalled();
  });
});
