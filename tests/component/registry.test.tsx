import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import MeetingIcon from '@mui/icons-material/GroupsOutlined';
import { resources } from '../../src/resources';
import { requiredText, oneOf } from '../../src/resources/common/schema';
import type { ResourceConfig } from '../../src/resources/types';
import { fakeBackend } from '../support/fakeBackend';
import { renderApp } from './renderApp';

/** A resource that exists only in this test: a config and nothing else. */
const reunions: ResourceConfig = {
  name: 'reunions',
  endpoint: 'meetings',
  label: 'Réunions',
  recordLabel: 'Réunion',
  icon: MeetingIcon,
  menu: { group: 'gestion', order: 9 },
  access: { module: 'contenus' },
  fields: [
    { source: 'title', label: 'Objet', type: 'text', schema: requiredText(200) },
    { source: 'room', label: 'Salle', type: 'select', choices: [{ id: 'conseil', name: 'Salle du conseil' }, { id: 'annexe', name: 'Annexe' }], schema: oneOf(['conseil', 'annexe']) },
  ],
  list: { columns: ['title', 'room'], sort: { field: 'title', order: 'ASC' }, perPage: 2 },
  filters: [{ source: 'q', alwaysOn: true }],
  searchFields: ['title'],
  populate: [],
  views: { list: true, create: true, edit: true },
};

describe('the registry is configuration', () => {
  it('a new config gives a menu item, a paginated list and a working create form, with no other code', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 1, documentId: 'm1', title: 'Conseil municipal', room: 'conseil' },
      { id: 2, documentId: 'm2', title: 'Commission voirie', room: 'annexe' },
      { id: 3, documentId: 'm3', title: 'Budget participatif', room: 'annexe' },
    ];
    const backend = fakeBackend({ meetings: rows });
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch, registry: [...resources, reunions] });

    // The menu item, in its group.
    const link = await screen.findByRole('link', { name: 'Réunions' });
    expect(link).toHaveAttribute('href', '/reunions');
    await user.click(link);

    // The list: columns from the config, the first page from the server.
    expect(await screen.findByText('Conseil municipal')).toBeInTheDocument();
    expect(screen.getByText('Commission voirie')).toBeInTheDocument();
    expect(screen.queryByText('Budget participatif')).not.toBeInTheDocument();
    expect(screen.getAllByText('Annexe').length).toBeGreaterThan(0);
    expect(screen.getByRole('columnheader', { name: /Objet/ })).toBeInTheDocument();
    const listCall = backend.calls.find((c) => c.path === '/api/meetings')!;
    expect(listCall.query).toBe('pagination[page]=1&pagination[pageSize]=2&sort[0]=title:asc');
    await user.click(screen.getByRole('button', { name: /suivante|page 2/i }));
    expect(await screen.findByText('Budget participatif')).toBeInTheDocument();

    // The create form, validated by the config's zod schema, posting {data}.
    await user.click(screen.getByRole('link', { name: /Créer/ }));
    await user.type(await screen.findByLabelText('Objet *'), '  ');
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findAllByText('Ce champ est requis')).toHaveLength(2);
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Objet *'));
    await user.type(screen.getByLabelText('Objet *'), 'Réunion de quartier Cavani');
    await user.click(screen.getByLabelText('Salle *'));
    await user.click(await screen.findByRole('option', { name: 'Salle du conseil' }));
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'POST' && c.path === '/api/meetings')).toBe(true));
    expect(backend.calls.find((c) => c.method === 'POST')!.body).toEqual({ data: { title: 'Réunion de quartier Cavani', room: 'conseil' } });
    // Back on the list, refreshed: the new record is there.
    expect(await screen.findByText('Réunion de quartier Cavani')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Navigation principale' })).getByRole('link', { name: 'Réunions' })).toHaveAttribute('aria-current', 'page');
  });
});
