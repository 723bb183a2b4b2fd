import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportFigures } from '@mamoudzou/domain/figures';
import { renderScreen } from '../renderApp';
import { fakeBackend } from '../../support/fakeBackend';


const d = (count: number, median: number | null, p90: number | null) => ({ count, median, p90 });
const totals = (received: number, closed: number, rate: number | null) => ({
  received,
  closed,
  backlog: { count: 12, ageDays: d(12, 4.5, 20) },
  firstResponse: d(closed, 3, 30),
  resolution: d(closed, 50, 200),
  onTime: { closed, onTime: rate === null ? 0 : Math.round((closed * rate) / 100), rate },
});
const group = (key: string, received: number, closed: number, rate: number | null) => ({
  key,
  received,
  closed,
  firstResponse: d(closed, 2, 6),
  resolution: d(closed, 30, 120),
  onTime: { closed, onTime: rate === null ? 0 : Math.round((closed * rate) / 100), rate },
});

function figuresFor(from: string, to: string): ReportFigures {
  return {
    period: { from, to },
    previousPeriod: { from: '2026-09-26', to: '2026-10-25' },
    current: totals(40, 30, 80),
    previous: totals(35, 20, 65),
    byType: [group('Voirie', 25, 20, 75), group('Propreté', 15, 10, 90)],
    byZone: [group('Kawéni', 30, 22, 81.8)],
    byService: [group('Service Technique', 40, 30, 80)],
    byPriority: [group('normale', 20, 15, 86.7), group('critique', 5, 5, 60)],
    density: [{ latitude: -12.78, longitude: 45.23, count: 9 }],
    confirmedRepair: { current: { answers: 8, fixed: 6, rate: 75 }, previous: { answers: 0, fixed: 0, rate: null } },
  };
}

function backend() {
  const api = fakeBackend();
  api.on('GET', '/api/reports/figures', (call) => {
    const params = new URLSearchParams(call.query);
    return { body: figuresFor(params.get('from')!, params.get('to')!) };
  });
  return api;
}
const figureCalls = (api: ReturnType<typeof backend>) => api.calls.filter((c) => c.path === '/api/reports/figures');

describe('« Statistiques »', { timeout: 60_000 }, () => {
  it('shows the period’s figures beside the previous period’s, the tables and the density map', async () => {
    const api = backend();
    api.sessionStorageFor('editeur');
    renderScreen('/statistiques', { fetch: api.fetch });
    const received = (await screen.findByRole('heading', { name: 'Reçus' })).closest('.MuiCard-root') as HTMLElement;
    expect(await within(received).findByText('40')).toBeInTheDocument();
    expect(within(received).getByText('Période précédente : 35')).toBeInTheDocument();
    const onTime = screen.getByRole('heading', { name: 'Dans les temps' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(onTime).getByText('80 %')).toBeInTheDocument();
    expect(within(onTime).getByText('Période précédente : 65 %')).toBeInTheDocument();
    // « Est-ce réparé ? »: the citizens' answers about the period's closings.
    const repaired = screen.getByRole('heading', { name: 'Taux de réparation confirmé' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(repaired).getByText('75 % (8 réponse(s) à « Est-ce réparé ? »)')).toBeInTheDocument();
    expect(within(repaired).getByText('Période précédente : Aucune réponse')).toBeInTheDocument();
    // 50 hours is over two days: in days.
    const resolution = screen.getByRole('heading', { name: 'Résolution (médiane)' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(resolution).getByText('2,1 j')).toBeInTheDocument();
    // 30 days by default, asked by town days.
    expect(figureCalls(api)[0].query).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

    const byType = within(screen.getByRole('region', { name: 'Par type' }));
    expect(byType.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Type', 'Reçus', 'Clos', '1re réponse, médiane', '1re réponse, 90e centile', 'Résolution, médiane', 'Résolution, 90e centile', 'Dans les temps',
    ]);
    expect(byType.getAllByRole('row')[1].textContent).toBe('Voirie25202 h6 h30 h5 j75 %');
    const byPriority = within(screen.getByRole('region', { name: 'Respect des délais par priorité' }));
    expect(byPriority.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Critique5360 %', 'Normale151386,7 %']);
    expect(screen.getByRole('region', { name: 'Respect des délais par service' })).toBeInTheDocument();
    expect(await screen.findByText('9 signalement(s) ouvert(s) localisé(s), regroupés par secteur d’environ 500 m')).toBeInTheDocument();
  });

  it('changes the period; an inverted custom period is refused in French with the values kept', async () => {
    const user = userEvent.setup();
    const api = backend();
    api.sessionStorageFor('admin');
    renderScreen('/statistiques', { fetch: api.fetch });
    await screen.findByRole('region', { name: 'Par type' });
    await user.click(screen.getByRole('button', { name: '7 jours' }));
    await waitFor(() => expect(figureCalls(api)).toHaveLength(2));
    const [from, to] = [...new URLSearchParams(figureCalls(api)[1].query).values()];
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);

    await user.click(screen.getByRole('button', { name: 'Personnalisée' }));
    const start = screen.getByLabelText('Du');
    const end = screen.getByLabelText('Au');
    await user.clear(start);
    await user.type(start, '2026-06-30');
    await user.clear(end);
    await user.type(end, '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Période invalide : la date de début doit précéder la date de fin');
    expect(start).toHaveValue('2026-06-30');
    expect(figureCalls(api)).toHaveLength(2);

    await user.clear(start);
    await user.type(start, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Période trop longue : 5 ans au plus');
    expect(figureCalls(api)).toHaveLength(2);

    await user.clear(start);
    await user.type(start, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(figureCalls(api).at(-1)!.query).toBe('from=2026-01-01&to=2026-06-01'));
    expect(await screen.findByText('Du 01/01/2026 au 01/06/2026, comparé au 26/09/2026 – 25/10/2026')).toBeInTheDocument();
  });

  it('exports a table as CSV (UTF-8 with BOM, French headers)', async () => {
    const user = userEvent.setup();
    const api = backend();
    api.sessionStorageFor('admin');
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:figures';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderScreen('/statistiques?du=2026-01-01&au=2026-03-31', { fetch: api.fetch });
    await screen.findByRole('region', { name: 'Par zone' });
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV : Par zone' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await blobs[0].text();
    expect(text).toContain('"Zone";"Reçus";"Clos"');
    expect(text).toContain('"Kawéni";"30";"22"');
    create.mockRestore();
    revoke.mockRestore();
  });
});
