import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { fakeBackend } from '../../support/fakeBackend';
import { renderApp } from '../renderApp';

/**
 * Paramétrages as an Editor (the matrix: parametrages read, create, edit; integrations read; neither
 * securite nor maintenance): the page and the dashboard's quick settings agree with the backend.
 */

function asEditor() {
  const backend = fakeBackend();
  let stored: Record<string, unknown> = { ...DEFAULT_SETTINGS, mapProvider: 'mapbox' };
  // An Editor is not sent the map API key (the backend keeps it for those who may change it).
  const record = () => ({ body: { data: { id: 1, documentId: 'settings', ...stored, mapApiKey: undefined } } });
  backend.on('GET', '/api/setting', record);
  backend.on('PUT', '/api/setting', (call) => {
    stored = { ...stored, ...(call.body as { data: Record<string, unknown> }).data };
    return record();
  });
  backend.sessionStorageFor('editeur');
  return backend;
}

describe('Paramétrages for an Editor', { timeout: 90_000 }, () => {
  it('shows the tabs the role reads, Intégrations read-only, no Réinitialiser, and saves only what changed', async () => {
    const user = userEvent.setup();
    const backend = asEditor();
    renderApp('/parametrages', { fetch: backend.fetch });
    expect(await screen.findByRole('textbox', { name: 'Nom du site' })).toBeEnabled();
    // The page's own title, as the other pages have one.
    expect(screen.getByRole('heading', { level: 2, name: 'Paramétrages' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Général', 'Notifications', 'Signalements', 'Intégrations']);
    expect(screen.queryByRole('button', { name: 'Réinitialiser' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Intégrations' }));
    expect(await screen.findByText('Lecture seule : votre rôle consulte ces paramètres sans pouvoir les modifier.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adresse du serveur de contenu' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Fournisseur de carte' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('tab', { name: 'Général' }));
    const siteName = await screen.findByRole('textbox', { name: 'Nom du site' });
    await user.clear(siteName);
    await user.type(siteName, 'Mairie de Mamoudzou');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PUT' && c.path === '/api/setting')).toBe(true));
    const put = backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/setting')!;
    expect((put.body as { data: Record<string, unknown> }).data).toEqual({ siteName: 'Mairie de Mamoudzou' });
  });

  it('refuses the Sécurité tab by its address, naming the role that may open it', async () => {
    const backend = asEditor();
    renderApp('/parametrages/securite', { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText('Rôle requis : Administrateur. Votre rôle : Éditeur.')).toBeInTheDocument();
  });

});
