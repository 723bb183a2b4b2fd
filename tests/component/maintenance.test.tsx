import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../support/fakeBackend';
import { allowConsoleError } from './allowConsoleError';
import { renderApp } from './renderApp';

const MESSAGE = 'Mise à jour du serveur jusqu’à 14 h.';

describe('maintenance mode', () => {
  it('shows an Operator the maintenance screen with the message instead of the back-office; logout still works', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend({}, { maintenanceMode: true, maintenanceMessage: MESSAGE });
    backend.sessionStorageFor('operateur');
    renderApp('/signalements', { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { name: 'Maintenance en cours' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Le back-office est fermé à tous les utilisateurs sauf les administrateurs.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout' && c.headers.Authorization === 'Bearer token-operateur')).toBe(true);
    expect(localStorage.getItem('mamoudzou.auth.token')).toBeNull();
  });

  it('lets an administrator work, with a banner', async () => {
    const backend = fakeBackend({}, { maintenanceMode: true, maintenanceMessage: MESSAGE });
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    const banner = await screen.findByText(/^Mode maintenance actif : le back-office est fermé aux autres utilisateurs/);
    expect(banner.closest('[role="status"]')).toHaveTextContent(MESSAGE);
    expect(screen.queryByRole('heading', { name: 'Maintenance en cours' })).not.toBeInTheDocument();
  });

  it('a write refused for maintenance brings the maintenance screen; Réessayer reads the settings again', async () => {
    allowConsoleError(/Strapi 503/);
    const user = userEvent.setup();
    let maintenance = false;
    const backend = fakeBackend({ reports: [] });
    backend.on('GET', '/api/setting/public', () => ({ body: { data: { siteName: 'Mamoudzou', maintenanceMode: maintenance, maintenanceMessage: MESSAGE } } }));
    backend.on('PUT', '/api/setting', () => {
      maintenance = true;
      return { status: 503, statusText: 'Service Unavailable', body: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: MESSAGE, details: { code: 'maintenance', maintenance: true } } } };
    });
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    const card = within(await screen.findByRole('region', { name: 'Paramètres rapides' }));
    await user.click(card.getByRole('button', { name: 'Voir plus' }));
    await user.click(card.getByRole('switch', { name: 'Notifications par email' }));
    expect(await screen.findByRole('heading', { name: 'Maintenance en cours' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();

    maintenance = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Maintenance en cours' })).not.toBeInTheDocument());
    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });

  it('an Editor may switch e-mail notifications but not maintenance, an administrators\' setting', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    const card = within(await screen.findByRole('region', { name: 'Paramètres rapides' }));
    await user.click(card.getByRole('button', { name: 'Voir plus' }));
    expect(card.getByRole('switch', { name: 'Mode maintenance' })).toBeDisabled();
    expect(card.getByRole('switch', { name: 'Notifications par email' })).toBeEnabled();
  });
});
