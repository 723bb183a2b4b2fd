import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';


/** The fake backend with a timeline for rep1: its receipt and a status change; POST adds a line. */
function timelineBackend(account: 'operateur' | 'auteur') {
  const backend = reportsBackend(makeReports(1));
  const lines: Record<string, unknown>[] = [
    { id: 1, documentId: 'u1', report: 'rep1', kind: 'created', public: true, text: 'Application citoyenne', statusBefore: null, statusAfter: 'nouveau', authorName: null, createdAt: '2026-11-20T06:00:00.000Z' },
    { id: 2, documentId: 'u2', report: 'rep1', kind: 'status', public: true, text: null, statusBefore: 'nouveau', statusAfter: 'en_cours', authorName: 'Moussa Attoumani', createdAt: '2026-11-21T07:30:00.000Z' },
  ];
  backend.on('GET', '/api/report-updates', () => ({ body: { data: lines, meta: { pagination: { page: 1, pageSize: 200, pageCount: 1, total: lines.length } } } }));
  backend.on('POST', '/api/report-updates', (call) => {
    const data = (call.body as { data: { report: string; text: string; public: boolean } }).data;
    const line = { id: lines.length + 1, documentId: `u${lines.length + 1}`, ...data, kind: data.public ? 'reply' : 'note', statusBefore: null, statusAfter: null, authorName: 'Moussa Attoumani', createdAt: new Date().toISOString() };
    lines.push(line);
    return { status: 201, body: { data: line } };
  });
  backend.sessionStorageFor(account);
  return { backend, lines };
}

describe('a report’s timeline (Suivi)', { timeout: 60_000 }, () => {
  it('shows the lines in order, in the town’s time, and writes a reply to the citizen and an internal note', async () => {
    const user = userEvent.setup();
    const { backend } = timelineBackend('operateur');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    const list = within(await detail.findByRole('list', { name: 'Suivi' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Signalement reçuPublic20\/11\/2026 09:00Reçu par : Application citoyenne$/),
      expect.stringMatching(/^Changement de statutPublic21\/11\/2026 10:30 · Moussa AttoumaniNouveau → En cours$/),
    ]);

    const box = detail.getByRole('textbox', { name: 'Écrire' });
    expect(detail.getByRole('button', { name: 'Répondre au citoyen' })).toBeDisabled();
    await user.type(box, 'Une équipe passera jeudi.');
    await user.click(detail.getByRole('button', { name: 'Répondre au citoyen' }));
    expect(await screen.findByText('Réponse ajoutée au suivi')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/report-updates')!.body).toEqual({ data: { report: 'rep1', text: 'Une équipe passera jeudi.', public: true } });
    expect(await list.findByText('Une équipe passera jeudi.')).toBeInTheDocument();
    expect(box).toHaveValue('');

    await user.type(box, 'Prévoir la nacelle');
    await user.click(detail.getByRole('button', { name: 'Ajouter une note interne' }));
    expect(await screen.findByText('Note interne ajoutée')).toBeInTheDocument();
    const lastLine = (await list.findByText('Prévoir la nacelle')).closest('li')!;
    expect(within(lastLine).getByText('Interne')).toBeInTheDocument();
  });

  it('the status dialog also writes a reply and a note on the timeline', async () => {
    const user = userEvent.setup();
    const { backend, lines } = timelineBackend('operateur');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 1' });
    await user.click(await within(detail).findByRole('button', { name: 'Changer statut' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Changer le statut' }));
    await user.click(dialog.getByRole('combobox', { name: 'Nouveau statut' }));
    await user.click(screen.getByRole('option', { name: 'Résolu' }));
    await user.type(dialog.getByRole('textbox', { name: 'Réponse au citoyen (facultatif)' }), 'Le trou est rebouché. Merci !');
    await user.type(dialog.getByRole('textbox', { name: 'Note interne (facultatif)' }), 'Enrobé à froid');
    await user.click(dialog.getByRole('button', { name: 'Changer le statut' }));
    expect(await screen.findByText('Le signalement est maintenant « Résolu ».')).toBeInTheDocument();
    await waitFor(() => expect(lines.slice(2).map((l) => [l.kind, l.text])).toEqual([['reply', 'Le trou est rebouché. Merci !'], ['note', 'Enrobé à froid']]));
  });

  it('an Author reads the timeline without writing in it', async () => {
    const { backend } = timelineBackend('auteur');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    expect(await detail.findByRole('list', { name: 'Suivi' })).toBeInTheDocument();
    expect(detail.queryByRole('textbox', { name: 'Écrire' })).not.toBeInTheDocument();
  });
});
