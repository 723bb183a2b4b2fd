import { describe, expect, it } from 'vitest';
import { durationsOf, FIGURE_DIMENSIONS, onTimeOf, periodBounds, previousPeriod, type Period, type ReportFigures } from '@mamoudzou/domain/figures';
import { effectiveReportStatus, OPEN_REPORT_STATUSES, REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import type { ReportStats } from '@mamoudzou/domain/stats';
import { DENSITY_CELL, ReportFigureIndex, type FigureRow } from '../../../backend/src/api/report/rules/figure-index';

/**
 * The figures' in-memory index (backend/src/api/report/rules/figure-index.ts) against the same rules
 * written the plain way (filter, sort, pick by rank), on reports of every kind, after a load and after
 * writes of every kind: the index keeps its lists sorted as reports change, and must answer exactly
 * what a fresh computation over the rows would.
 */

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const FALLBACK = { type: 'Autres', zone: 'Non définie', service: 'Non assigné', priority: 'normale' } as const;
const town = (local: string) => Date.parse(`${local}+03:00`);

/** The rules of GET /api/reports/figures, the plain way. */
function byHand(rows: FigureRow[], period: Period, now: number): ReportFigures {
  const previous = previousPeriod(period);
  const [cur, prev] = [period, previous].map((p) => {
    const { start, end } = periodBounds(p);
    return { start: start.getTime(), end: end.getTime() };
  });
  const within = (t: number, p: Period) => {
    const { start, end } = p === period ? cur : prev;
    return t >= start && t < end;
  };
  const open = (r: FigureRow) => (OPEN_REPORT_STATUSES as readonly string[]).includes(r.reportStatus ?? '');
  const hours = (ms: number) => Math.max(0, ms) / HOUR;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const responded = (p: Period) => rows.filter((r) => within(r.firstResponseAt, p) && !Number.isNaN(r.createdAt));
  const resolved = (p: Period) => rows.filter((r) => r.reportStatus === 'resolu' && within(r.closedAt, p) && !Number.isNaN(r.createdAt));
  const totals = (p: Period) => {
    const end = periodBounds(p).end.getTime();
    const backlog = rows.filter((r) => r.createdAt < end && ((open(r) && Number.isNaN(r.closedAt)) || r.closedAt >= end));
    const ages = backlog.map((r) => r.createdAt).sort((a, b) => b - a);
    const asOf = Math.min(end, now);
    const age = (share: number) => (ages.length ? Math.max(0, asOf - ages[Math.max(1, Math.ceil(share * ages.length)) - 1]) / DAY : null);
    const closed = rows.filter((r) => within(r.closedAt, p));
    return {
      received: rows.filter((r) => within(r.createdAt, p)).length,
      closed: closed.length,
      backlog: { count: backlog.length, ageDays: { count: backlog.length, median: age(0.5), p90: age(0.9) } },
      firstResponse: durationsOf(sorted(responded(p).map((r) => hours(r.firstResponseAt - r.createdAt)))),
      resolution: durationsOf(sorted(resolved(p).map((r) => hours(r.closedAt - r.createdAt)))),
      onTime: onTimeOf(closed.length, closed.filter((r) => r.slaStatus === 'dans_les_temps').length),
    };
  };
  const [periodResponded, periodResolved] = [responded(period), resolved(period)];
  const groups = (d: (typeof FIGURE_DIMENSIONS)[number]) => {
    const keyOf = (r: FigureRow) => r[d] || FALLBACK[d];
    const keys = new Set([
      ...rows.filter((r) => within(r.createdAt, period) || within(r.closedAt, period)).map(keyOf),
      ...periodResponded.map(keyOf),
      ...periodResolved.map(keyOf),
    ]);
    return [...keys]
      .map((key) => {
        const mine = rows.filter((r) => keyOf(r) === key);
        const closed = mine.filter((r) => within(r.closedAt, period));
        return {
          key,
          received: mine.filter((r) => within(r.createdAt, period)).length,
          closed: closed.length,
          firstResponse: durationsOf(sorted(periodResponded.filter((r) => keyOf(r) === key).map((r) => hours(r.firstResponseAt - r.createdAt)))),
          resolution: durationsOf(sorted(periodResolved.filter((r) => keyOf(r) === key).map((r) => hours(r.closedAt - r.createdAt)))),
          onTime: onTimeOf(closed.length, closed.filter((r) => r.slaStatus === 'dans_les_temps').length),
        };
      })
      .sort((a, b) => b.received - a.received || a.key.localeCompare(b.key, 'fr'));
  };
  const cells = new Map<string, number>();
  const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x));
  for (const r of rows) {
    if (!open(r) || r.latitude === null || r.longitude === null) continue;
    const key = `${round(r.latitude / DENSITY_CELL)}|${round(r.longitude / DENSITY_CELL)}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const density = [...cells.entries()]
    .map(([key, count]) => {
      const [la, lo] = key.split('|').map(Number);
      return { latitude: Math.round(la * DENSITY_CELL * 1e6) / 1e6, longitude: Math.round(lo * DENSITY_CELL * 1e6) / 1e6, count };
    })
    .sort((a, b) => a.latitude - b.latitude || a.longitude - b.longitude);
  return {
    period,
    previousPeriod: previous,
    current: totals(period),
    previous: totals(previous),
    byType: groups('type'),
    byZone: groups('zone'),
    byService: groups('service'),
    byPriority: groups('priority'),
    density,
  };
}

/** The dashboard's counts as the grouped counts over the table gave them (api/report/services/report.ts). */
function statsByHand(rows: FigureRow[], weeks: Date[]): ReportStats {
  const byStatus = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as ReportStats['byStatus'];
  const tally = (key: (r: FigureRow) => string | null | undefined) => {
    const out: Record<string, number> = {};
    for (const r of rows) {
      const k = key(r);
      if (k) out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  };
  for (const r of rows) byStatus[effectiveReportStatus(r.reportStatus, r.legacyStatus)]++;
  return {
    total: rows.length,
    byStatus,
    byType: tally((r) => r.type ?? 'Autres'),
    byZone: tally((r) => r.zone ?? 'Non définie'),
    byPriority: tally((r) => r.priority),
    resolutionRate: rows.length ? Math.round((byStatus.resolu / rows.length) * 100) : 0,
    weekly: weeks.slice(0, -1).map((start, i) => rows.filter((r) => r.createdAt >= start.getTime() && r.createdAt < weeks[i + 1].getTime()).length),
  };
}
const WEEKS = Array.from({ length: 9 }, (_, i) => new Date(town('2026-10-05T00:00:00') + i * 7 * DAY));

/** A small deterministic generator (mulberry32): the same reports at each run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(values: readonly T[]) => values[Math.floor(next() * values.length)], int: (n: number) => Math.floor(next() * n) };
}

const NOW = town('2026-11-27T15:00:00');
const STATUSES = ['a_valider', 'nouveau', 'en_cours', 'en_attente', 'resolu', 'rejete', null] as const;

function reportOf(id: number, r: ReturnType<typeof random>): FigureRow {
  // Two years and a half back, on whole hours half of the time (ties in every list).
  const createdAt = NOW - (r.next() < 0.5 ? r.int(900 * 24) * HOUR : Math.floor(r.next() * 900 * DAY));
  const reportStatus = r.pick(STATUSES);
  const closedStatus = reportStatus === 'resolu' || reportStatus === 'rejete';
  const later = (max: number) => Math.min(NOW, createdAt + (r.next() < 0.3 ? r.int(5) * HOUR : Math.floor(r.next() * max)));
  const closedAt = closedStatus ? (r.next() < 0.05 ? NaN : later(40 * DAY)) : r.next() < 0.03 ? later(10 * DAY) : NaN;
  return {
    id,
    createdAt,
    closedAt,
    firstResponseAt: reportStatus === 'nouveau' || r.next() < 0.1 ? NaN : later(5 * DAY),
    reportStatus,
    legacyStatus: r.pick(['pending', 'in_progress', 'resolved', 'inconnu', null, null]),
    slaStatus: closedStatus ? r.pick(['dans_les_temps', 'depasse', null]) : null,
    type: r.pick(['Voirie', 'Éclairage public', 'Propreté', '', null]),
    zone: r.pick(['Kawéni', 'Cavani', 'Mtsapéré', null]),
    service: r.pick(['Urbanisme', 'Voirie', null]),
    priority: r.pick(['critique', 'haute', 'normale', 'basse', null]),
    latitude: r.next() < 0.1 ? null : -12.78 + r.int(40) * 0.0025,
    longitude: r.next() < 0.1 ? null : 45.22 + r.int(40) * 0.0025,
  };
}

const PERIODS: Period[] = [
  { from: '2026-11-21', to: '2026-11-27' },
  { from: '2026-10-29', to: '2026-11-27' },
  { from: '2026-08-30', to: '2026-11-27' },
  { from: '2026-01-01', to: '2026-11-27' },
  { from: '2021-11-28', to: '2026-11-27' },
  { from: '2025-03-01', to: '2025-06-15' },
  { from: '2026-11-27', to: '2026-11-27' },
  // Ends in the future: the backlog ages are counted at now.
  { from: '2026-11-01', to: '2026-12-31' },
];

const loaded = (rows: FigureRow[]) => {
  const index = new ReportFigureIndex();
  index.bulk(() => rows.forEach((row) => index.upsert(row)));
  return index;
};

describe('the figures index', () => {
  it('answers a known data set as worked out by hand: medians, 90th percentiles, backlog and its age, groups', () => {
    const created = town('2026-11-20T08:00:00');
    const base = { reportStatus: 'resolu', slaStatus: 'dans_les_temps', type: 'Voirie', zone: 'Cavani', service: 'Urbanisme', priority: 'haute', latitude: -12.78, longitude: 45.23 };
    const rows: FigureRow[] = [
      // Resolved after 2, 5, 9 and 30 hours; first answered after 1, 2, 3 and 30 hours.
      { ...base, id: 1, createdAt: created, firstResponseAt: created + 1 * HOUR, closedAt: created + 2 * HOUR },
      { ...base, id: 2, createdAt: created, firstResponseAt: created + 2 * HOUR, closedAt: created + 5 * HOUR },
      { ...base, id: 3, createdAt: created, firstResponseAt: created + 3 * HOUR, closedAt: created + 9 * HOUR, priority: 'critique' },
      { ...base, id: 4, createdAt: created, firstResponseAt: created + 30 * HOUR, closedAt: created + 30 * HOUR, slaStatus: 'depasse', priority: 'critique' },
      // Left open, created 3 and 10 days before the end of the period.
      { ...base, id: 5, reportStatus: 'en_cours', slaStatus: null, closedAt: NaN, firstResponseAt: NaN, createdAt: town('2026-11-25T00:00:00'), zone: '' },
      { ...base, id: 6, reportStatus: 'nouveau', slaStatus: null, closedAt: NaN, firstResponseAt: NaN, createdAt: town('2026-11-18T00:00:00'), type: null },
    ];
    const index = loaded(rows);
    const figures = index.figures({ from: '2026-11-19', to: '2026-11-27' }, NOW);
    expect(figures.current).toEqual({
      received: 5,
      closed: 4,
      backlog: { count: 2, ageDays: { count: 2, median: 2 + 15 / 24, p90: 9 + 15 / 24 } },
      firstResponse: { count: 4, median: 2, p90: 30 },
      resolution: { count: 4, median: 5, p90: 30 },
      onTime: { closed: 4, onTime: 3, rate: 75 },
    });
    expect(figures.previous).toMatchObject({ received: 1, closed: 0, backlog: { count: 1 } });
    expect(figures.byType.map((g) => [g.key, g.received])).toEqual([['Voirie', 5]]);
    expect(figures.byZone.map((g) => g.key)).toEqual(['Cavani', 'Non définie']);
    expect(figures.byPriority).toEqual([
      { key: 'haute', received: 3, closed: 2, firstResponse: { count: 2, median: 1, p90: 2 }, resolution: { count: 2, median: 2, p90: 5 }, onTime: { closed: 2, onTime: 2, rate: 100 } },
      { key: 'critique', received: 2, closed: 2, firstResponse: { count: 2, median: 3, p90: 30 }, resolution: { count: 2, median: 9, p90: 30 }, onTime: { closed: 2, onTime: 1, rate: 50 } },
    ]);
    expect(figures.density).toEqual([{ latitude: -12.78, longitude: 45.23, count: 2 }]);
    expect(figures).toEqual(byHand(rows, figures.period, NOW));
  });

  it('answers every period as the plain computation does, after a load of 3,000 reports of every kind', { timeout: 30_000 }, () => {
    const r = random(24);
    const rows = Array.from({ length: 3000 }, (_, i) => reportOf(i + 1, r));
    const index = loaded(rows);
    expect(index.size).toBe(3000);
    for (const period of PERIODS) expect(index.figures(period, NOW), `${period.from} → ${period.to}`).toEqual(byHand(rows, period, NOW));
    expect(index.stats(WEEKS)).toEqual(statsByHand(rows, WEEKS));
    // Rows written one by one into an index never built (a load before its build) count as well.
    const unbuilt = new ReportFigureIndex();
    rows.forEach((row) => unbuilt.upsert(row));
    expect(unbuilt.pendingChanges).toBe(3000);
    for (const period of PERIODS.slice(2, 5)) expect(unbuilt.figures(period, NOW)).toEqual(byHand(rows, period, NOW));
  });

  it('stays exact through writes: status changes, closing and reopening, priority and type changes, deletions, new reports', { timeout: 30_000 }, () => {
    const r = random(2026);
    const rows = new Map<number, FigureRow>();
    for (let id = 1; id <= 1000; id++) rows.set(id, reportOf(id, r));
    const index = loaded([...rows.values()]);
    let nextId = 1001;
    for (let step = 0; step < 1500; step++) {
      const ids = [...rows.keys()];
      const id = r.pick(ids);
      const row = rows.get(id)!;
      const kind = r.int(6);
      if (kind === 0) {
        // Closed now, then perhaps reopened later: its closing time goes away.
        const next = { ...row, reportStatus: r.pick(['resolu', 'rejete']), closedAt: NOW - r.int(48) * HOUR, slaStatus: r.pick(['dans_les_temps', 'depasse']) };
        rows.set(id, next);
        index.upsert(next);
      } else if (kind === 1) {
        const next = { ...row, reportStatus: r.pick(['en_cours', 'nouveau']), closedAt: NaN, slaStatus: null };
        rows.set(id, next);
        index.upsert(next);
      } else if (kind === 2) {
        const next = { ...row, priority: r.pick(['critique', 'basse', 'haute']), type: r.pick(['Voirie', 'Mobilier urbain', null]) };
        rows.set(id, next);
        index.upsert(next);
      } else if (kind === 3) {
        rows.delete(id);
        index.remove(id);
      } else if (kind === 4) {
        const next = reportOf(nextId++, r);
        rows.set(next.id, next);
        index.upsert(next);
      } else {
        // Written again unchanged (a write of a column the figures do not read is not even logged, but may be).
        index.upsert({ ...row });
      }
      if (step % 300 === 299) {
        const all = [...rows.values()];
        for (const period of PERIODS) expect(index.figures(period, NOW), `step ${step}: ${period.from} → ${period.to}`).toEqual(byHand(all, period, NOW));
        expect(index.figures(PERIODS[3], NOW)).toEqual(loaded(all).figures(PERIODS[3], NOW));
        expect(index.stats(WEEKS), `step ${step}: the dashboard's counts`).toEqual(statsByHand(all, WEEKS));
      }
    }
    // Removing what is not there, twice, changes nothing.
    index.remove(999_999);
    expect(index.size).toBe(rows.size);
  });

  it('stays exact when its built part is made again, at once or in steps while writes go on between them', { timeout: 60_000 }, async () => {
    const r = random(976);
    const rows = new Map<number, FigureRow>();
    for (let id = 1; id <= 1500; id++) rows.set(id, reportOf(id, r));
    const index = loaded([...rows.values()]);
    let nextId = 1501;
    const write = () => {
      const id = r.pick([...rows.keys()]);
      const kind = r.int(4);
      if (kind === 0) {
        rows.delete(id);
        index.remove(id);
      } else if (kind === 1) {
        const next = reportOf(nextId++, r);
        rows.set(next.id, next);
        index.upsert(next);
      } else {
        // The same report written anew: any of its columns may change.
        const next = { ...reportOf(id, r), id };
        rows.set(id, next);
        index.upsert(next);
      }
    };
    const check = (when: string) => {
      const all = [...rows.values()];
      for (const period of PERIODS) expect(index.figures(period, NOW), `${when}: ${period.from} → ${period.to}`).toEqual(byHand(all, period, NOW));
      expect(index.stats(WEEKS), `${when}: the dashboard's counts`).toEqual(statsByHand(all, WEEKS));
    };
    for (let i = 0; i < 200; i++) write();
    expect(index.pendingChanges).toBeGreaterThan(0);
    index.rebuildNow();
    expect(index.pendingChanges).toBe(0);
    check('rebuilt at once');
    // Between the steps of a rebuild: writes, and answers that must stay exact all along.
    let steps = 0;
    await index.rebuild(async () => {
      steps++;
      for (let i = 0; i < 7; i++) write();
      if (steps % 10 === 0) check(`during the rebuild, step ${steps}`);
    });
    expect(steps).toBeGreaterThan(20);
    // The writes made during the rebuild are still pending against the new built part, and counted.
    expect(index.pendingChanges).toBeGreaterThan(0);
    check('after a rebuild in steps');
    index.rebuildNow();
    check('rebuilt again');
  });

  it('answers an empty base with zeros and no values', () => {
    const figures = new ReportFigureIndex().figures(PERIODS[0], NOW);
    expect(figures.current).toEqual({
      received: 0,
      closed: 0,
      backlog: { count: 0, ageDays: { count: 0, median: null, p90: null } },
      firstResponse: { count: 0, median: null, p90: null },
      resolution: { count: 0, median: null, p90: null },
      onTime: { closed: 0, onTime: 0, rate: null },
    });
    expect([figures.byType, figures.byZone, figures.density]).toEqual([[], [], []]);
  });
});
