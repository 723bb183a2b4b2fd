import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { renderScreen } from '../renderApp';


function clientsBackend(account: 'admin' | 'editeur') {
  const rows: Record<string, unknown>[] = [
    { id: 1, documentId: 'c1', name: 'Application citoyenne (démo)', keyStart: 'mz311_demo-m', createdAt: '2026-11-01T08:00:00.000Z', lastUsedAt: '2026-11-24T09:15:00.000Z', revokedAt: null },
  ];
  const backend = fakeBackend({ 'open311-clients': rows });
  backend.on('GET', '/_health', { status: 204 });
  backend.on('POST', '/api/open311-clients', (call) => {
    const data = (call.body as { data: { name?: string; page?: boolean } }).data;
    if (data.page) {
      const page = { id: 3, documentId: 'c3', name: 'Page Signaler (site de la mairie)', keyStart: 'mz311_AbCdEf', createdAt: new Date().toISOString(), lastUsedAt: null, revokedAt: null, page: true };
      rows.push(page);
      return { status: 201, body: { data: page } };
    }
    const name = data.name!;
    const row = { id: 2, documentId: 'c2', name, keyStart: 'mz311_Zx9Qa1', createdAt: new Date().toISOString(), lastUsedAt: null, revokedAt: null };
    rows.push(row);
    return { status: 201, body: { data: { ...row, apiKey: 'mz311_Zx9Qa1-la-cle-entiere' } } };
  });
  backend.on('DELETE', '/api/open311-clients/c1', () => {
    Object.assign(rows[0], { revokedAt: '2026-11-25T10:00:00.000Z' });
    return { body: { data: rows[0] } };
  });
  backend.sessionStorageFor(account);
  return { backend, rows };
}

describe('Intégrations → Canal citoyen (Open311)', { timeout: 60_000 }, () => {
  it('an administrator adds a client and sees its key once, then revokes the demo one after a question', async () => {
    const user = userEvent.setup();
    const { backend } = clientsBackend('admin');
    renderScreen('/integrations', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Canal citoyen (Open311)' }));
    expect(await section.findByRole('cell', { name: 'Application citoyenne (démo)' })).toBeInTheDocument();
    expect(section.getByText('mz311_demo-m…')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Ajouter un client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau client Open311' }));
    expect(dialog.getByRole('button', { name: 'Créer la clé' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Nom' }), 'Site de la ville');
    await user.click(dialog.getByRole('button', { name: 'Créer la clé' }));
    expect(await section.findByText('Clé du client « Site de la ville »')).toBeInTheDocument();
    expect(section.getByLabelText("Clé d'API")).toHaveTextContent('mz311_Zx9Qa1-la-cle-entiere');
    expect(backend.calls.find((c) => c.method === 'POST')!.body).toEqual({ data: { name: 'Site de la ville' } });
    expect(await section.findByRole('cell', { name: 'Site de la ville' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Révoquer la clé de « Application citoyenne (démo) »' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Révoquer la clé' }));
    expect(confirm.getByText(/cessera aussitôt de fonctionner/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Révoquer' }));
    expect(await screen.findByText('La clé de « Application citoyenne (démo) » ne fonctionne plus.')).toBeInTheDocument();
    await waitFor(() => expect(section.getByText(/^Révoquée le /)).toBeInTheDocument());
    expect(backend.calls.some((c) => c.method === 'DELETE' && c.path === '/api/open311-clients/c1')).toBe(true);
  });

  it('an administrator opens the citizens’ page: its client files for it, its key kept by the server', async () => {
    const user = userEvent.setup();
    const { backend } = clientsBackend('admin');
    renderScreen('/integrations', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Canal citoyen (Open311)' }));
    expect(await section.findByText(/Page des citoyens : Fermée : la page .*\/signaler ne reçoit aucun signalement/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Ouvrir la page des citoyens' }));
    expect(await screen.findByText(/^Les habitants peuvent signaler depuis .*\/signaler\.$/)).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST')!.body).toEqual({ data: { page: true } });
    expect(await section.findByText(/Page des citoyens : Ouverte : les habitants signalent depuis/)).toBeInTheDocument();
    const row = (await section.findByRole('cell', { name: 'Page Signaler (site de la mairie)' })).closest('tr')!;
    expect(within(row).getByText('gardée par le serveur')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Ouvrir la page des citoyens' })).toBeNull();
  });

  it('an Editor reads the clients without adding or revoking', async () => {
    const { backend } = clientsBackend('editeur');
    renderScreen('/integrations', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Canal citoyen (Open311)' }));
    expect(await section.findByRole('cell', { name: 'Application citoyenne (démo)' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Ajouter un client' })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: /^Révoquer/ })).not.toBeInTheDocument();
  });
});
