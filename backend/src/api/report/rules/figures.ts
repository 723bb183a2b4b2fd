import type { Core } from '@strapi/strapi';
import {
  durationsOf,
  FIGURE_DIMENSIONS,
  onTimeOf,
  periodBounds,
  previousPeriod,
  type FigureDimension,
  type GroupFigures,
  type Period,
  type PeriodTotals,
  type ReportFigures,
} from '@mamoudzou/domain/figures';
import { OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { onPostgres } from '../../../utils/database';
import { now as clockNow } from '../../../utils/clock';

const REPORT = 'api::report.report';
const HOUR = 3600 * 1000;
/** Density cells: about 500 m at Mayotte's latitude. */
const CELL = 0.005;
const FALLBACK: Record<FigureDimension, string> = { type: 'Autres', zone: 'Non définie', service: 'Non assigné', priority: 'normale' };

type Row = Record<string, any>;

/**
 * The figures of a period and of the one before it, in a few SQL statements per period: counts and
 * on-time shares grouped by type × zone × service × priority (at most a few hundred rows, summed here
 * per dimension), and durations read already sorted (two columns' worth per report closed or answered
 * in the period), from which each group's median and 90th percentile are picked by rank.
 */
export async function reportFigures(strapi: Core.Strapi, period: Period): Promise<ReportFigures> {
  const meta = strapi.db.metadata.get(REPORT as any);
  const col = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  const knex = strapi.db.connection;
  const table = () => strapi.db.getConnection(meta.tableName);
  const pg = onPostgres(strapi);
  /** Milliseconds between two timestamp columns, in SQL. */
  const diff = (later: string, earlier: string) =>
    pg ? knex.raw('(EXTRACT(EPOCH FROM (?? - ??)) * 1000)', [later, earlier]) : knex.raw('(?? - ??)', [later, earlier]);
  const dims = FIGURE_DIMENSIONS.map((d) => col(d));
  const keyOf = (row: Row, d: FigureDimension) => (row[col(d)] as string | null) || FALLBACK[d];

  /**
   * Open at the period's end (created before it, not closed before it), and how old: the count, then
   * the median's and the 90th percentile's rows picked by rank in creation order (the newest is the
   * youngest), never every row.
   */
  async function backlogOf(end: Date): Promise<PeriodTotals['backlog']> {
    const open = () =>
      table()
        .where(col('createdAt'), '<', end)
        .andWhere((q: any) =>
          q.where((o: any) => o.whereIn(col('report_status'), [...OPEN_REPORT_STATUSES]).whereNull(col('closedAt'))).orWhere(col('closedAt'), '>=', end),
        );
    const [{ n }] = (await open().count({ n: '*' })) as Row[];
    const count = Number(n);
    const asOf = Math.min(end.getTime(), clockNow());
    const ageAtRank = async (share: number) => {
      if (count === 0) return null;
      const [row] = (await open().select({ c: col('createdAt') }).orderBy(col('createdAt'), 'desc').limit(1).offset(Math.max(1, Math.ceil(share * count)) - 1)) as Row[];
      return row ? Math.max(0, asOf - new Date(row.c).getTime()) / (24 * HOUR) : null;
    };
    const [median, p90] = await Promise.all([ageAtRank(0.5), ageAtRank(0.9)]);
    return { count, ageDays: { count, median, p90 } };
  }

  async function totals(p: Period, detailed: boolean) {
    const { start, end } = periodBounds(p);
    const [received, closed, resolution, response, backlog] = await Promise.all([
      table().select(dims).count({ n: '*' }).where(col('createdAt'), '>=', start).andWhere(col('createdAt'), '<', end).groupBy(dims) as Promise<Row[]>,
      table()
        .select(dims)
        .count({ n: '*' })
        .select(knex.raw(`SUM(CASE WHEN ?? = 'dans_les_temps' THEN 1 ELSE 0 END) AS on_time`, [col('slaStatus')]))
        .where(col('closedAt'), '>=', start)
        .andWhere(col('closedAt'), '<', end)
        .groupBy(dims) as Promise<Row[]>,
      table()
        .select([...dims, { d: diff(col('closedAt'), col('createdAt')) }])
        .where(col('report_status'), 'resolu')
        .andWhere(col('closedAt'), '>=', start)
        .andWhere(col('closedAt'), '<', end)
        .orderBy('d') as Promise<Row[]>,
      table()
        .select([...dims, { d: diff(col('firstResponseAt'), col('createdAt')) }])
        .where(col('firstResponseAt'), '>=', start)
        .andWhere(col('firstResponseAt'), '<', end)
        .orderBy('d') as Promise<Row[]>,
      backlogOf(end),
    ]);
    const hours = (rows: Row[]) => rows.map((r) => Math.max(0, Number(r.d)) / HOUR);
    const sum = (rows: Row[], field: string) => rows.reduce((total, r) => total + Number(r[field] ?? 0), 0);
    const result: PeriodTotals = {
      received: sum(received, 'n'),
      closed: sum(closed, 'n'),
      backlog,
      firstResponse: durationsOf(hours(response)),
      resolution: durationsOf(hours(resolution)),
      onTime: onTimeOf(sum(closed, 'n'), sum(closed, 'on_time')),
    };
    if (!detailed) return { result };
    const groups = (d: FigureDimension): GroupFigures[] => {
      const rows = new Map<string, { received: number; closed: number; onTime: number; response: number[]; resolution: number[] }>();
      const row = (key: string) => {
        let r = rows.get(key);
        if (!r) rows.set(key, (r = { received: 0, closed: 0, onTime: 0, response: [], resolution: [] }));
        return r;
      };
      for (const r of received) row(keyOf(r, d)).received += Number(r.n);
      for (const r of closed) {
        const g = row(keyOf(r, d));
        g.closed += Number(r.n);
        g.onTime += Number(r.on_time ?? 0);
      }
      // Read sorted: each group's values stay sorted.
      for (const r of response) row(keyOf(r, d)).response.push(Math.max(0, Number(r.d)) / HOUR);
      for (const r of resolution) row(keyOf(r, d)).resolution.push(Math.max(0, Number(r.d)) / HOUR);
      return [...rows.entries()]
        .map(([key, g]) => ({ key, received: g.received, closed: g.closed, firstResponse: durationsOf(g.response), resolution: durationsOf(g.resolution), onTime: onTimeOf(g.closed, g.onTime) }))
        .sort((a, b) => b.received - a.received || a.key.localeCompare(b.key, 'fr'));
    };
    return { result, groups };
  }

  const previous = previousPeriod(period);
  const [current, before, density] = await Promise.all([
    totals(period, true),
    totals(previous, false),
    table()
      .select({ la: knex.raw('ROUND(?? / ?)', [col('latitude'), CELL]), lo: knex.raw('ROUND(?? / ?)', [col('longitude'), CELL]) })
      .count({ n: '*' })
      .whereIn(col('report_status'), [...OPEN_REPORT_STATUSES])
      .whereNotNull(col('latitude'))
      .whereNotNull(col('longitude'))
      .groupByRaw('1, 2') as Promise<Row[]>,
  ]);
  const groups = current.groups!;
  return {
    period,
    previousPeriod: previous,
    current: current.result,
    previous: before.result,
    byType: groups('type'),
    byZone: groups('zone'),
    byService: groups('service'),
    byPriority: groups('priority'),
    density: density.map((r) => ({ latitude: round(Number(r.la) * CELL), longitude: round(Number(r.lo) * CELL), count: Number(r.n) })),
  };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
