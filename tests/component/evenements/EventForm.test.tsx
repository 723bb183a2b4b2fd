import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../renderApp';
import { eventsBackend } from './eventsBackend';

/** The event form dialog with its live preview (docs/ecrans.md, « Actualités et événements »). */

afterEach(() => {
  vi.useRealTimers();
});

describe('the event form', { timeout: 60_000 }, () => {
  it('"Nouvel événement": today in Mamoudzou and 18:00 by default, the nine categories, a live preview', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 21:30 UTC on 13 March: 14 March in Mamoudzou.
    vi.setSystemTime(new Date('2026-03-13T21:30:00Z'));
    const user = userEvent.setup();
    const { backend } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements/create', { fetch: backend.fetch });
    const form = within(await screen.findByRole('dialog', { name: 'Nouvel événement' }));
    expect(form.getByLabelText(/^Date/)).toHaveValue('2026-03-14');
    expect(form.getByLabelText(/^Heure/)).toHaveValue('18:00');
    const preview = within(form.getByRole('region', { name: 'Aperçu' }));
    expect(preview.getByText('Sans titre')).toBeInTheDocument();
    expect(await preview.findByText('samedi 14 mars 2026 à 18:00')).toBeInTheDocument();
    expect(preview.getByText('Lieu à préciser')).toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: 'Titre' }), 'Fête de la mangrove');
    expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue('fete-de-la-mangrove');
    await user.type(form.getByRole('textbox', { name: 'Lieu' }), 'Tsoundzou 2');
    fireEvent.change(form.getByLabelText(/^Heure/), { target: { value: '09:30' } });
    await user.click(form.getByRole('combobox', { name: 'Catégorie' }));
    const categories = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(categories).toEqual(['Culture', 'Sport', 'Éducation', 'Santé', 'Social', 'Environnement', 'Économie', 'Politique', 'Autre']);
    await user.click(screen.getByRole('option', { name: 'Environnement' }));
    expect(preview.getByText('Fête de la mangrove')).toBeInTheDocument();
    expect(preview.getByText('samedi 14 mars 2026 à 09:30')).toBeInTheDocument();
    expect(preview.getByText('Tsoundzou 2')).toBeInTheDocument();
    expect(preview.getByText('Environnement')).toBeInTheDocument();
  });

  it('says every validation message of the specification and sends nothing', async () => {
    const user = userEvent.setup();
    const { backend } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements/create', { fetch: backend.fetch });
    const form = within(await screen.findByRole('dialog', { name: 'Nouvel événement' }));
    // A date input is cleared when it loses the focus.
    fireEvent.change(form.getByLabelText(/^Date/), { target: { value: '' } });
    fireEvent.blur(form.getByLabelText(/^Date/));
    fireEvent.change(form.getByLabelText(/^Heure/), { target: { value: '' } });
    await user.click(form.getByRole('button', { name: "Créer l'événement" }));
    for (const message of ['Le titre est requis', 'Le slug est requis', 'La description est requise', 'La date est requise', "L'heure est requise", 'Le lieu est requis', 'La catégorie est requise']) {
      expect(await form.findByText(message)).toBeInTheDocument();
    }
    await user.click(form.getByRole('switch', { name: 'Slug automatique' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Titre' }), { target: { value: 'É'.repeat(201) } });
    fireEvent.change(form.getByRole('textbox', { name: 'Slug' }), { target: { value: 'e'.repeat(201) } });
    await user.click(form.getByRole('button', { name: "Créer l'événement" }));
    expect(await form.findByText('Le titre ne peut pas dépasser 200 caractères')).toBeInTheDocument();
    expect(form.getByText('Le slug ne peut pas dépasser 200 caractères')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('"Modifier l\'événement": an unchanged image is not sent again, the time goes as HH:MM:00.000', async () => {
    const user = userEvent.setup();
    const { backend } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements/ev1/edit', { fetch: backend.fetch });
    const form = within(await screen.findByRole('dialog', { name: "Modifier l'événement" }));
    expect(await form.findByRole('textbox', { name: 'Titre' })).toHaveValue('Marché nocturne');
    expect(form.getByRole('img', { name: 'marche.png' })).toBeInTheDocument();
    expect(within(form.getByRole('region', { name: 'Aperçu' })).getByText('Description 1')).toBeInTheDocument();
    fireEvent.change(form.getByLabelText(/^Heure/), { target: { value: '20:15' } });
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Événement modifié')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'PUT')!.body).toEqual({ data: { time: '20:15:00.000' } });
  });

  it('removing the image sends none and clears it; a new one is uploaded', async () => {
    const user = userEvent.setup();
    const { backend, rows } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements/ev1/edit', { fetch: backend.fetch });
    let form = within(await screen.findByRole('dialog', { name: "Modifier l'événement" }));
    await user.click(await form.findByRole('button', { name: "Retirer l'image marche.png" }));
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Événement modifié')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'PUT')!.body).toEqual({ data: { image: null } });
    expect(backend.calls.some((c) => c.path === '/api/upload')).toBe(false);
    expect(rows.find((r) => r.documentId === 'ev1')!.image).toBeNull();

    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Modifier l'événement" })).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Actions pour « Marché nocturne »' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modifier' }));
    form = within(await screen.findByRole('dialog', { name: "Modifier l'événement" }));
    await user.upload(await form.findByLabelText('Choisir une image'), new File([new Uint8Array([1])], 'affiche.png', { type: 'image/png' }));
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(backend.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(backend.calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ data: { image: 200 } });
  });
});
