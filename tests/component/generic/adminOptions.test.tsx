import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useInput, type RaRecord } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldInputProps, ResourceConfig } from '../../../src/generic/types';
import { resources } from '../../../src/resources';
import { serveUsers, userRow } from '../../support/usersBackend';
import { renderApp } from '../renderApp';
import { meetingsBackend, reunions } from './meetings';

/**
 * Generic options the administration screens brought, proven on a throwaway config: a field's own
 * input and a validation that follows the settings, an update asked first, a row that unfolds, and
 * filters by day (in the town's time), by another resource's records and with fixed choices.
 */

/** react-admin keeps a validation message as text or as { message }. */
const errorText = (message: unknown) => (typeof message === 'string' ? message : String((message as { message?: unknown })?.message ?? ''));

/** A field's own input: a plain text box with a hint of its own. */
function CodeInput({ field, label }: FieldInputProps) {
  const { field: input, fieldState } = useInput({ source: field.source });
  return (
    <label>
      {label}
      <input {...input} value={String(input.value ?? '')} aria-invalid={!!fieldState.error} />
      <span>Code de la salle réservée</span>
      {fieldState.error && <span role="alert">{errorText(fieldState.error.message)}</span>}
    </label>
  );
}

function Unfolded({ record }: { record: RaRecord }) {
  return <p>{`Compte rendu de « ${String(record.title)} » : ${String(record.notes ?? 'aucun')}`}</p>;
}

const throwaway: ResourceConfig = {
  ...reunions,
  fields: [
    ...reunions.fields,
    {
      source: 'code',
      label: 'Code',
      type: 'text',
      input: CodeInput,
      schema: () => z.string().min(3, 'Au moins 3 caractères'),
      // The settings decide the length: passwordMinLength stands for any setting here.
      schemaWith: (settings) => () => z.string({ error: 'Le code est requis' }).min(settings.passwordMinLength, `Au moins ${settings.passwordMinLength} caractères`),
    },
    { source: 'organizer', label: 'Organisateur', type: 'text' },
  ],
  list: { ...reunions.list, expand: Unfolded, extraFields: ['notes'] },
  views: { list: true, create: true, edit: true },
  filters: [
    { source: 'q' },
    { source: 'room', label: 'Lieu', choices: [{ id: 'conseil', name: 'Hôtel de ville' }] },
    { source: 'organizer', label: 'Organisateur', kind: 'reference', reference: { resource: 'utilisateurs', optionText: 'username', optionValue: 'username' } },
    { source: 'day_gte', label: 'À partir du', kind: 'date' },
  ],
  actions: {
    ...reunions.actions,
    row: ['edit', 'archive'],
    custom: [{ ...reunions.actions!.custom![0], confirm: { title: 'Archiver « {name} »', message: '{name} quittera la liste des réunions ouvertes.', confirmLabel: 'Archiver', destructive: true } }],
  },
};
const registry = [...resources, throwaway];

function backend(settings: Record<string, unknown> = {}) {
  const { backend: api, rows } = meetingsBackend();
  rows[0].notes = 'Vote du budget';
  rows[0].organizer = 'Zaïnaba';
  api.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 'settings', ...settings } } });
  serveUsers(api, [userRow(1, 'Zaïnaba', 'Editor'), userRow(2, 'Ahmed', 'Operator')]);
  api.sessionStorageFor('admin');
  return { api, rows };
}
const lastList = (api: ReturnType<typeof backend>['api']) => api.calls.filter((c) => c.path === '/api/meetings' && c.query.includes('pagination[pageSize]=2')).at(-1)!.query;

describe('generic options of the administration screens', () => {
  it('a field of its own input, validated by a schema that follows the settings', async () => {
    const user = userEvent.setup();
    const { api, rows } = backend({ passwordMinLength: 6 });
    renderApp('/reunions/create', { fetch: api.fetch, registry });
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvelle réunion' }));
    expect(await dialog.findByText('Code de la salle réservée')).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Objet *"), 'Commission des finances');
    await user.click(dialog.getByRole('combobox', { name: /^Salle/ }));
    await user.click(screen.getByRole('option', { name: 'Annexe' }));
    await user.type(dialog.getByLabelText(/^Code/), 'A1234');
    await user.click(dialog.getByRole('button', { name: 'Créer' }));
    // 6 from the settings, not the 3 of the default schema.
    expect(await dialog.findByRole('alert')).toHaveTextContent('Au moins 6 caractères');
    await user.type(dialog.getByLabelText(/^Code/), '5');
    await user.click(dialog.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('La réunion a été créée.')).toBeInTheDocument();
    expect(rows.at(-1)).toMatchObject({ title: 'Commission des finances', code: 'A12345' });
  });

  it('an update with a confirmation runs only once confirmed', async () => {
    const user = userEvent.setup();
    const { api, rows } = backend();
    renderApp('/reunions', { fetch: api.fetch, registry });
    await user.click(await screen.findByRole('button', { name: 'Actions pour « Budget participatif »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archiver' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Archiver « Budget participatif »' }));
    expect(confirm.getByText('Budget participatif quittera la liste des réunions ouvertes.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Actions pour « Budget participatif »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archiver' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Archiver « Budget participatif »' })).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText('La réunion a été archivée.')).toBeInTheDocument();
    expect(rows[0].status).toBe('archived');
  });

  it('a row unfolds to show what the resource puts under it', async () => {
    const user = userEvent.setup();
    const { api } = backend();
    const registryWithoutEdit = [...resources, { ...throwaway, views: { list: true as const } }];
    renderApp('/reunions', { fetch: api.fetch, registry: registryWithoutEdit });
    await screen.findByText('3 réunion(s) trouvée(s)');
    expect(screen.queryByText(/Compte rendu/)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Afficher le détail de « Budget participatif »' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Compte rendu de « Budget participatif » : Vote du budget')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Masquer le détail de « Budget participatif »' })).toHaveAttribute('aria-expanded', 'true');
    // A click on the row itself unfolds it too.
    await user.click(screen.getByText('05/03/2026'));
    expect(await screen.findByText('Compte rendu de « Commission voirie » : aucun')).toBeInTheDocument();
  });

  it('filters with fixed choices, by the records of another resource, and from a day of the town', async () => {
    const user = userEvent.setup();
    const { api } = backend();
    renderApp('/reunions', { fetch: api.fetch, registry });
    await screen.findByText('3 réunion(s) trouvée(s)');
    await user.click(screen.getByRole('combobox', { name: 'Lieu' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous', 'Hôtel de ville']);
    await user.click(screen.getByRole('option', { name: 'Hôtel de ville' }));
    expect(await screen.findByText('1 réunion(s) trouvée(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await screen.findByText('3 réunion(s) trouvée(s)');

    await user.click(screen.getByRole('combobox', { name: 'Organisateur' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous', 'Ahmed', 'Zaïnaba']);
    await user.click(screen.getByRole('option', { name: 'Zaïnaba' }));
    expect(await screen.findByText('1 réunion(s) trouvée(s)')).toBeInTheDocument();
    expect(lastList(api)).toContain('filters[organizer][$eq]=Zaïnaba');
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await screen.findByText('3 réunion(s) trouvée(s)');

    fireEvent.change(screen.getByLabelText('À partir du'), { target: { value: '2026-03-05' } });
    expect(await screen.findByText('2 réunion(s) trouvée(s)')).toBeInTheDocument();
    // Midnight in Mamoudzou (UTC+3) is 21:00 UTC the day before.
    expect(lastList(api)).toContain('filters[day][$gte]=2026-03-04T21:00:00.000Z');
  });
});
