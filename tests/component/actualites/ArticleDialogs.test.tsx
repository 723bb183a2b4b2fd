import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../renderApp';
import { articlesBackend } from './articlesBackend';

/** The article's detail and form dialogs (docs/ecrans.md, « Actualités et événements »). */

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

afterEach(() => {
  vi.useRealTimers();
});

describe('the article detail', { timeout: 60_000 }, () => {
  it('at /actualites/{id}: status, dates in the town\'s time, slug, cover with Ouvrir, body as rich text folded with a toggle, gallery', async () => {
    const user = userEvent.setup();
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/art1', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Inscriptions scolaires 2026' });
    const d = within(detail);
    expect(await d.findByText('Publié')).toBeInTheDocument();
    expect(d.getAllByText('02/03/2026 10:00').length).toBeGreaterThan(0);
    expect(d.getByText('inscriptions-scolaires-2026')).toBeInTheDocument();
    // Published at 08:15 UTC, created and modified: in the town's time.
    expect((await d.findByText('Publié le')).nextSibling).toHaveTextContent('02/03/2026 11:15');
    expect(d.getByText('Créé le').nextSibling).toHaveTextContent('01/03/2026 09:00');
    expect(d.getByText('Modifié le').nextSibling).toHaveTextContent('02/03/2026 11:15');

    const cover = d.getByRole('img', { name: "Image de couverture de l'article" });
    expect(cover).toHaveAttribute('src', 'http://api.test/uploads/ecole.png');
    expect(d.getByRole('link', { name: "Ouvrir l'image de couverture (nouvel onglet)" })).toHaveAttribute('target', '_blank');

    // The body as blocks: a heading, bold text, and the list's items as list items.
    expect(d.getByRole('heading', { name: 'Les pièces à fournir' })).toBeInTheDocument();
    expect(d.getByText('avant le 30 juin').tagName).toBe('STRONG');
    const items = d.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(expect.arrayContaining(['Livret de famille', 'Carnet de vaccination', 'Justificatif de domicile']));
    const toggle = d.getByRole('button', { name: 'Afficher tout le contenu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(d.getByRole('button', { name: 'Réduire le contenu' })).toHaveAttribute('aria-expanded', 'true');

    // The gallery; an image that fails to load is hidden.
    const pictures = d.getAllByRole('img', { name: /Image \d de la galerie/ });
    expect(pictures).toHaveLength(2);
    fireEvent.error(pictures[0]);
    expect(d.queryByRole('img', { name: 'Image 1 de la galerie' })).not.toBeInTheDocument();
    expect(d.getByRole('img', { name: 'Image 2 de la galerie' })).toBeInTheDocument();
    fireEvent.error(cover);
    expect(d.queryByRole('img', { name: "Image de couverture de l'article" })).not.toBeInTheDocument();

    expect(d.getAllByRole('button').map((b) => b.textContent).filter((t) => ['Fermer', 'Modifier', 'Publier', 'Dépublier', 'Supprimer'].includes(t ?? ''))).toEqual([
      'Fermer',
      'Modifier',
      'Dépublier',
      'Supprimer',
    ]);
  });

  it('Publier turns a draft into a published article through the update call, with a toast; Dépublier back', async () => {
    const user = userEvent.setup();
    const { backend, rows } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/art2', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Événement : fête de la musique' }));
    expect(await detail.findByText('Brouillon')).toBeInTheDocument();
    expect((await detail.findByText('Publié le')).nextSibling).toHaveTextContent('Non publié');
    await user.click(detail.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText("L'article est publié.")).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/articles/art2', body: { data: { status: 'published' } } });
    expect(rows.find((r) => r.documentId === 'art2')!.status).toBe('published');
    await user.click(await detail.findByRole('button', { name: 'Dépublier' }));
    expect(await screen.findByText("L'article est repassé en brouillon.")).toBeInTheDocument();
    expect(rows.find((r) => r.documentId === 'art2')!.status).toBe('draft');
  });

  it('an article without body nor images says so and shows no image', async () => {
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/art3', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Coupure de courant à Cavani' }));
    expect(await detail.findByText("L'article n'a pas encore de contenu.")).toBeInTheDocument();
    expect(detail.queryByRole('img')).not.toBeInTheDocument();
    expect(detail.queryByRole('button', { name: 'Afficher tout le contenu' })).not.toBeInTheDocument();
  });
});

describe('the article form', { timeout: 60_000 }, () => {
  it('says every validation message of the specification and sends nothing', async () => {
    const user = userEvent.setup();
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/create', { fetch: backend.fetch });
    const form = within(await screen.findByRole('dialog', { name: 'Nouvel article' }));
    await user.click(form.getByRole('button', { name: "Créer l'article" }));
    expect(await form.findByText('Le titre est requis')).toBeInTheDocument();
    expect(form.getByText('Le slug est requis')).toBeInTheDocument();

    await user.click(form.getByRole('switch', { name: 'Slug automatique' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Titre' }), { target: { value: 'T'.repeat(201) } });
    fireEvent.change(form.getByRole('textbox', { name: 'Slug' }), { target: { value: 's'.repeat(201) } });
    fireEvent.change(form.getByRole('textbox', { name: 'Résumé' }), { target: { value: 'r'.repeat(501) } });
    fireEvent.change(form.getByLabelText(/^Date/), { target: { value: '' } });
    await user.click(form.getByRole('button', { name: "Créer l'article" }));
    expect(await form.findByText('Le titre ne peut pas dépasser 200 caractères')).toBeInTheDocument();
    expect(form.getByText('Le slug ne peut pas dépasser 200 caractères')).toBeInTheDocument();
    expect(form.getByText('Le résumé ne peut pas dépasser 500 caractères')).toBeInTheDocument();
    expect(form.getByText('La date est requise')).toBeInTheDocument();
    expect(form.getByText('501/500')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates an article: auto-slug, counter, a date typed in the town\'s time and stored in UTC, a cover and a gallery; the toast', async () => {
    // The form opens at "now" in Mamoudzou: 09:30 UTC is 12:30 there.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T09:30:20Z'));
    const user = userEvent.setup();
    const { backend, rows } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/create', { fetch: backend.fetch });
    let form = within(await screen.findByRole('dialog', { name: 'Nouvel article' }));
    const date = form.getByLabelText(/^Date/);
    expect(date).toHaveValue('2026-03-10T12:30');

    await user.type(form.getByRole('textbox', { name: 'Titre' }), 'Fête de l’Été à Mamoudzou !');
    expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue('fete-de-lete-a-mamoudzou');
    expect(form.getByText('0/500')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Résumé' }), 'Concerts gratuits');
    expect(form.getByText('17/500')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-06-21T10:00' } });

    const [coverInput, galleryInput] = form.getAllByLabelText(/Choisir une image de couverture|Ajouter des images à la galerie/);
    await user.upload(coverInput, new File([PNG], 'affiche.png', { type: 'image/png' }));
    await user.upload(galleryInput, [new File([PNG], 'scene.png', { type: 'image/png' }), new File([PNG], 'public.png', { type: 'image/png' })]);
    expect(form.getByRole('img', { name: 'affiche.png' })).toBeInTheDocument();
    expect(form.getByRole('img', { name: 'public.png' })).toBeInTheDocument();
    // Image files only (even when the browser's file dialog lets another through).
    await userEvent.setup({ applyAccept: false }).upload(galleryInput, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(form.getByText('Fichiers refusés (images uniquement) : notes.pdf')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: "Retirer l'image public.png de la galerie" }));

    await user.click(form.getByRole('button', { name: "Créer l'article" }));
    expect(await screen.findByText("L'article a été créé.")).toBeInTheDocument();
    const post = backend.calls.find((c) => c.method === 'POST' && c.path === '/api/articles')!;
    expect(post.body).toEqual({
      data: {
        title: 'Fête de l’Été à Mamoudzou !',
        slug: 'fete-de-lete-a-mamoudzou',
        summary: 'Concerts gratuits',
        // 10:00 in Mamoudzou (UTC+3).
        date: '2026-06-21T07:00:00.000Z',
        coverImage: 100,
        gallery: [101],
      },
    });
    expect(rows).toHaveLength(4);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvel article' })).not.toBeInTheDocument());
    // Opened again: empty.
    await user.click(await screen.findByRole('button', { name: 'Nouvel article' }));
    form = within(await screen.findByRole('dialog', { name: 'Nouvel article' }));
    expect(form.getByRole('textbox', { name: 'Titre' })).toHaveValue('');
  });

  it('the form resets when closed', async () => {
    const user = userEvent.setup();
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/create', { fetch: backend.fetch });
    let form = within(await screen.findByRole('dialog', { name: 'Nouvel article' }));
    await user.type(form.getByRole('textbox', { name: 'Titre' }), 'Brouillon abandonné');
    await user.click(form.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Nouvel article' }));
    form = within(await screen.findByRole('dialog', { name: 'Nouvel article' }));
    expect(form.getByRole('textbox', { name: 'Titre' })).toHaveValue('');
    expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue('');
  });

  it('edits an article: its own values, the date in the town\'s time, only what changed is sent', async () => {
    const user = userEvent.setup();
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites/art1/edit', { fetch: backend.fetch });
    const form = within(await screen.findByRole('dialog', { name: "Modifier l'article" }));
    expect(await form.findByRole('textbox', { name: 'Titre' })).toHaveValue('Inscriptions scolaires 2026');
    expect(form.getByLabelText(/^Date/)).toHaveValue('2026-03-02T10:00');
    expect(form.getByRole('switch', { name: 'Slug automatique' })).toBeChecked();
    // The stored body in the editor, its heading and list included.
    const editor = form.getByRole('textbox', { name: /^Contenu/ });
    expect(within(editor).getByRole('heading', { name: 'Les pièces à fournir' })).toBeInTheDocument();
    expect(within(editor).getAllByRole('listitem')).toHaveLength(3);
    await user.clear(form.getByRole('textbox', { name: 'Résumé' }));
    await user.type(form.getByRole('textbox', { name: 'Résumé' }), 'Inscriptions ouvertes');
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Article modifié')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'PUT')!.body).toEqual({ data: { summary: 'Inscriptions ouvertes' } });
  });
});
