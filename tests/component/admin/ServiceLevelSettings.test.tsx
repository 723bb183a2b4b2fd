import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { fakeBackend } from '../../support/fakeBackend';
import { ROLES } from '../../support/usersBackend';
import { renderScreenInDataRouter } from './renderInDataRouter';

vi.setConfig({ testTimeout: 60_000 });

/** Paramétrages → Signalements: the service levels, validated by the schema the backend applies. */
function settingsBackend(initial: Record<string, unknown> = {}) {
  const backend = fakeBackend();
  let stored: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...initial };
  const record = () => ({ body: { data: { id: 1, documentId: 'settings', ...stored } } });
  backend.on('GET', '/api/setting', record);
  backend.on('PUT', '/api/setting', (call) => {
    stored = { ...stored, ...(call.body as { data: Record<string, unknown> }).data };
    return record();
  });
  backend.on('GET', '/api/users-permissions/roles', { body: { roles: ROLES } });
  // The Maintenance tab's backups, rendered with the form.
  backend.on('GET', '/api/backups', { body: { data: [], meta: { folder: '/srv/sauvegardes', keep: 10 } } });
  backend.sessionStorageFor('admin');
  return { ...backend, stored: () => stored, puts: () => backend.calls.filter((c) => c.method === 'PUT' && c.path === '/api/setting') };
}

describe('Paramétrages → Signalements: service levels', () => {
  it('shows the delays per priority, refuses one out of bounds in French with the values kept, saves the change', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages/signalements', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Délais de traitement' }));
    expect(section.getByLabelText('Critique (heures)')).toHaveValue(24);
    expect(section.getByLabelText('Basse (heures)')).toHaveValue(336);
    const critique = section.getByLabelText('Critique (heures)');
    await user.clear(critique);
    await user.type(critique, '9000');
    await user.click(screen.getByRole('button', { name: /^Sauvegarde/ }));
    expect(await section.findByText("Délai attendu : un nombre entier d'heures de 1 à 8760 (365 jours)")).toBeInTheDocument();
    expect(critique).toHaveValue(9000);
    expect(backend.puts()).toHaveLength(0);

    await user.clear(critique);
    await user.type(critique, '12');
    const reminders = within(screen.getByRole('region', { name: 'Rappels et escalade' }));
    const share = reminders.getByLabelText('Rappel à (% du délai écoulé)');
    await user.clear(share);
    await user.type(share, '5');
    await user.click(screen.getByRole('button', { name: /^Sauvegarde/ }));
    expect(await reminders.findByText('Part du délai attendue : un nombre entier de 10 à 100 %')).toBeInTheDocument();
    await user.clear(share);
    await user.type(share, '80');
    await user.click(screen.getByRole('button', { name: /^Sauvegarde/ }));
    await waitFor(() => expect(backend.puts()).toHaveLength(1));
    expect(backend.stored()).toMatchObject({ slaHours: { critique: 12, haute: 72, normale: 168, basse: 336 }, slaReminderPercent: 80 });
  });

  it('asks the town hall’s hours and holidays only when delays count in working hours; a type’s delay is added', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend();
    renderScreenInDataRouter('/parametrages/signalements', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Délais de traitement' }));
    expect(section.queryByLabelText('Ouverture')).not.toBeInTheDocument();
    await user.click(section.getByRole('switch', { name: 'Compter en heures ouvrées' }));
    expect(section.getByLabelText('Ouverture')).toHaveValue('07:30');
    expect(section.getByLabelText('Fermeture')).toHaveValue('15:30');
    expect(section.getAllByLabelText('Date').map((input) => (input as HTMLInputElement).value)).toContain(`${new Date().getUTCFullYear()}-04-27`);

    await user.click(section.getByRole('button', { name: 'Ajouter un délai par type' }));
    await user.click(section.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Voirie' }));
    await user.click(screen.getByRole('button', { name: /^Sauvegarde/ }));
    await waitFor(() => expect(backend.puts()).toHaveLength(1));
    expect(backend.stored()).toMatchObject({ slaWorkingHoursOnly: true, slaTypeOverrides: [{ type: 'Voirie', priority: 'haute', hours: 24 }] });
  });

  it('a new delay per type says « Type requis » only once its type was left empty or a save was tried, not before', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({ slaTypeOverrides: [{ type: 'Voirie', priority: 'critique', hours: 12 }] });
    renderScreenInDataRouter('/parametrages/signalements', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Délais de traitement' }));
    await user.click(section.getByRole('button', { name: 'Ajouter un délai par type' }));
    const hours = section.getAllByLabelText('Délai (heures)');
    await user.clear(hours[1]);
    await user.type(hours[1], '48');
    expect(section.queryByText('Type requis')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Sauvegarde/ }));
    expect(await section.findByText('Type requis')).toBeInTheDocument();
    expect(backend.puts()).toHaveLength(0);
  });

  it('offers the roles told of a late report by their French names; a role that no longer exists is refused', async () => {
    const user = userEvent.setup();
    const backend = settingsBackend({ slaEscalationRoles: ['Editor', 'Ancien rôle'] });
    renderScreenInDataRouter('/parametrages/signalements', { fetch: backend.fetch });
    const reminders = within(await screen.findByRole('region', { name: 'Rappels et escalade' }));
    expect(await reminders.findByRole('checkbox', { name: 'Éditeur' })).toBeChecked();
    expect(reminders.getByRole('checkbox', { name: 'Opérateur' })).not.toBeChecked();
    expect(reminders.queryByRole('checkbox', { name: 'Administrateur' })).not.toBeInTheDocument();
    await user.click(reminders.getByRole('checkbox', { name: 'Opérateur' }));
    await user.click(screen.getByRole('button', { name: /^Sauvegarde/ }));
    expect(await reminders.findByText('Rôle inconnu : Ancien rôle')).toBeInTheDocument();
    expect(backend.puts()).toHaveLength(0);
  });
});
