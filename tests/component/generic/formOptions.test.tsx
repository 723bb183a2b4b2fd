import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/resources';
import { renderApp } from '../renderApp';
import { annonces, noticesBackend } from './notices';

/** Form and list options of the framework, on a resource declared only by its config (tests/component/generic/notices.tsx). */

const registry = [...resources, annonces];

describe('form options', () => {
  it('derives the slug from the title while its switch is on, counts the summary, computes a default, previews what is typed', async () => {
    const user = userEvent.setup();
    const { backend, rows } = noticesBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/annonces/create', { fetch: backend.fetch, registry });
    const form = within(await screen.findByRole('dialog', { name: 'Nouvelle annonce' }));

    // A computed default, shown in the town's time (07:00 UTC is 10:00 in Mamoudzou).
    expect(form.getByLabelText(/^Parution/)).toHaveValue('2026-05-14T10:00');

    // The slug follows the title and cannot be typed while "automatic" is on.
    const slug = form.getByRole('textbox', { name: 'Slug' });
    const auto = form.getByRole('switch', { name: 'Slug automatique' });
    expect(auto).toBeChecked();
    expect(slug).toHaveAttribute('readonly');
    await user.type(form.getByRole('textbox', { name: 'Titre' }), 'Fête de l’Été  -- à Cavani !');
    expect(slug).toHaveValue('fete-de-lete-a-cavani');
    expect(form.getByRole('region', { name: "Aperçu de l'annonce" })).toHaveTextContent('Fête de l’Été -- à Cavani !/fete-de-lete-a-cavani');

    // Off: typed by hand, and the title no longer changes it.
    await user.click(auto);
    expect(slug).not.toHaveAttribute('readonly');
    await user.clear(slug);
    await user.type(slug, 'fete-cavani');
    await user.type(form.getByRole('textbox', { name: 'Titre' }), ' 2026');
    expect(slug).toHaveValue('fete-cavani');

    // The live counter, and the limit said on submit.
    expect(form.getByText('0/20')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Résumé' }), 'Vingt et un caractères');
    expect(form.getByText('22/20')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Créer' }));
    expect(await form.findByText('Le résumé ne peut pas dépasser 20 caractères')).toBeInTheDocument();
    expect(form.getByText('Le texte est requis')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(rows).toHaveLength(2);
  });

  it('an edited record keeps its own slug: automatic only when it still follows the title', async () => {
    const { backend } = noticesBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/annonces/n1/edit', { fetch: backend.fetch, registry });
    let form = within(await screen.findByRole('dialog', { name: "Modifier l'annonce" }));
    expect(await form.findByRole('switch', { name: 'Slug automatique' })).toBeChecked();
    // 05:30 UTC is 08:30 in Mamoudzou.
    expect(form.getByLabelText(/^Parution/)).toHaveValue('2026-03-02T08:30');
    expect(form.getByText('11/20')).toBeInTheDocument();
    // The stored rich text in the editor.
    expect(form.getByRole('textbox', { name: /^Texte/ })).toHaveTextContent('Travaux sur le réseau.');
  });

  it('a slug typed by hand opens with "automatic" off', async () => {
    const { backend } = noticesBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/annonces/n2/edit', { fetch: backend.fetch, registry });
    const form = within(await screen.findByRole('dialog', { name: "Modifier l'annonce" }));
    expect(await form.findByRole('switch', { name: 'Slug automatique' })).not.toBeChecked();
    expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue('affiche-fete');
  });
});

describe('views beside the list', () => {
  it('shows tabs "Liste" and the config\'s views; a view replaces the records under the same filters', async () => {
    const user = userEvent.setup();
    const { backend } = noticesBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/annonces', { fetch: backend.fetch, registry });
    const views = await screen.findByRole('tablist', { name: 'Affichage des annonces' });
    expect(within(views).getByRole('tab', { name: /^Liste/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Liste : Annonces' })).toBeInTheDocument();
    expect(screen.getByText('2 annonce(s) trouvée(s)')).toBeInTheDocument();

    // The select's "every value" entry says what the config says.
    await user.click(screen.getByRole('combobox', { name: 'Genre' }));
    expect(await screen.findByRole('option', { name: 'Tous les genres' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('textbox', { name: 'Rechercher une annonce' }), 'fête');
    // The search applies once typing pauses (300 ms); the view is picked after it, as a person would.
    expect(await screen.findByText('1 annonce(s) trouvée(s)')).toBeInTheDocument();
    await user.click(within(views).getByRole('tab', { name: 'Tableau' }));
    expect(await screen.findByText('Tableau des annonces (recherche : fête)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/annonce\(s\) trouvée\(s\)/)).not.toBeInTheDocument();

    await user.click(within(views).getByRole('tab', { name: /^Liste/ }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Liste : Annonces' })).toBeInTheDocument());
  });
});
