import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { renderApp, renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';


/** rep1 filed through Open311, awaiting moderation; rep2 and rep3 open near it. */
function channelBackend(account: 'operateur' | 'auteur' = 'operateur') {
  const rows = makeReports(3);
  Object.assign(rows[0], { report_status: 'a_valider', reference: 'MZ-2026-00001', source: 'Application citoyenne', type: 'Voirie', address: '1 rue du Marché', service: 'Service Technique' });
  Object.assign(rows[1], { reference: 'MZ-2026-00002' });
  const backend = reportsBackend(rows);
  backend.on('GET', '/api/report-updates', { body: { data: [], meta: { pagination: { page: 1, pageSize: 200, pageCount: 1, total: 0 } } } });
  const nearby = [
    { documentId: 'rep2', reference: 'MZ-2026-00002', title: 'Signalement numéro 2', type: 'Voirie', report_status: 'en_cours', address: '2 rue du Marché', createdAt: '2026-11-20T06:00:00.000Z', distance: 12 },
  ];
  backend.on('GET', /^\/api\/reports\/rep1\/nearby$/, { body: { data: nearby } });
  backend.on('POST', /^\/api\/reports\/rep1\/moderation$/, (call) => {
    const { decision } = call.body as { decision: string };
    Object.assign(rows[0], { report_status: decision === 'approve' ? 'nouveau' : 'rejete' });
    return { body: { data: rows[0] } };
  });
  backend.on('POST', /^\/api\/reports\/rep1\/duplicate$/, () => {
    Object.assign(rows[0], { report_status: 'rejete', duplicateOf: 'rep2' });
    return { body: { data: rows[0] } };
  });
  backend.sessionStorageFor(account);
  return { backend, rows };
}

describe('the citizens’ channel on the reports screen', { timeout: 60_000 }, () => {
  it('the menu counts the reports awaiting moderation', async () => {
    const { backend } = channelBackend();
    renderApp('/signalements', { fetch: backend.fetch });
    const nav = within(await screen.findByRole('navigation', { name: 'Navigation principale' }));
    expect(await nav.findByRole('link', { name: /^Signalements\s*\(1 signalement\(s\) à valider\)$/ })).toBeInTheDocument();
  });

  it('approves a report awaiting moderation from its detail', async () => {
    const user = userEvent.setup();
    const { backend } = channelBackend();
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    const panel = within(await detail.findByRole('region', { name: 'Signalement à valider' }));
    await user.click(panel.getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByText('Signalement approuvé : il est maintenant « Nouveau ».')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/reports/rep1/moderation')!.body).toEqual({ decision: 'approve' });
    await waitFor(() => expect(detail.queryByRole('region', { name: 'Signalement à valider' })).not.toBeInTheDocument());
  });

  it('rejects it with one of the settings’ reasons, chosen before the rejection can be confirmed', async () => {
    const user = userEvent.setup();
    const { backend } = channelBackend();
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    const panel = within(await detail.findByRole('region', { name: 'Signalement à valider' }));
    await user.click(panel.getByRole('button', { name: 'Rejeter…' }));
    expect(panel.getByRole('button', { name: 'Confirmer le rejet' })).toBeDisabled();
    await user.click(panel.getByRole('combobox', { name: 'Motif du rejet' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(DEFAULT_SETTINGS.signalementRejectionReasons);
    await user.click(screen.getByRole('option', { name: 'Hors compétence communale' }));
    await user.click(panel.getByRole('button', { name: 'Confirmer le rejet' }));
    expect(await screen.findByText('Signalement rejeté : le citoyen est informé du motif.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/reports/rep1/moderation')!.body).toEqual({ decision: 'reject', reason: 'Hors compétence communale' });
  });

  it('an Author reads that it awaits moderation without the buttons', async () => {
    const { backend } = channelBackend('auteur');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    const panel = within(await detail.findByRole('region', { name: 'Signalement à valider' }));
    expect(panel.queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
  });

  it('lists « Signalements proches » with their distance, and marks the report a duplicate of one after confirmation', async () => {
    const user = userEvent.setup();
    const { backend } = channelBackend();
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    expect(await detail.findByText('Signalements ouverts du même type à moins de 50 m, reçus ces 30 derniers jours.')).toBeInTheDocument();
    const link = await detail.findByRole('link', { name: 'Ouvrir MZ-2026-00002 · Signalement numéro 2' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/\/signalements\/rep2/));
    expect(detail.getByText(/En cours · à 12 m · 2 rue du Marché · 20\/11\/2026 09:00/)).toBeInTheDocument();
    await user.click(detail.getByRole('button', { name: 'Marquer comme doublon de celui-ci' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Marquer comme doublon' }));
    expect(confirm.getByText(/suivi sous la référence MZ-2026-00002/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Marquer comme doublon' }));
    expect(await screen.findByText('Signalement marqué comme doublon de MZ-2026-00002.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/reports/rep1/duplicate')!.body).toEqual({ original: 'rep2' });
    // The detail now names the original.
    expect(await detail.findByRole('link', { name: 'MZ-2026-00002 · Signalement numéro 2' })).toBeInTheDocument();
  });

  it('the original names its duplicates, each a link, and how many citizens now follow it', async () => {
    const { backend, rows } = channelBackend();
    Object.assign(rows[0], { report_status: 'rejete', duplicateOf: 'rep2' });
    Object.assign(rows[1], { followerCount: 1 });
    renderScreen('/signalements/rep2', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 2' }));
    expect(await detail.findByRole('link', { name: 'MZ-2026-00001 · Signalement numéro 1' })).toHaveAttribute('href', expect.stringMatching(/\/signalements\/rep1/));
    expect(detail.getByText('Ses doublons')).toBeInTheDocument();
    expect(detail.getByText('1 citoyen(s) dont le signalement en était un doublon, informé(s) de son avancement')).toBeInTheDocument();
  });

  it('offers the response templates that fit the report and fills the reply with its reference and address', async () => {
    const user = userEvent.setup();
    const { backend } = channelBackend();
    renderScreen('/signalements/rep2', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 2' });
    await user.click(await within(detail).findByRole('button', { name: 'Changer statut' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Changer le statut' }));
    await user.click(dialog.getByRole('combobox', { name: 'Nouveau statut' }));
    // « À valider » is the citizens' channel's: staff cannot choose it.
    expect(screen.queryByRole('option', { name: 'À valider' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Résolu' }));
    await user.click(dialog.getByRole('combobox', { name: 'Modèle de réponse' }));
    // rep2 is a Voirie report: the lighting template is not offered.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Intervention terminée']);
    await user.click(screen.getByRole('option', { name: 'Intervention terminée' }));
    expect(dialog.getByRole('textbox', { name: 'Réponse au citoyen (facultatif)' })).toHaveValue(
      'L’intervention concernant votre signalement MZ-2026-00002 (2 rue du Marché) est terminée. Merci d’avoir contribué à améliorer Mamoudzou.',
    );
  });

  it('offers the type’s templates in the Suivi’s reply box whatever the status (« Nouveau » too), and keeps the chosen one’s name', async () => {
    const user = userEvent.setup();
    const { backend, rows } = channelBackend();
    Object.assign(rows[0], { report_status: 'nouveau' });
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    const picker = await detail.findByRole('combobox', { name: 'Modèle de réponse' });
    await user.click(picker);
    // A Voirie report: every template for any type, whatever status it was written for; not the lighting one.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Prise en charge', 'Intervention terminée']);
    await user.click(screen.getByRole('option', { name: 'Prise en charge' }));
    await waitFor(() => expect(detail.getByRole('combobox', { name: 'Modèle de réponse' })).toHaveTextContent('Prise en charge'));
    expect((detail.getByRole('textbox', { name: 'Écrire' }) as HTMLTextAreaElement).value).toMatch(/^Votre signalement MZ-2026-00001 \(Voirie, 1 rue du Marché\)/);
  });

  it('the new-report form shows « Déjà signalé ? » once a point and a type are given', async () => {
    const user = userEvent.setup();
    const { backend } = channelBackend();
    backend.on('GET', '/api/reports/nearby', (call) => ({
      body: {
        data: call.decodedUrl.includes('type=Voirie')
          ? [{ documentId: 'rep2', reference: 'MZ-2026-00002', title: 'Signalement numéro 2', type: 'Voirie', report_status: 'en_cours', address: '2 rue du Marché', createdAt: '2026-11-20T06:00:00.000Z', distance: 30 }]
          : [],
      },
    }));
    renderScreen('/signalements/create', { fetch: backend.fetch });
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau signalement' }));
    await user.click(dialog.getByRole('combobox', { name: /^Type/ }));
    await user.click(screen.getByRole('option', { name: 'Voirie' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Latitude' }), '-12.78');
    await user.type(dialog.getByRole('spinbutton', { name: 'Longitude' }), '45.228');
    const found = within(await dialog.findByRole('region', { name: 'Déjà signalé ?' }));
    expect(found.getByRole('link', { name: 'Ouvrir MZ-2026-00002 · Signalement numéro 2' })).toBeInTheDocument();
    expect(found.getByText(/à 30 m/)).toBeInTheDocument();
    const asked = backend.calls.filter((c) => c.path === '/api/reports/nearby').at(-1)!;
    expect(asked.decodedUrl).toContain('latitude=-12.78');
  });

  it('filters the list by origin, from the origins the backend lists', async () => {
    const user = userEvent.setup();
    const { backend } = channelBackend();
    backend.on('GET', '/api/reports/sources', { body: { data: ['Application citoyenne', 'Back-office'] } });
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByRole('table', { name: 'Liste des signalements' });
    await user.click(screen.getByRole('combobox', { name: 'Origine' }));
    await user.click(await screen.findByRole('option', { name: 'Application citoyenne' }));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/api/reports' && c.decodedUrl.includes('[source][$eq]=Application citoyenne'))).toBe(true));
  });
});
