import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, renderScreen } from '../renderApp';
import { allowConsoleError } from '../allowConsoleError';
import { makeReports, reportsBackend } from './reportsBackend';


function fullReport() {
  const [report] = makeReports(1);
  return Object.assign(report, {
    title: 'Lampadaire éteint rue de la Mairie',
    subType: null,
    service: null,
    assignedTo: null,
    latitude: -12.78061234,
    longitude: 45.2279,
    citizenName: 'Fatima Saïd',
    citizenEmail: 'fatima@example.test',
    citizenPhone: '+262 639 12 34 56',
    photos: [
      { id: 11, url: '/uploads/photo1.jpg', mime: 'image/jpeg', name: 'photo1.jpg' },
      { id: 12, url: '/uploads/photo2.jpg', mime: 'image/jpeg', name: 'photo2.jpg' },
    ],
    tags: ['urgent', 'nuit'],
    internalNotes: ['Appel du citoyen à 19 h'],
    report_status: 'nouveau',
    slaStatus: 'proche_echeance',
  });
}

beforeEach(() => {
  URL.createObjectURL = (() => 'blob:preview') as typeof URL.createObjectURL;
  URL.revokeObjectURL = () => {};
});

describe('report detail dialog', { timeout: 60_000 }, () => {
  it('/signalements/{id} opens it directly with every field of the specification', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend([fullReport()]);
    backend.sessionStorageFor('admin');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Lampadaire éteint rue de la Mairie' });
    await within(dialog).findByText('Informations générales');
    const d = within(dialog);
    expect(d.getByText('Nouveau')).toBeInTheDocument();
    expect(d.getByText('Basse')).toBeInTheDocument();
    expect(d.getByText('rep1')).toBeInTheDocument();
    expect(d.getByText('Non spécifié')).toBeInTheDocument(); // sub-type
    expect(d.getAllByText('Non assigné')).toHaveLength(2); // service, assigned to
    expect(d.getByText('Proche échéance')).toBeInTheDocument();
    expect(d.getByText('-12.780612, 45.227900')).toBeInTheDocument();
    const map = d.getByRole('link', { name: /Voir sur la carte/ });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=-12.780612&mlon=45.227900#map=18/-12.780612/45.227900');
    expect(map).toHaveAttribute('target', '_blank');
    expect(d.getByText('Informations du citoyen')).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'fatima@example.test' })).toHaveAttribute('href', 'mailto:fatima@example.test');
    expect(d.getByRole('link', { name: '+262 639 12 34 56' })).toHaveAttribute('href', 'tel:+262639123456');
    const photos = d.getAllByRole('img', { name: /Photo \d du signalement/ });
    expect(photos[0]).toHaveAttribute('src', 'http://api.test/uploads/photo1.jpg');
    expect(d.getByRole('link', { name: 'Ouvrir la photo 1 dans un nouvel onglet' })).toHaveAttribute('target', '_blank');
    // A broken image falls back to the placeholder.
    fireEvent.error(photos[1]);
    expect(d.getByRole('img', { name: 'Image indisponible' })).toBeInTheDocument();
    expect(d.getByText('urgent')).toBeInTheDocument();
    expect(d.getByText('nuit')).toBeInTheDocument();
    // Internal notes fold.
    const toggle = d.getByRole('button', { name: 'Afficher' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(d.getByRole('button', { name: 'Masquer' })).toHaveAttribute('aria-expanded', 'true');
    expect(d.getByText('Appel du citoyen à 19 h')).toBeVisible();
    // Stored at 08:30 and 09:45 UTC, shown in the town's time (UTC+3).
    expect(d.getByText('01/01/2025 11:30')).toBeInTheDocument();
    expect(d.getByText('02/01/2025 12:45')).toBeInTheDocument();
    for (const name of ['Fermer', 'Changer statut', 'Modifier', 'Supprimer']) expect(d.getAllByRole('button', { name }).length).toBeGreaterThan(0);
    // The photos are populated for the detail only.
    expect(backend.calls.find((c) => c.path === '/api/reports/rep1')!.query).toContain('populate[0]=photos');
  });

  it('without citizen, photos or coordinates: no citizen block, "Aucune photo disponible"', async () => {
    const [report] = makeReports(1);
    Object.assign(report, { latitude: null, longitude: null });
    const backend = reportsBackend([report]);
    backend.sessionStorageFor('auteur');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Signalement numéro 1' });
    await within(dialog).findByText('Aucune photo disponible');
    expect(within(dialog).queryByText('Informations du citoyen')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Voir sur la carte/ })).not.toBeInTheDocument();
    // An Author reads only.
    expect(within(dialog).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Changer statut' })).not.toBeInTheDocument();
  });

  it('a click on a row opens it and Fermer goes back to the list', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(3));
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await user.click(await screen.findByText('Signalement numéro 2'));
    const dialog = await screen.findByRole('dialog', { name: 'Signalement numéro 2' });
    await within(dialog).findByText('Description 2');
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Supprimer asks, deletes and closes the detail', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(2));
    backend.sessionStorageFor('admin');
    renderScreen('/signalements/rep2', { fetch: backend.fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Signalement numéro 2' });
    await user.click(await within(dialog).findByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le signalement' });
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir supprimer ce signalement « Signalement numéro 2 » ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Le signalement a été supprimé.')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'DELETE' && c.path === '/api/reports/rep2')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('1 signalement(s) trouvé(s)')).toBeInTheDocument();
  });

  it('Modifier edits the report with the creation form\'s rules', async () => {
    const user = userEvent.setup();
    const rows = [fullReport()];
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Lampadaire éteint rue de la Mairie' });
    await user.click(await within(dialog).findByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('dialog', { name: 'Modifier le signalement' });
    const title = within(form).getByRole('textbox', { name: 'Titre du signalement' });
    expect(title).toHaveValue('Lampadaire éteint rue de la Mairie');
    await user.clear(title);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le titre est requis')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.type(title, 'Lampadaire réparé');
    await user.click(within(form).getByRole('button', { name: 'Retirer la photo photo2.jpg' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les modifications ont été enregistrées.')).toBeInTheDocument();
    const put = backend.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/reports/rep1');
    // Only what changed is sent.
    expect((put.body as { data: Record<string, unknown> }).data).toEqual({ title: 'Lampadaire réparé', photos: [11] });
  });
});

describe('status change dialog', { timeout: 60_000 }, () => {
  it('shows the current status disabled and enables "Changer le statut" only for another one', async () => {
    const user = userEvent.setup();
    const rows = makeReports(1);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await user.click(await screen.findByRole('button', { name: 'Actions pour « Signalement numéro 1 »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Changer statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    expect(within(dialog).getByText('Statut actuel :')).toBeInTheDocument();
    expect(within(dialog).getByText('Nouveau')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Changer le statut' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Nouveau statut' }));
    expect(screen.getByRole('option', { name: 'Nouveau' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Nouveau', 'En cours', 'En attente', 'Résolu', 'Rejeté']);
    await user.click(screen.getByRole('option', { name: 'En cours' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    const toast = (await screen.findByText('Le signalement est maintenant « En cours ».')).closest('[role="alert"]') as HTMLElement;
    // The row shows the new status at once; it is sent when the toast goes.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Liste des signalements' });
    expect(await within(table).findByText('En cours')).toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({ data: { report_status: 'en_cours' } }));
  });

  it('a refusal shows an error toast and puts the status back', async () => {
    allowConsoleError(/Strapi 400/);
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(1));
    backend.on('PUT', /^\/api\/reports\//, { status: 400, statusText: 'Bad Request', body: { error: { status: 400, message: 'Statut invalide', details: { code: 'invalid_request' } } } });
    backend.sessionStorageFor('admin');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 1' });
    await user.click(await within(detail).findByRole('button', { name: 'Changer statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Nouveau statut' }));
    await user.click(screen.getByRole('option', { name: 'Rejeté' }));
    await user.click(within(dialog).getByRole('button', { name: 'Changer le statut' }));
    const toast = (await screen.findByText('Le signalement est maintenant « Rejeté ».')).closest('[role="alert"]') as HTMLElement;
    expect(await within(detail).findByText('Rejeté')).toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Fermer', hidden: true }));
    expect(await screen.findByText('Impossible de changer le statut du signalement. Statut invalide. Le signalement reste « Nouveau ».')).toBeInTheDocument();
    expect(await within(detail).findByText('Nouveau')).toBeInTheDocument();
  });
});

describe('new report dialog', { timeout: 90_000 }, () => {
  async function openForm(account: 'operateur' | 'admin' = 'operateur', path = '/signalements') {
    const user = userEvent.setup();
    const rows = makeReports(1);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor(account);
    renderScreen(path, { fetch: backend.fetch });
    if (path === '/signalements') await user.click(await screen.findByRole('button', { name: 'Nouveau signalement' }));
    const form = await screen.findByRole('dialog', { name: 'Nouveau signalement' });
    return { user, backend, rows, form, f: within(form) };
  }

  async function choose(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, option: string) {
    await user.click(within(form).getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: option }));
  }

  it('has the four sections; required fields missing give the French messages and no call', async () => {
    const { user, backend, f } = await openForm();
    for (const legend of ['Informations générales', 'Localisation', 'Informations du citoyen (facultatif)', 'Photos (facultatif)'])
      expect(f.getByText(legend)).toBeInTheDocument();
    expect(f.getByRole('combobox', { name: 'Priorité' })).toHaveTextContent('Normale');
    expect(f.getByRole('textbox', { name: 'Téléphone' })).toHaveAttribute('placeholder', '+262 XXX XX XX');
    expect(f.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(f.getByRole('spinbutton', { name: 'Latitude' })).toBeInTheDocument();
    await user.click(f.getByRole('button', { name: 'Créer le signalement' }));
    for (const message of ['Le titre est requis', 'La description est requise', 'Le type est requis', 'La zone est requise', "L'adresse est requise"])
      expect(await f.findByText(message)).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/reports'))).toHaveLength(0);
    expect(f.getByRole('textbox', { name: 'Titre du signalement' })).toHaveFocus();
  });

  it('shows the sub-type only for a type that has some, and clears it when the type changes', async () => {
    const { user, form, f } = await openForm();
    expect(f.queryByRole('combobox', { name: 'Sous-type' })).not.toBeInTheDocument();
    await choose(user, form, 'Type', 'Voirie');
    await choose(user, form, 'Sous-type', 'Nid-de-poule');
    expect(f.getByRole('combobox', { name: 'Sous-type' })).toHaveTextContent('Nid-de-poule');
    await choose(user, form, 'Type', 'Éclairage public');
    expect(f.getByRole('combobox', { name: 'Sous-type' })).not.toHaveTextContent('Nid-de-poule');
    await choose(user, form, 'Type', 'Autres');
    expect(f.queryByRole('combobox', { name: 'Sous-type' })).not.toBeInTheDocument();
  });

  it('refuses non-image files, shows thumbnails with remove buttons, uploads the photos then creates the report "nouveau"', async () => {
    const { user, backend, form, f, rows } = await openForm('operateur', '/signalements/create');
    backend.on('POST', '/api/upload', { body: [{ id: 501, url: '/uploads/a.png' }, { id: 502, url: '/uploads/b.png' }] });
    await user.type(f.getByRole('textbox', { name: 'Titre du signalement' }), 'Dépôt sauvage au marché');
    await user.type(f.getByRole('textbox', { name: 'Description détaillée' }), 'Sacs et gravats');
    await choose(user, form, 'Type', 'Propreté');
    await choose(user, form, 'Sous-type', 'Dépôt sauvage');
    await choose(user, form, 'Zone', 'Cavani');
    await user.type(f.getByRole('textbox', { name: 'Adresse' }), 'Place du marché');
    await user.type(f.getByRole('spinbutton', { name: 'Latitude' }), '-12.79');
    await user.type(f.getByRole('textbox', { name: 'Nom' }), 'Ali');

    const input = form.querySelector('input[type=file]') as HTMLInputElement;
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    const c = new File(['c'], 'c.jpg', { type: 'image/jpeg' });
    const pdf = new File(['%PDF'], 'devis.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [a, pdf] } });
    expect(await f.findByText('Fichiers refusés (images uniquement) : devis.pdf')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [b, c] } });
    expect(f.getByRole('img', { name: 'a.png' })).toBeInTheDocument();
    expect(f.getByRole('img', { name: 'c.jpg' })).toBeInTheDocument();
    await user.click(f.getByRole('button', { name: 'Retirer la photo c.jpg' }));
    expect(f.queryByRole('img', { name: 'c.jpg' })).not.toBeInTheDocument();

    await user.click(f.getByRole('button', { name: 'Créer le signalement' }));
    expect(await screen.findByText('Le signalement a été créé avec succès.')).toBeInTheDocument();
    const upload = backend.calls.find((call) => call.path === '/api/upload')!;
    const sent = (upload.rawBody as FormData).getAll('files') as File[];
    expect(sent.map((file) => file.name)).toEqual(['a.png', 'b.png']);
    const post = backend.calls.find((call) => call.method === 'POST' && call.path === '/api/reports')!;
    expect(backend.calls.indexOf(upload)).toBeLessThan(backend.calls.indexOf(post));
    expect((post.body as { data: unknown }).data).toEqual({
      title: 'Dépôt sauvage au marché',
      description: 'Sacs et gravats',
      type: 'Propreté',
      subType: 'Dépôt sauvage',
      priority: 'normale',
      zone: 'Cavani',
      address: 'Place du marché',
      latitude: -12.79,
      citizenName: 'Ali',
      isPublic: true,
      report_status: 'nouveau',
      photos: [501, 502],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouveau signalement' })).not.toBeInTheDocument());
    expect(rows).toHaveLength(2);
  });

  it('a refusal keeps the dialog open with every value and photo', async () => {
    allowConsoleError(/Strapi 403/);
    const { user, backend, form, f } = await openForm();
    backend.on('POST', '/api/upload', { body: [{ id: 501, url: '/uploads/a.png' }] });
    backend.on('POST', '/api/reports', { status: 403, statusText: 'Forbidden', body: { error: { status: 403, message: 'Forbidden' } } });
    await user.type(f.getByRole('textbox', { name: 'Titre du signalement' }), 'Banc cassé');
    await user.type(f.getByRole('textbox', { name: 'Description détaillée' }), 'Le banc est cassé');
    await choose(user, form, 'Type', 'Mobilier urbain');
    await choose(user, form, 'Zone', 'Kawéni');
    await user.type(f.getByRole('textbox', { name: 'Adresse' }), 'Rue du stade');
    fireEvent.change(form.querySelector('input[type=file]')!, { target: { files: [new File(['a'], 'banc.png', { type: 'image/png' })] } });
    await user.click(f.getByRole('button', { name: 'Créer le signalement' }));
    expect(await screen.findByText("Une erreur est survenue lors de la création du signalement. Vous n'avez pas les droits nécessaires pour cette action.")).toBeInTheDocument();
    const still = screen.getByRole('dialog', { name: 'Nouveau signalement' });
    expect(within(still).getByRole('textbox', { name: 'Titre du signalement' })).toHaveValue('Banc cassé');
    expect(within(still).getByRole('textbox', { name: 'Adresse' })).toHaveValue('Rue du stade');
    expect(within(still).getByRole('img', { name: 'banc.png' })).toBeInTheDocument();
  });

  it('opens from the header\'s Créer menu', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(1));
    backend.sessionStorageFor('operateur');
    renderApp('/', { fetch: backend.fetch });
    await user.click(await screen.findByRole('button', { name: 'Créer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nouveau signalement' }));
    expect(await screen.findByRole('dialog', { name: 'Nouveau signalement' })).toBeInTheDocument();
  });
});
