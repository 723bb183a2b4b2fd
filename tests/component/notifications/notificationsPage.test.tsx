import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/i18n/dates';
import { renderApp, renderScreen } from '../renderApp';
import { serveCollection } from '../../support/collectionBackend';
import { makeReports } from '../signalements/reportsBackend';
import { makeNotifications, notificationsBackend } from './notificationsBackend';

/** /notifications and the preferences dialog. */

describe('notifications page', () => {
  it('shows the four counters, the tabs with their counts, and cards with badges, dates and "Lu le"', async () => {
    const rows = makeNotifications(6, 4);
    const backend = notificationsBackend(rows);
    backend.sessionStorageFor('admin');
    renderScreen('/notifications', { fetch: backend.fetch });
    expect(await screen.findByText('6 notification(s)')).toBeInTheDocument();
    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Non lues').nextSibling).toHaveTextContent('4'));
    expect(figures.getByText('Total').nextSibling).toHaveTextContent('6');
    expect(figures.getByText('Signalements').nextSibling).toHaveTextContent('2');
    expect(figures.getByText('Critiques').nextSibling).toHaveTextContent('2');
    expect(await screen.findByRole('tab', { name: 'Toutes (6)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Non lues (4)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Lues (2)' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Liste des notifications' }));
    const first = within(cards.getAllByRole('listitem')[0]);
    expect(first.getByRole('heading', { name: 'Signalement #rep1: Lampadaire 1' })).toBeInTheDocument();
    expect(first.getByText('Message 1')).toBeInTheDocument();
    expect(first.getByText('Critique')).toBeInTheDocument();
    expect(first.getByText('Signalement')).toBeInTheDocument();
    // Dates as dd/MM/yyyy HH:mm in the town's time (src/i18n/dates.ts).
    expect(first.getByText(formatDate(rows[0].createdAt))).toBeInTheDocument();
    expect(first.queryByText(/^Lu le /)).not.toBeInTheDocument();
    expect(await within(cards.getAllByRole("listitem")[5]).findByText(`Lu le ${formatDate(rows[5].readAt)}`)).toBeInTheDocument();
  });

  it('the tabs, the search and the filters ask the backend; "Tout marquer comme lu" and "Tout supprimer" act on all', async () => {
    const user = userEvent.setup();
    const rows = makeNotifications(6, 4);
    const backend = notificationsBackend(rows);
    backend.sessionStorageFor('editeur');
    renderScreen('/notifications', { fetch: backend.fetch });
    await screen.findByText('6 notification(s)');
    await user.click(await screen.findByRole('tab', { name: /^Non lues/ }));
    expect(await screen.findByText('4 notification(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Événement' }));
    expect(await screen.findByText('1 notification(s)')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.path === '/api/notifications').at(-1)!.query).toContain('filters[category][$eq]=event');
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await user.type(screen.getByRole('textbox', { name: 'Rechercher une notification' }), 'Lampadaire 3');
    expect(await screen.findByText('1 notification(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(rows.every((r) => r.read)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Tout supprimer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Tout supprimer' })).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Toutes les notifications ont été supprimées.')).toBeInTheDocument();
    expect(rows).toEqual([]);
  });

  it('a card marks itself read (unread ones only), deletes itself, leads to its record and unfolds its details', async () => {
    const user = userEvent.setup();
    const rows = makeNotifications(2, 1);
    const backend = notificationsBackend(rows);
    backend.sessionStorageFor('admin');
    renderScreen('/notifications', { fetch: backend.fetch });
    const cards = within(await screen.findByRole('list', { name: 'Liste des notifications' }));
    const [first, second] = cards.getAllByRole('listitem').map((item) => within(item));
    expect(second.queryByRole('button', { name: /comme lu$/ })).not.toBeInTheDocument();
    expect(second.getByText(/^Lu le /)).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Ouvrir' })).toHaveAttribute('href', '/signalements/rep1');
    const details = first.getByRole('button', { name: 'Détails' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(first.getByText('Kawéni')).toBeVisible();
    await user.click(first.getByRole('button', { name: 'Marquer « Signalement #rep1: Lampadaire 1 » comme lu' }));
    await waitFor(() => expect(rows[0].read).toBe(true));
    await user.click(within(cards.getAllByRole('listitem')[1]).getByRole('button', { name: 'Supprimer « Signalement #rep2: Lampadaire 2 »' }));
    await waitFor(() => expect(rows.map((r) => r.documentId)).toEqual(['n1']));
    expect(await screen.findByText('1 notification(s)')).toBeInTheDocument();
  });

  it('the Préférences tab holds the preferences, without the list\'s filters', async () => {
    const user = userEvent.setup();
    const backend = notificationsBackend(makeNotifications(1));
    backend.sessionStorageFor('admin');
    renderScreen('/notifications', { fetch: backend.fetch });
    await user.click(await screen.findByRole('tab', { name: 'Préférences' }));
    expect(await screen.findByRole('switch', { name: "Dans l'application" })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Rechercher une notification' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Toutes/ }));
    expect(await screen.findByRole('textbox', { name: 'Rechercher une notification' })).toBeInTheDocument();
  });

  it('Test asks the backend for test notifications', async () => {
    const user = userEvent.setup();
    const backend = notificationsBackend([]);
    backend.sessionStorageFor('admin');
    renderScreen('/notifications', { fetch: backend.fetch });
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
    expect(screen.getByText("Vous n'avez aucune notification pour le moment.")).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher une notification' }), 'lampadaire');
    expect(await screen.findByText('Aucune notification ne correspond aux critères de recherche.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Notification de test envoyée')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/test')).toBe(true);
  });

  it('is refused to an Author (no notifications module), naming the roles that may open it', async () => {
    const backend = notificationsBackend([]);
    backend.sessionStorageFor('auteur');
    renderScreen('/notifications', { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(await screen.findByText('Rôle requis : Administrateur, Éditeur ou Opérateur. Votre rôle : Auteur.')).toBeInTheDocument();
  });

  it('« Ouvrir » on an unread card reads it: it goes to its record and the notification is marked read', async () => {
    const user = userEvent.setup();
    const rows = makeNotifications(2, 2);
    const backend = serveCollection(notificationsBackend(rows), 'reports', makeReports(2));
    backend.sessionStorageFor('admin');
    renderApp('/notifications', { fetch: backend.fetch });
    const cards = within(await screen.findByRole('list', { name: 'Liste des notifications' }));
    expect(rows[0].read).toBe(false);
    await user.click(within(cards.getAllByRole('listitem')[0]).getByRole('link', { name: 'Ouvrir' }));
    await waitFor(() => expect(rows[0].read).toBe(true));
    expect(rows[1].read).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Signalement numéro 1' })).toBeInTheDocument();
  });
});

describe('notification preferences', () => {
  it('from the user menu: all on by default; Annuler restores, Sauvegarder stores with its toast', async () => {
    const user = userEvent.setup();
    const preferences: Record<string, unknown> = {};
    const backend = notificationsBackend([], preferences);
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const openDialog = async () => {
      await user.click(await screen.findByRole('button', { name: /^Menu utilisateur/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Préférences de notifications' }));
      return within(await screen.findByRole('dialog', { name: 'Préférences de notifications' }));
    };
    let dialog = await openDialog();
    for (const name of ['Email', 'Notifications push', "Dans l'application", 'Signalement', 'Événement', 'Critique', 'Normale', 'Basse'])
      expect(dialog.getByRole('switch', { name })).toBeChecked();
    await user.click(dialog.getByRole('switch', { name: 'Événement' }));
    await user.click(dialog.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog();
    expect(dialog.getByRole('switch', { name: 'Événement' })).toBeChecked();
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await user.click(dialog.getByRole('switch', { name: 'Basse' }));
    await user.click(dialog.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText('Vos préférences de notification ont été sauvegardées.')).toBeInTheDocument();
    expect(screen.getByText('Préférences mises à jour')).toBeInTheDocument();
    expect(preferences).toMatchObject({ email: false, inApp: true, priorities: { low: false, urgent: true }, categories: { event: true } });
    expect(JSON.parse(localStorage.getItem('notificationPreferences')!)).toMatchObject({ email: false, priorities: { low: false } });
  });
});
