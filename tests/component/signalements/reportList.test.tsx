import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../allowConsoleError';
import { renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

// jsdom on a shared two-core machine: give the lazy chunks and debounced filters time.
const listCalls = (backend: ReturnType<typeof reportsBackend>) => backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/reports');

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('reports list', { timeout: 60_000 }, () => {
  it('shows the first page from the server with the count of every match, badges and "Non assigné"', async () => {
    const backend = reportsBackend(makeReports(30));
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('30 signalement(s) trouvé(s)')).toBeInTheDocument();
    // The table's chunk may come after the count (a wide screen's table is a chunk of its own).
    await screen.findByRole('table', { name: 'Liste des signalements' });
    for (const header of ['Titre', 'Statut', 'Priorité', 'Zone', 'Délai', 'Assigné à', 'Créé le'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Liste des signalements' })).getAllByRole('row');
    expect(rows).toHaveLength(26); // header + 25
    const first = rows[1];
    expect(within(first).getByText('Signalement numéro 30')).toBeInTheDocument();
    expect(within(first).getByText('Rejeté')).toBeInTheDocument();
    expect(within(first).getByText('Normale')).toBeInTheDocument();
    expect(within(first).getByText('Kawéni')).toBeInTheDocument();
    expect(within(first).getByText('Dans les temps')).toBeInTheDocument();
    expect(within(first).getByText('Non assigné')).toBeInTheDocument();
    // Created at 08:30 UTC: 11:30 in Mamoudzou (UTC+3).
    expect(within(first).getByText('30/01/2025 11:30')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Agent Ali')).toBeInTheDocument();
    // Paged and sorted by the backend, never "all reports".
    // (The tabs' counts ask for one row each.)
    expect(listCalls(backend).find((c) => c.query.includes('pageSize]=25'))!.query).toContain('pagination[page]=1&pagination[pageSize]=25&sort[0]=createdAt:desc');
  });

  // Eight keystrokes, each a render of the list: beside npm test's other runs this took 41 s once (6 s alone).
  it('filters by status, priority, type and zone and searches on the server; the count follows', { timeout: 120_000 }, async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(30));
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('30 signalement(s) trouvé(s)');

    await pick(user, 'Statut', 'En cours');
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('filters[report_status][$eq]=en_cours'));
    expect(await screen.findByText('6 signalement(s) trouvé(s)')).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('filters[report_status][$eq]=en_cours');

    await pick(user, 'Zone', 'Kawéni');
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('filters[zone][$eq]=Kawéni'));
    await pick(user, 'Priorité', 'Haute');
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('filters[priority][$eq]=haute'));
    await pick(user, 'Type', 'Voirie');
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('filters[type][$eq]=Voirie'));

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('30 signalement(s) trouvé(s)')).toBeInTheDocument();

    // The backend searches without case or accents: "NUMERO 1" finds "numéro 1".
    await user.type(screen.getByRole('textbox', { name: 'Rechercher par type, ID ou description' }), 'NUMERO 1');
    expect(await screen.findByText('11 signalement(s) trouvé(s)', {}, { timeout: 45_000 })).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('search=NUMERO 1');
  });

  it('pages and sorts through the server', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(30));
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('30 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Aller à la prochaine page' }));
    expect(await screen.findByText('Signalement numéro 5')).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('pagination[page]=2');
    await user.click(screen.getByRole('button', { name: /^Trier par titre/ }));
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('sort[0]=title:asc'));
    await user.click(screen.getByRole('button', { name: /^Trier par titre/ }));
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('sort[0]=title:desc'));
    // Priorities sort on the backend's rank (Critique first), not on the alphabet.
    await user.click(screen.getByRole('button', { name: /^Trier par priorité/ }));
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('sort[0]=priorityRank:desc'));
  });

  it('shows the loading text, then the error with its message', async () => {
    const backend = reportsBackend([]);
    allowConsoleError(/Strapi 500/);
    backend.on('GET', '/api/reports', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Base indisponible' } } });
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('Erreur lors du chargement des signalements : Le serveur a rencontré une erreur. Réessayez plus tard.')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const backend = reportsBackend([]);
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('Aucun signalement trouvé')).toBeInTheDocument();
    expect(screen.getByText('0 signalement(s) trouvé(s)')).toBeInTheDocument();
  });
});

describe('selection and bulk actions', { timeout: 60_000 }, () => {
  it('selects the page, counts the selection and changes the status of every selected report', async () => {
    const user = userEvent.setup();
    const rows = makeReports(30);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('30 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les signalements de la page' }));
    expect(screen.getByText('25 sélectionné(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Signalement numéro 30 »' }));
    expect(screen.getByText('24 sélectionné(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    const menu = screen.getByRole('menu');
    // An operator may not delete.
    expect(within(menu).queryByRole('menuitem', { name: 'Supprimer' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut de 24 signalement(s)' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Nouveau statut' }));
    await user.click(await screen.findByRole('option', { name: 'Résolu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Changer le statut' }));
    expect(await screen.findByText('24 signalement(s) mis à jour.')).toBeInTheDocument();
    const puts = backend.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(24);
    expect(puts[0].body).toEqual({ data: { report_status: 'resolu' } });
    expect(rows.filter((r) => r.report_status === 'resolu')).toHaveLength(24 + 1 /* numéro 30 is rejete */ - 1 + 1);
    await waitFor(() => expect(screen.queryByText(/sélectionné\(s\)/)).not.toBeInTheDocument());
  });

  it('assigns the selection to a service and a person', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(3));
    backend.on('GET', '/api/users', { body: [{ id: 7, username: 'moussa', email: 'moussa@mairie.test' }] });
    backend.on('GET', '/api/users/count', { body: 1 });
    backend.sessionStorageFor('editeur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('3 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les signalements de la page' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Assigner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assigner 3 signalement(s)' });
    await user.click(within(dialog).getByRole('button', { name: 'Assigner' }));
    expect(await within(dialog).findByText('Choisissez un service ou un agent')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Police Municipale' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'moussa' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assigner' }));
    expect(await screen.findByText('3 signalement(s) assigné(s).')).toBeInTheDocument();
    const puts = backend.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(3);
    expect(puts[0].body).toEqual({ data: { service: 'Police Municipale', assignedTo: 'moussa' } });
  });

  it('an operator types the person (no user list) ', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(2));
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('2 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Signalement numéro 2 »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Assigner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assigner le signalement' });
    expect(within(dialog).getByText("Saisissez le nom de l'agent en charge (facultatif)")).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Agent' }), 'Zaïnaba');
    await user.click(within(dialog).getByRole('button', { name: 'Assigner' }));
    expect(await screen.findByText("L'assignation a été enregistrée.")).toBeInTheDocument();
    expect(backend.calls.some((c) => c.path === '/api/users')).toBe(false);
    expect(backend.calls.find((c) => c.method === 'PUT')!.body).toEqual({ data: { service: null, assignedTo: 'Zaïnaba' } });
  });

  it('deletes the selection after confirmation (administrator)', async () => {
    const user = userEvent.setup();
    const rows = makeReports(4);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('4 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Signalement numéro 4 »' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Signalement numéro 3 »' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer 2 signalement(s)' });
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir supprimer 2 signalement(s) ? Cette action est définitive.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('2 signalement(s) supprimé(s).')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'DELETE').map((c) => c.path).sort()).toEqual(['/api/reports/rep3', '/api/reports/rep4']);
    expect(await screen.findByText('2 signalement(s) trouvé(s)')).toBeInTheDocument();
  });

  it('a refused delete shows the error toast and keeps the confirmation open', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(2));
    allowConsoleError(/Strapi 403/);
    backend.on('DELETE', /^\/api\/reports\//, { status: 403, statusText: 'Forbidden', body: { error: { status: 403, message: 'Forbidden' } } });
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('2 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Signalement numéro 2 »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le signalement' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Impossible de supprimer le signalement. Vous n'avez pas les droits nécessaires pour cette action.")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Supprimer le signalement' })).toBeInTheDocument();
  });
});

describe('what each role is offered', { timeout: 60_000 }, () => {
  it('an Author reads: no selection, no bulk actions, no creation, only "Voir les détails"', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(2));
    backend.sessionStorageFor('auteur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('2 signalement(s) trouvé(s)');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau signalement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exporter' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions pour « Signalement numéro 2 »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails']);
  });

  it('an administrator has every row action', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(1));
    backend.sessionStorageFor('admin');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('1 signalement(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Signalement numéro 1 »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails', 'Assigner', 'Changer statut', 'Supprimer']);
  });
});
