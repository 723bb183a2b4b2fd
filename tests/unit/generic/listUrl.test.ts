import { describe, expect, it } from 'vitest';
import { listQueryOf, searchOf, tabFilterOf, tabOf, viewOf } from '../../../src/generic/list/listUrl';
import type { ResourceConfig } from '../../../src/generic/types';

/** A list's address: react-admin's params, the tab (?onglet=) and the view (?vue=), read and written. */

const View = () => null;
const config = {
  name: 'annuaire',
  list: { columns: [], sort: { field: 'name', order: 'ASC' }, perPage: 24, views: [{ id: 'categories', label: 'Catégories', component: View }, { id: 'map', path: 'carte', label: 'Carte', component: View }] },
  tabs: [
    { id: 'all', label: 'Tous', filter: {} },
    { id: 'emergency', path: 'urgences', label: 'Urgences', filter: { category_in: ['urgences', 'sante'] } },
    { id: 'featured', path: 'mis-en-avant', label: 'Mis en avant', filter: { featured_eq: true } },
  ],
} as unknown as ResourceConfig;

describe('listQueryOf', () => {
  it("reads react-admin's params from the address, else from what the list remembered, else the config's sort and page size", () => {
    const address = listQueryOf(config, `?filter=${encodeURIComponent('{"q":"kaweni"}')}&page=2&onglet=urgences`, { filter: { status: 'active' }, page: 5, sort: 'name', order: 'ASC' });
    expect(address).toMatchObject({ filter: { q: 'kaweni' }, page: 2, perPage: 24, sort: 'name', order: 'ASC', onglet: 'urgences' });
    expect(listQueryOf(config, '', { filter: { status: 'active' }, page: 5, perPage: 24, sort: 'name', order: 'ASC', vue: 'carte' })).toMatchObject({ filter: { status: 'active' }, page: 5, vue: 'carte' });
    expect(listQueryOf(config, '', {})).toMatchObject({ filter: {}, page: 1, perPage: 24, sort: 'name', order: 'ASC' });
  });
});

describe('tabs and views of the address', () => {
  it('finds a tab or a view by its word (its path, else its id); an unknown word is the default tab or the list', () => {
    expect(tabOf(config, { onglet: 'urgences' })?.id).toBe('emergency');
    expect(tabOf(config, { onglet: 'emergency' })?.id).toBe('all');
    expect(tabOf(config, { onglet: 'inconnu' })?.id).toBe('all');
    expect(tabOf(config, {})?.id).toBe('all');
    expect(viewOf(config, { vue: 'carte' })?.id).toBe('map');
    expect(viewOf(config, { vue: 'categories' })?.id).toBe('categories');
    expect(viewOf(config, { vue: 'map' })).toBeUndefined();
    expect(viewOf(config, { vue: ['carte', 'categories'] })?.id).toBe('map');
  });

  it('a view shown is not under a tab: the tab is the default one', () => {
    expect(tabOf(config, { vue: 'carte', onglet: 'urgences' })?.id).toBe('all');
  });

  it("a tab's filter sets its keys and clears the other tabs' keys", () => {
    expect(tabFilterOf(config, tabOf(config, { onglet: 'urgences' }))).toEqual({ category_in: ['urgences', 'sante'], featured_eq: undefined });
    expect(tabFilterOf(config, tabOf(config, {}))).toEqual({ category_in: undefined, featured_eq: undefined });
  });
});

describe('searchOf', () => {
  it('writes a query as react-admin does: objects as JSON, keys in order, nothing for empty values', () => {
    const search = searchOf({ vue: 'carte', filter: { q: 'kaweni' }, page: 1, order: 'ASC', sort: 'name', perPage: 24, displayedFilters: undefined });
    expect(decodeURIComponent(search)).toBe('?filter={"q":"kaweni"}&order=ASC&page=1&perPage=24&sort=name&vue=carte');
    expect(listQueryOf(config, search, {})).toMatchObject({ filter: { q: 'kaweni' }, page: 1, vue: 'carte' });
    expect(searchOf({})).toBe('');
  });
});
