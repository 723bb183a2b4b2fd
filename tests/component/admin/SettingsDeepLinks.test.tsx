import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { fakeBackend } from '../../support/fakeBackend';
import { renderAtUrl } from '../renderAtUrl';

/** /parametrages by address: each of the six tabs has its own (/parametrages/securite). Role queries see the tab shown only. */

function open(url: string) {
  const backend = fakeBackend();
  backend.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 'settings', ...DEFAULT_SETTINGS } } });
  backend.on('GET', '/api/backups', { body: { data: [], meta: { folder: '/srv/sauvegardes', keep: 10 } } });
  backend.sessionStorageFor('admin');
  return renderAtUrl(url, { fetch: backend.fetch });
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('the settings by address', { timeout: 90_000 }, () => {
  it('opens the tab of the address; a tab click writes it; a reload keeps it; the menu still marks Paramétrages', async () => {
    const user = userEvent.setup();
    const app = open('/parametrages/securite');
    expect(await screen.findByRole('spinbutton', { name: 'Tentatives de connexion avant verrouillage' })).toBeVisible();
    expect(selectedTab()).toBe('Sécurité');
    expect(screen.queryByRole('textbox', { name: 'Nom du site' })).not.toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Navigation principale' }));
    expect(menu.getByRole('link', { name: 'Paramétrages' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('tab', { name: 'Maintenance' }));
    expect(await screen.findByRole('switch', { name: 'Mode maintenance' })).toBeInTheDocument();
    expect(app.url()).toBe('/parametrages/maintenance');
    app.reload();
    expect(await screen.findByRole('switch', { name: 'Mode maintenance' })).toBeInTheDocument();
    expect(selectedTab()).toBe('Maintenance');

    await user.click(screen.getByRole('tab', { name: 'Général' }));
    expect(await screen.findByRole('textbox', { name: 'Nom du site' })).toBeVisible();
    expect(app.url()).toBe('/parametrages');
  });

  it('an unknown tab in the address is the first tab', async () => {
    const app = open('/parametrages/sauvegardes');
    expect(await screen.findByRole('textbox', { name: 'Nom du site' })).toBeVisible();
    expect(selectedTab()).toBe('Général');
    expect(app.url()).toBe('/parametrages');
  });

  it('moving between tabs keeps the edits without asking; leaving the page with them still asks', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const app = open('/parametrages/notifications');
    await user.click(await screen.findByRole('switch', { name: 'Notifications par email' }));
    expect(await screen.findByText('Modifications non sauvegardées')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Général' }));
    await user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    expect(app.url()).toBe('/parametrages/securite');
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('Modifications non sauvegardées')).toBeInTheDocument();

    const menu = within(screen.getByRole('navigation', { name: 'Navigation principale' }));
    await user.click(menu.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(app.url()).toBe('/parametrages/securite');
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByRole('switch', { name: 'Notifications par email' })).not.toBeChecked();
  });
});
