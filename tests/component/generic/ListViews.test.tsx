import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useListContext } from 'ra-core';
import { describe, expect, it } from 'vitest';
import type { ListViewProps, ResourceConfig } from '../../../src/generic/types';
import { resources } from '../../../src/resources';
import { renderApp } from '../renderApp';
import { meetingsBackend, reunions } from './meetings';

/** General options of the generic page, on a throwaway config: other views as tabs, switch filters, a card body slot. */

function RoomsView({ showList }: ListViewProps) {
  const { filterValues } = useListContext();
  return (
    <div>
      <p>Vue des salles ({Object.keys(filterValues).join(',') || 'aucun filtre'})</p>
      <button type="button" onClick={() => showList({ ...filterValues, room: 'conseil' })}>
        Salle du conseil seulement
      </button>
    </div>
  );
}

const withViews: ResourceConfig = {
  ...reunions,
  tabs: undefined,
  list: { ...reunions.list, layout: 'cards', label: 'Liste', views: [{ id: 'rooms', label: 'Salles', component: RoomsView }] },
  filters: [{ source: 'q' }, { source: 'online', label: 'À distance', kind: 'switch' }],
  card: { badges: ['room'], body: ({ record }) => <p>Corps de carte : {String(record.title)}</p> },
};
const registry = [...resources, withViews];

describe('list views, switch filters and card bodies from a config', { timeout: 60_000 }, () => {
  it('shows the list tab with its count beside the views; a view receives the list context and can go back to the list', async () => {
    const user = userEvent.setup();
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/reunions', { fetch: backend.fetch, registry });
    expect(await screen.findByRole('tab', { name: 'Liste (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByText(/^Corps de carte/)).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Salles' }));
    expect(await screen.findByText('Vue des salles (aucun filtre)')).toBeInTheDocument();
    expect(screen.queryByText('3 réunion(s) trouvée(s)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salle du conseil seulement' }));
    expect(await screen.findByText('1 réunion(s) trouvée(s)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liste (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a switch filter keeps the records where the field is true, and off removes the filter', async () => {
    const user = userEvent.setup();
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/reunions', { fetch: backend.fetch, registry });
    await screen.findByText('3 réunion(s) trouvée(s)');
    await user.click(screen.getByRole('switch', { name: 'À distance' }));
    expect(await screen.findByText('1 réunion(s) trouvée(s)')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Liste des réunions' }));
    expect(list.getByText('Corps de carte : Budget participatif')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'À distance' }));
    expect(await screen.findByText('3 réunion(s) trouvée(s)')).toBeInTheDocument();
  });
});
