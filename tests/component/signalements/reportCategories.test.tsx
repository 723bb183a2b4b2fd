import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';
import { renderScreen } from '../renderApp';
import { makeReports } from './reportsBackend';


/** The town took « Signalisation » off Paramétrages → Catégories de signalement and added « Marchés ». */
const CATEGORIES = [
  ...DEFAULT_SETTINGS.signalementCategories.filter((c) => c.name !== 'Signalisation'),
  { name: 'Marchés', subTypes: ['Étal abandonné', 'Hygiène'] },
];

function backendWithCategories() {
  const rows = makeReports(3);
  const backend = serveCollection(fakeBackend({ reports: rows }, { signalementCategories: CATEGORIES }), 'reports', rows);
  backend.sessionStorageFor('operateur');
  return backend;
}

async function options(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement) {
  await user.click(combobox);
  const listbox = await screen.findByRole('listbox');
  return within(listbox).getAllByRole('option').map((option) => option.textContent);
}

describe('report types: the settings’ « Catégories de signalement »', { timeout: 60_000 }, () => {
  it('the create form offers the settings’ types and their sub-types, and sends the one chosen', async () => {
    const user = userEvent.setup();
    const backend = backendWithCategories();
    renderScreen('/signalements/create', { fetch: backend.fetch });
    const form = await screen.findByRole('dialog', { name: 'Nouveau signalement' });
    const f = within(form);

    const types = await options(user, f.getByRole('combobox', { name: 'Type' }));
    expect(types).toContain('Marchés');
    expect(types).not.toContain('Signalisation');
    await user.click(screen.getByRole('option', { name: 'Marchés' }));
    const subTypes = await options(user, await f.findByRole('combobox', { name: 'Sous-type' }));
    expect(subTypes).toEqual(['—', 'Étal abandonné', 'Hygiène']);
    await user.click(screen.getByRole('option', { name: 'Étal abandonné' }));

    await user.type(f.getByRole('textbox', { name: 'Titre du signalement' }), 'Étal abandonné au marché couvert');
    await user.type(f.getByRole('textbox', { name: 'Description détaillée' }), 'Planches et bâches depuis une semaine');
    await user.click(f.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: 'Cavani' }));
    await user.type(f.getByRole('textbox', { name: 'Adresse' }), 'Marché couvert');
    await user.click(f.getByRole('button', { name: 'Créer le signalement' }));
    expect(await screen.findByText('Le signalement a été créé avec succès.')).toBeInTheDocument();
    const post = backend.calls.find((call) => call.method === 'POST' && call.path === '/api/reports')!;
    expect(post.body).toMatchObject({ data: { type: 'Marchés', subType: 'Étal abandonné' } });
  });

  it('the list’s Type filter offers the same types', async () => {
    const user = userEvent.setup();
    const backend = backendWithCategories();
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('3 signalement(s) trouvé(s)');
    const types = await options(user, screen.getByRole('combobox', { name: 'Type' }));
    expect(types).toContain('Marchés');
    expect(types).not.toContain('Signalisation');
    await user.click(screen.getByRole('option', { name: 'Marchés' }));
    await waitFor(() =>
      expect(backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/reports').at(-1)!.query).toContain('filters[type][$eq]=Marchés'),
    );
  });
});
