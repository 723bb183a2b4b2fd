import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveCollection } from '../../support/collectionBackend';
import { fakeSockets } from '../../support/fakeSocket';
import { makeReports } from '../signalements/reportsBackend';
import { renderApp } from '../renderApp';
import { makeNotifications, notificationsBackend } from './notificationsBackend';

/** The header's bell and the live updates of the real-time connection. */

async function openBell(user: ReturnType<typeof userEvent.setup>, name: RegExp = /^Notifications/) {
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: 'Notifications' }));
}

describe('notification bell', () => {
  it('counts the unread ("99+" above 99) and lists the 10 most recent', async () => {
    const user = userEvent.setup();
    const backend = notificationsBackend(makeNotifications(120, 105));
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ non lue(s)' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
    const dropdown = await openBell(user, /^Notifications, 99\+/);
    await dropdown.findByText('Signalement #rep1: Lampadaire 1');
    expect(dropdown.getAllByRole('listitem')).toHaveLength(10);
    // The reports' words: « Critique », never « Urgente ».
    expect(dropdown.getAllByText('Critique').length).toBeGreaterThan(0);
    expect(dropdown.queryByText('Urgente')).not.toBeInTheDocument();
    expect(dropdown.getByRole('button', { name: 'Tout marquer comme lu' })).toBeInTheDocument();
    expect(dropdown.getByRole('link', { name: 'Voir toutes les notifications' })).toHaveAttribute('href', '/notifications');
    expect(backend.calls.find((c) => c.path === '/api/notifications')!.query).toContain('pagination[pageSize]=10&sort[0]=createdAt:desc');
  });

  it('marks one read, deletes one, marks all read and clears all', async () => {
    const user = userEvent.setup();
    const rows = makeNotifications(3, 2);
    const backend = notificationsBackend(rows);
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    await screen.findByRole('button', { name: 'Notifications, 2 non lue(s)' });
    let dropdown = await openBell(user);
    // Only unread items have a mark-read button.
    expect(dropdown.queryByRole('button', { name: 'Marquer « Signalement #rep3: Lampadaire 3 » comme lu' })).not.toBeInTheDocument();
    await user.click(await dropdown.findByRole('button', { name: 'Marquer « Signalement #rep1: Lampadaire 1 » comme lu' }));
    await waitFor(() => expect(rows[0].read).toBe(true));
    // The count follows (the bell sits behind the open dropdown).
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue(s)', hidden: true })).toBeInTheDocument();
    dropdown = within(screen.getByRole('dialog', { name: 'Notifications' }));
    await user.click(dropdown.getByRole('button', { name: 'Supprimer « Signalement #rep3: Lampadaire 3 »' }));
    await waitFor(() => expect(rows.map((r) => r.documentId)).toEqual(['n1', 'n2']));
    await user.click(dropdown.getByRole('button', { name: 'Tout marquer comme lu' }));
    // The button goes away but the focus stays in the dropdown, where Escape works.
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toContainElement(document.activeElement as HTMLElement);
    await waitFor(() => expect(rows.every((r) => r.read)).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    // Deleting everything is asked first, as on the page: cancelling deletes nothing.
    await user.click(within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('button', { name: 'Effacer toutes les notifications' }));
    let confirm = await screen.findByRole('dialog', { name: 'Effacer toutes les notifications' });
    expect(within(confirm).getByText('Supprimer toutes vos notifications ? Cette action est définitive.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Effacer toutes les notifications' })).not.toBeInTheDocument());
    expect(rows).toHaveLength(2);
    expect(backend.calls.some((c) => c.path === '/api/notifications/clear')).toBe(false);
    dropdown = await openBell(user);
    await user.click(await dropdown.findByRole('button', { name: 'Effacer toutes les notifications' }));
    confirm = await screen.findByRole('dialog', { name: 'Effacer toutes les notifications' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(rows).toEqual([]));
    dropdown = await openBell(user);
    expect(await dropdown.findByText('Aucune notification')).toBeInTheDocument();
  });

  it('a click on an item goes where it points and marks it read', async () => {
    const user = userEvent.setup();
    const rows = makeNotifications(2);
    const backend = serveCollection(notificationsBackend(rows), 'reports', makeReports(2));
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const dropdown = await openBell(user);
    await user.click(await dropdown.findByRole('button', { name: 'Signalement #rep2: Lampadaire 2' }));
    await waitFor(() => expect(rows[1].read).toBe(true));
    // The reports screen opened the report's detail.
    expect(await screen.findByRole('dialog', { name: 'Signalement numéro 2' })).toBeInTheDocument();
  });

  it('Authors have no bell (no notifications module)', async () => {
    const backend = notificationsBackend(makeNotifications(1));
    backend.sessionStorageFor('auteur');
    renderApp('/', { fetch: backend.fetch });
    await screen.findByRole('link', { name: 'Dashboard' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(backend.calls.some((c) => c.path.startsWith('/api/notifications'))).toBe(false);
  });

  it('an Operator, to whom delay reminders go, has the bell, the notifications page and its preferences', async () => {
    const user = userEvent.setup();
    const backend = notificationsBackend(makeNotifications(1));
    backend.sessionStorageFor('operateur');
    renderApp('/', { fetch: backend.fetch });
    const bell = await openBell(user);
    await user.click(bell.getByRole('link', { name: /Voir toutes les notifications/ }));
    expect(await screen.findByText('1 notification(s)')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Préférences' }));
    expect(await screen.findByRole('switch', { name: /Email/ })).toBeInTheDocument();
  });
});

describe('real-time updates', () => {
  it('connects with the JWT, polling then websocket, 10 s timeout, 5 reconnections 1 s apart', async () => {
    const sockets = fakeSockets();
    const backend = notificationsBackend([]);
    backend.sessionStorageFor('operateur');
    renderApp('/', { fetch: backend.fetch, socket: sockets.factory });
    await waitFor(() => expect(sockets.sockets).toHaveLength(1));
    expect(sockets.last()!.options).toMatchObject({
      auth: { token: 'token-operateur' },
      transports: ['polling', 'websocket'],
      timeout: 10_000,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
    });
  });

  it('a new report refreshes the open reports list; a notification shows a toast and raises the count', async () => {
    const sockets = fakeSockets();
    const rows = makeNotifications(1);
    const backend = notificationsBackend(rows);
    backend.sessionStorageFor('admin');
    renderApp('/signalements', { fetch: backend.fetch, socket: sockets.factory });
    await screen.findByText('0 signalement(s) trouvé(s)');
    await screen.findByRole('button', { name: 'Notifications, 1 non lue(s)' });
    const listCalls = () => backend.calls.filter((c) => c.path === '/api/reports' && c.query.includes('pageSize]=25')).length;
    const before = listCalls();
    act(() => sockets.last()!.serverEmit('new-report', { id: 'rep9', title: 'Nouveau', priority: 'critique' }));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));

    rows.unshift({ id: 99, documentId: 'n99', title: 'Signalement #rep9: Nouveau', message: 'Un arbre est tombé', category: 'signalement', priority: 'urgent', type: 'warning', read: false, createdAt: new Date().toISOString() });
    act(() => sockets.last()!.serverEmit('notification', rows[0]));
    expect(await screen.findByText('Un arbre est tombé')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 non lue(s)' })).toBeInTheDocument();
  });

  it('a notification of a category the preferences hide raises the count but shows no toast', async () => {
    localStorage.setItem('notificationPreferences', JSON.stringify({ categories: { event: false } }));
    const sockets = fakeSockets();
    const rows = makeNotifications(0);
    const backend = notificationsBackend(rows, { categories: { event: false } });
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch, socket: sockets.factory });
    await screen.findByRole('button', { name: 'Notifications' });
    rows.unshift({ id: 7, documentId: 'n7', title: 'Nouvel événement', message: 'Fête du quartier', category: 'event', priority: 'medium', type: 'info', read: false, createdAt: new Date().toISOString() });
    act(() => sockets.last()!.serverEmit('notification', rows[0]));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue(s)' })).toBeInTheDocument();
    expect(screen.queryByText('Fête du quartier')).not.toBeInTheDocument();
  });
});
