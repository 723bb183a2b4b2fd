import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../allowConsoleError';
import { renderScreen } from '../renderApp';
import { placesBackend } from '../poi/placesBackend';

/** Annuaire (/annuaire): figures, tabs, switches, cards with tel: links and open now, form and toasts, CSV import. */

const calls = (backend: ReturnType<typeof placesBackend>['backend']) => backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/directory-entries' && c.query.includes('pagination[pageSize]=24'));

describe('the directory', { timeout: 60_000 }, () => {
  it('shows five figures, the tabs, the cards sorted featured first with their badges, phones and services', async () => {
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/annuaire', { fetch: backend.fetch });
    expect(await screen.findByText('4 entrée(s) trouvée(s)')).toBeInTheDocument();
    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    for (const [label, n] of [['Total', 4], ['Urgences', 2], ['Services publics', 3], ['Vérifiées', 3], ['Mises en avant', 2]] as const)
      await waitFor(() => expect(figures.getByText(label).nextSibling).toHaveTextContent(String(n)));
    for (const name of ['Tous (4)', 'Urgences (2)', 'Services publics (3)', 'Mis en avant (2)', 'Catégories']) expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    expect(calls(backend)[0].query).toContain('sort[0]=featured:desc&sort[1]=name:asc');

    const cards = within(screen.getByRole('list', { name: "Entrées de l'annuaire" })).getAllByRole('listitem');
    const firemen = within(cards.find((c) => within(c).queryByText('Sapeurs-pompiers'))!);
    // The card body is a chunk of its own: it arrives after the cards.
    expect(await firemen.findByRole('link', { name: 'Appeler Sapeurs-pompiers au 18' })).toHaveAttribute('href', 'tel:18');
    expect(firemen.getByRole('link', { name: 'Appeler Sapeurs-pompiers au 112' })).toHaveAttribute('href', 'tel:112');
    expect(firemen.getByText('Service public')).toBeInTheDocument();
    expect(firemen.getByText('Urgence')).toBeInTheDocument();
    expect(firemen.getByText('Ouvert')).toBeInTheDocument();
    expect(firemen.getByText('Incendie')).toBeInTheDocument();
    expect(firemen.queryByText('Risques')).not.toBeInTheDocument();
    expect(firemen.getByText('+2')).toBeInTheDocument();
    // Same number: no emergency badge.
    const samu = within(cards.find((c) => within(c).queryByText('SAMU'))!);
    expect(samu.getAllByRole('link', { name: /^Appeler SAMU/ })).toHaveLength(1);
    const club = within(cards.find((c) => within(c).queryByText('Club de football'))!);
    expect(club.getByText('Horaires inconnus')).toBeInTheDocument();
    expect(club.queryByText('Service public')).not.toBeInTheDocument();
  });

  it('each tab, filter and switch filters on the server; nothing found says so', async () => {
    const user = userEvent.setup();
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/annuaire', { fetch: backend.fetch });
    await screen.findByText('4 entrée(s) trouvée(s)');
    await user.click(await screen.findByRole('tab', { name: /^Urgences/ }));
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(calls(backend).at(-1)!.query).toContain('filters[category][$in][0]=urgences');
    await user.click(screen.getByRole('tab', { name: /^Services publics/ }));
    expect(await screen.findByText('3 entrée(s) trouvée(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Mis en avant/ }));
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Tous/ }));
    expect(await screen.findByText('4 entrée(s) trouvée(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Vérifiés' }));
    expect(await screen.findByText('3 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(calls(backend).at(-1)!.query).toContain('filters[verified][$eq]=true');
    await user.click(screen.getByRole('switch', { name: 'Vedettes' }));
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Vérifiés' }));
    await user.click(screen.getByRole('switch', { name: 'Vedettes' }));
    expect(await screen.findByText('4 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(calls(backend).at(-1)!.query).not.toContain('filters[verified]');

    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'En attente' }));
    expect(await screen.findByText('1 entrée(s) trouvée(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Tourisme' }));
    expect(await screen.findByText('Aucune entrée trouvée')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Catégories' }));
    const categories = within(await screen.findByRole('list', { name: "Catégories de l'annuaire" }));
    await user.click(within(categories.getByRole('heading', { name: 'Urgences' }).closest('li')!).getByRole('button'));
    expect(await screen.findByText('Aucune entrée trouvée')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Urgences');
  });

  it('the form enforces its required fields in French; create, edit and delete toasts', async () => {
    const user = userEvent.setup();
    const { backend, entries } = placesBackend();
    backend.sessionStorageFor('auteur');
    renderScreen('/annuaire', { fetch: backend.fetch });
    await screen.findByText('4 entrée(s) trouvée(s)');
    await user.click(screen.getByRole('button', { name: 'Nouvelle entrée' }));
    const form = await screen.findByRole('dialog', { name: 'Nouvelle entrée' });
    for (const label of ['Téléphone', "Numéro d'urgence", 'Email', 'Adresse', 'Code postal', 'Ville', 'Site web', 'Personne à contacter']) expect(within(form).getByRole('textbox', { name: label })).toBeInTheDocument();
    for (const label of ['Entrée vérifiée', 'Mettre en avant']) expect(within(form).getByRole('switch', { name: label })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: "Créer l'entrée" }));
    expect(await within(form).findByText('Le nom est requis')).toBeInTheDocument();
    expect(within(form).getByText('La catégorie est requise')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Nom' }), 'Office de tourisme');
    await user.click(within(form).getByRole('combobox', { name: /^Catégorie/ }));
    await user.click(await screen.findByRole('option', { name: 'Tourisme' }));
    await user.type(within(form).getByRole('textbox', { name: 'Services' }), 'Accueil, Visites');
    await user.click(within(form).getByRole('switch', { name: 'Mettre en avant' }));
    await user.click(within(form).getByRole('button', { name: "Créer l'entrée" }));
    expect(await screen.findByText('Entrée créée')).toBeInTheDocument();
    expect(entries.at(-1)).toMatchObject({ name: 'Office de tourisme', category: 'tourisme', featured: true, status: 'active', city: 'Mamoudzou', postalCode: '97600', services: ['Accueil', 'Visites'] });

    const card = (await screen.findAllByRole('listitem')).find((c) => within(c).queryByText('Club de football'))!;
    await user.click(within(card).getByRole('button', { name: 'Actions pour « Club de football »' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modifier' }));
    const edit = await screen.findByRole('dialog', { name: "Modifier l'entrée" });
    await user.click(await within(edit).findByRole('switch', { name: 'Entrée vérifiée' }));
    await user.click(within(edit).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Entrée modifiée')).toBeInTheDocument();
    expect(entries.find((e) => e.documentId === 'd4')!.verified).toBe(true);

    const again = (await screen.findAllByRole('listitem')).find((c) => within(c).queryByText('Club de football'))!;
    await user.click(within(again).getByRole('button', { name: 'Actions pour « Club de football »' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Supprimer l'entrée" })).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Entrée supprimée')).toBeInTheDocument();
  });

  it('imports a CSV: preview with good and bad rows, the valid ones sent in one batch, a row the server refuses listed too', async () => {
    // react-admin logs a refused call; this one is refused on purpose.
    allowConsoleError(/1 ligne\(s\) refusée\(s\)/);
    const user = userEvent.setup();
    const { backend, entries } = placesBackend();
    const batches: unknown[][] = [];
    backend.on('POST', '/api/directory-entries/import', (call) => {
      const rows = (call.body as { data: Record<string, unknown>[] }).data;
      batches.push(rows);
      // The backend refuses the batch for its row named "Doublon" (all or nothing), then takes the rest.
      const refused = rows.findIndex((r) => r.name === 'Doublon');
      if (refused >= 0)
        return { status: 400, body: { error: { status: 400, name: 'ValidationError', message: '1 ligne(s) refusée(s)', details: { rows: [{ row: refused, errors: [{ path: ['name'], message: 'This attribute must be unique', code: 'unique' }] }] } } } };
      rows.forEach((r, i) => entries.push({ id: 500 + i, documentId: `imp-${i}`, ...r }));
      return { body: { data: { created: rows.length, ids: rows.map((_, i) => `imp-${i}`) } } };
    });
    backend.sessionStorageFor('auteur');
    renderScreen('/annuaire', { fetch: backend.fetch });
    await screen.findByText('4 entrée(s) trouvée(s)');
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    const dialog = await screen.findByRole('dialog', { name: "Importer un fichier CSV : Annuaire" });
    expect(within(dialog).getByRole('button', { name: "Télécharger un fichier d'exemple" })).toBeInTheDocument();
    const csv = '\uFEFFnom;categorie;telephone;verifiee\r\nCCAS;Services publics;0269 61 10 20;Oui\r\n;associations;;\r\nDoublon;associations;;non\r\nClub de voile;Associations;0639 11 11 11;non\r\n';
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([csv], 'annuaire.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('4 ligne(s) lue(s) : 3 valide(s), 1 refusée(s).')).toBeInTheDocument();
    const preview = within(within(dialog).getByRole('table', { name: /Aperçu des lignes du fichier/ }));
    expect(preview.getAllByRole('row')).toHaveLength(5);
    expect(preview.getAllByText('Valide')).toHaveLength(3);
    expect(preview.getAllByText('Refusée')).toHaveLength(1);
    expect(within(dialog).getByText('Ligne 3 : Nom : Le nom est requis')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Importer 3 ligne(s)' }));
    expect(await screen.findByText('2 ligne(s) importée(s), 2 refusée(s).', { selector: '.MuiAlert-message *, .MuiAlert-message' })).toBeInTheDocument();
    expect(batches.map((b) => b.length)).toEqual([3, 2]);
    expect(within(dialog).getByText('Ligne 4 : Nom : Cette valeur est déjà utilisée')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Télécharger les lignes refusées (CSV)' })).toBeInTheDocument();
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['CCAS', 'Club de voile']));
    expect(entries.find((e) => e.name === 'CCAS')).toMatchObject({ category: 'services_publics', verified: true });
    // The list and its figures are refreshed after the import.
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    expect(await screen.findByText('6 entrée(s) trouvée(s)')).toBeInTheDocument();
  });

  it('an Operator reads the directory: no Importer, no Nouvelle entrée', async () => {
    const { backend } = placesBackend();
    backend.sessionStorageFor('operateur');
    renderScreen('/annuaire', { fetch: backend.fetch });
    await screen.findByText('4 entrée(s) trouvée(s)');
    expect(screen.queryByRole('button', { name: 'Importer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle entrée' })).not.toBeInTheDocument();
  });
});
