import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { meetingsBackend, reunions } from './generic/meetings';
import { renderApp } from './renderApp';

describe('the registry is configuration', () => {
  it('a new config and one registry line give a menu item, a list with selection and export, create and edit dialogs and a "Créer" entry, with no other code', async () => {
    const user = userEvent.setup();
    const { backend, rows } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch, registry: [...resources, reunions] });

    // The "Créer" menu lists it.
    await user.click(await screen.findByRole('button', { name: 'Créer' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Nouvelle réunion' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The menu item, in its group.
    const link = await screen.findByRole('link', { name: 'Réunions' });
    expect(link).toHaveAttribute('href', '/reunions');
    await user.click(link);

    // The list: columns from the config, the first page from the server, selection and export.
    expect(await screen.findByText('Budget participatif')).toBeInTheDocument();
    expect(screen.getByText('Commission voirie')).toBeInTheDocument();
    expect(screen.queryByText('Conseil municipal')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Objet/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner toutes les réunions de la page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aller à la prochaine page' }));
    expect(await screen.findByText('Conseil municipal')).toBeInTheDocument();

    // The create dialog, validated by the config's zod schema, posting {data}.
    await user.click(screen.getByRole('button', { name: 'Nouvelle réunion' }));
    const form = await screen.findByRole('dialog', { name: 'Nouvelle réunion' });
    await user.type(within(form).getByRole('textbox', { name: 'Objet' }), '  ');
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    expect(await within(form).findByText("L'objet est requis")).toBeInTheDocument();
    expect(within(form).getByText('Ce champ est requis')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form).getByRole('textbox', { name: 'Objet' }));
    await user.type(within(form).getByRole('textbox', { name: 'Objet' }), 'Réunion de quartier Cavani');
    await user.click(within(form).getByRole('combobox', { name: 'Salle' }));
    await user.click(await screen.findByRole('option', { name: 'Salle du conseil' }));
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('La réunion a été créée.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST')!.body).toEqual({ data: { title: 'Réunion de quartier Cavani', room: 'conseil', online: false } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvelle réunion' })).not.toBeInTheDocument());
    expect(rows).toHaveLength(4);

    // The edit dialog from a row's menu.
    await user.click(await screen.findByRole('button', { name: 'Actions pour « Conseil municipal »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    const edit = await screen.findByRole('dialog', { name: 'Modifier la réunion' });
    expect(await within(edit).findByRole('textbox', { name: 'Objet' })).toHaveValue('Conseil municipal');
    expect(within(screen.getByRole('navigation', { name: 'Navigation principale', hidden: true })).getByRole('link', { name: 'Réunions', hidden: true })).toHaveAttribute('aria-current', 'page');
  });
});
