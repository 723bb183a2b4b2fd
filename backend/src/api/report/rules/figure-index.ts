import {
  FIGURE_DIMENSIONS,
  onTimeOf,
  periodBounds,
  previousPeriod,
  type Durations,
  type FigureDimension,
  type GroupFigures,
  type Period,
  type PeriodTotals,
  type ReportFigures,
} from '@mamoudzou/domain/figures';
import { OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';

/**
 * The columns of every report that the figures read (rules/figures.ts keeps them in step with the
 * database), and the figures of a period computed from them exactly, without SQL.
 *
 * Each report is in a few lists kept sorted as reports are written (typed arrays, an insertion moves
 * the tail in place): by creation time, by closing time, by time to first response, by time to
 * resolution. Beside each entry are what a call tests, so that a call reads the lists in order
 * without visiting the reports: its combination of type, zone, service and priority (one code), and
 * the time the period is checked against. A call then counts the reports created and closed in a
 * period by walking only that range; finds each period's and each group's median and 90th percentile
 * by walking the durations in ascending order (a group's rank is met on the way, nothing is sorted per
 * call); counts the backlog at the period's end by walking creation times backwards from it. The map
 * of open reports is a count per cell kept as reports are written.
 */

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Density cells: about 500 m at Mayotte's latitude. */
export const DENSITY_CELL = 0.005;
const FALLBACK: Record<FigureDimension, string> = { type: 'Autres', zone: 'Non définie', service: 'Non assigné', priority: 'normale' };
const OPEN = new Set<string>(OPEN_REPORT_STATUSES);
const DIMENSIONS = FIGURE_DIMENSIONS.length;

/** A report as the figures read it: times in milliseconds (NaN when empty). */
export interface FigureRow {
  id: number;
  createdAt: number;
  closedAt: number;
  firstResponseAt: number;
  reportStatus: string | null;
  slaStatus: string | null;
  type: string | null;
  zone: string | null;
  service: string | null;
  priority: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Entries (key, slot) in ascending order of key, then slot, each with a number and a code beside it. */
class SortedList {
  keys = new Float64Array(64);
  slots = new Int32Array(64);
  aux = new Float64Array(64);
  tags = new Int32Array(64);
  size = 0;

  /** The first position whose entry is not below (key, slot). */
  private lowerBound(key: number, slot: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid];
      if (k < key || (k === key && this.slots[mid] < slot)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position whose key is not below `key`. */
  firstAtLeast(key: number): number {
    return this.lowerBound(key, -1);
  }

  insert(key: number, slot: number, aux: number, tag: number) {
    if (this.size === this.keys.length) this.resize(this.keys.length * 2);
    const at = this.lowerBound(key, slot);
    for (const array of [this.keys, this.slots, this.aux, this.tags]) array.copyWithin(at + 1, at, this.size);
    this.keys[at] = key;
    this.slots[at] = slot;
    this.aux[at] = aux;
    this.tags[at] = tag;
    this.size++;
  }

  remove(key: number, slot: number) {
    const at = this.lowerBound(key, slot);
    if (at >= this.size || this.keys[at] !== key || this.slots[at] !== slot) return;
    for (const array of [this.keys, this.slots, this.aux, this.tags]) array.copyWithin(at, at + 1, this.size);
    this.size--;
  }

  private resize(capacity: number) {
    const copy = <T extends Float64Array | Int32Array>(array: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(array.subarray(0, this.size));
      return next;
    };
    this.keys = copy(this.keys, (n) => new Float64Array(n));
    this.slots = copy(this.slots, (n) => new Int32Array(n));
    this.aux = copy(this.aux, (n) => new Float64Array(n));
    this.tags = copy(this.tags, (n) => new Int32Array(n));
  }

  /** Every entry at once, sorted here (a load: one sort instead of an insertion each). */
  rebuild(entries: { key: number; slot: number; aux: number; tag: number }[]) {
    entries.sort((a, b) => a.key - b.key || a.slot - b.slot);
    this.size = 0;
    this.resize(Math.max(64, entries.length));
    entries.forEach((e, i) => {
      this.keys[i] = e.key;
      this.slots[i] = e.slot;
      this.aux[i] = e.aux;
      this.tags[i] = e.tag;
    });
    this.size = entries.length;
  }
}

/** Names and their codes: a dimension's values, or combinations of the four. */
class Dictionary {
  names: string[] = [];
  private codes = new Map<string, number>();
  codeOf(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(name);
      this.codes.set(name, code);
    }
    return code;
  }
}

/** What a report is now, as the lists need it (kept per slot to find its entries again). */
interface Slot {
  created: number;
  closed: number;
  responded: number;
  open: boolean;
  resolved: boolean;
  onTime: boolean;
  combo: number;
  /** Its cell on the map while it is open and placed, else undefined. */
  cell?: number;
}

/** SQL's ROUND: half away from zero. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const finite = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : NaN);
/** The nearest rank of a share of `count` values (1-based), as domain/figures.ts's percentile. */
const rankOf = (count: number, share: number) => Math.max(1, Math.ceil(share * count));
const hours = (ms: number) => Math.max(0, ms) / HOUR;
/** Two whole numbers in one (cells are whole multiples of DENSITY_CELL: |lat| ≤ 18,000, |lng| ≤ 36,000). */
const cellKey = (la: number, lo: number) => (la + 20_000) * 100_000 + (lo + 50_000);

export class ReportFigureIndex {
  private slots: Slot[] = [];
  private free: number[] = [];
  private slotOfId = new Map<number, number>();
  private dimensions = FIGURE_DIMENSIONS.map(() => new Dictionary());
  private combos = new Dictionary();
  /** A combination's code in each dimension. */
  private comboDims: number[][] = FIGURE_DIMENSIONS.map(() => []);
  /** Creation times (aux: the report is open at any time before it: its closing time, +∞ open, -∞ never). */
  private byCreated = new SortedList();
  /** Closing times (tag: combination × 2 + 1 when closed by its target). */
  private byClosed = new SortedList();
  /** Time to first response and to resolution (resolved reports), aux: when that happened. */
  private byResponse = new SortedList();
  private byResolution = new SortedList();
  /** Open reports per cell of the map. */
  private cells = new Map<number, number>();
  /** False while rows are loaded in bulk: the lists are sorted once at the end. */
  private ordered = true;
  private scratch = new Int32Array(1024);
  private scratchTimes = new Float64Array(1024);

  get size() {
    return this.slotOfId.size;
  }

  /** Many rows at once (a load): the lists are sorted once at the end instead of kept at each row. */
  bulk(work: () => void) {
    this.ordered = false;
    try {
      work();
    } finally {
      this.reorder();
    }
  }

  upsert(row: FigureRow) {
    let slot = this.slotOfId.get(row.id);
    if (slot !== undefined) this.unlist(slot);
    else {
      slot = this.free.pop() ?? this.slots.length;
      this.slotOfId.set(row.id, slot);
    }
    const status = row.reportStatus ?? '';
    const names = FIGURE_DIMENSIONS.map((d) => row[d] || FALLBACK[d]);
    const combo = this.combos.codeOf(names.join('\u0000'));
    if (this.comboDims[0].length <= combo) names.forEach((name, d) => (this.comboDims[d][combo] = this.dimensions[d].codeOf(name)));
    const latitude = finite(row.latitude);
    const longitude = finite(row.longitude);
    const open = OPEN.has(status);
    this.slots[slot] = {
      created: finite(row.createdAt),
      closed: finite(row.closedAt),
      responded: finite(row.firstResponseAt),
      open,
      resolved: status === 'resolu',
      onTime: row.slaStatus === 'dans_les_temps',
      combo,
      cell: open && latitude === latitude && longitude === longitude ? cellKey(roundHalfAway(latitude / DENSITY_CELL), roundHalfAway(longitude / DENSITY_CELL)) : undefined,
    };
    this.list(slot);
  }

  remove(id: number) {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.unlist(slot);
    this.slotOfId.delete(id);
    this.free.push(slot);
  }

  /** A report's entries in each list: [list, key, aux, tag]; none where its key is empty. */
  private entriesOf(slot: number): [SortedList, number, number, number][] {
    const r = this.slots[slot];
    const entries: [SortedList, number, number, number][] = [];
    if (r.created === r.created) entries.push([this.byCreated, r.created, r.open && r.closed !== r.closed ? Infinity : r.closed === r.closed ? r.closed : -Infinity, r.combo]);
    if (r.closed === r.closed) entries.push([this.byClosed, r.closed, 0, r.combo * 2 + (r.onTime ? 1 : 0)]);
    const response = r.responded - r.created;
    if (response === response) entries.push([this.byResponse, response, r.responded, r.combo]);
    const resolution = r.resolved ? r.closed - r.created : NaN;
    if (resolution === resolution) entries.push([this.byResolution, resolution, r.closed, r.combo]);
    return entries;
  }

  private list(slot: number) {
    const cell = this.slots[slot].cell;
    if (cell !== undefined) this.cells.set(cell, (this.cells.get(cell) ?? 0) + 1);
    if (this.ordered) for (const [list, key, aux, tag] of this.entriesOf(slot)) list.insert(key, slot, aux, tag);
  }

  private unlist(slot: number) {
    const cell = this.slots[slot].cell;
    if (cell !== undefined) {
      const left = (this.cells.get(cell) ?? 1) - 1;
      if (left > 0) this.cells.set(cell, left);
      else this.cells.delete(cell);
    }
    if (this.ordered) for (const [list, key] of this.entriesOf(slot)) list.remove(key, slot);
  }

  private reorder() {
    const all = new Map<SortedList, { key: number; slot: number; aux: number; tag: number }[]>(
      [this.byCreated, this.byClosed, this.byResponse, this.byResolution].map((list) => [list, []]),
    );
    for (const slot of this.slotOfId.values()) for (const [list, key, aux, tag] of this.entriesOf(slot)) all.get(list)!.push({ key, slot, aux, tag });
    for (const [list, entries] of all) list.rebuild(entries);
    this.ordered = true;
  }

  private ensureScratch() {
    if (this.scratch.length < this.slots.length) {
      this.scratch = new Int32Array(this.slots.length * 2);
      this.scratchTimes = new Float64Array(this.slots.length * 2);
    }
  }

  /**
   * The figures of a period and of the one before it, as GET /api/reports/figures answers them:
   * - received: created in the period; closed: closed in it, and of them closed by their target;
   * - time to first response of the reports first answered in the period, time to resolution of the
   *   reports resolved in it: median and 90th percentile, nearest rank;
   * - backlog: open at the period's end (created before it, not closed before it), and its age;
   * - by type, zone, service and priority (empty values under « Autres », « Non définie »…);
   * - the map: open reports now, counted by cell of about 500 m.
   */
  figures(period: Period, now: number): ReportFigures {
    this.ensureScratch();
    const previous = previousPeriod(period);
    const bounds = (p: Period) => {
      const { start, end } = periodBounds(p);
      return { start: start.getTime(), end: end.getTime() };
    };
    const cur = bounds(period);
    const prev = bounds(previous);
    const combos = this.combos.names.length;

    // Created in each period: the ranges of the creation list.
    const received = new Int32Array(combos);
    const created = this.byCreated;
    const [cFrom, cTo] = [created.firstAtLeast(cur.start), created.firstAtLeast(cur.end)];
    const createdTags = created.tags;
    for (let i = cFrom; i < cTo; i++) received[createdTags[i]]++;
    const previousReceived = created.firstAtLeast(prev.end) - created.firstAtLeast(prev.start);

    // Closed in each period, and of them by their target.
    const closed = new Int32Array(combos);
    const onTime = new Int32Array(combos);
    const byClosed = this.byClosed;
    const closedTags = byClosed.tags;
    for (let i = byClosed.firstAtLeast(cur.start), end = byClosed.firstAtLeast(cur.end); i < end; i++) {
      const tag = closedTags[i];
      closed[tag >> 1]++;
      onTime[tag >> 1] += tag & 1;
    }
    let previousClosed = 0;
    let previousOnTime = 0;
    for (let i = byClosed.firstAtLeast(prev.start), end = byClosed.firstAtLeast(prev.end); i < end; i++) {
      previousClosed++;
      previousOnTime += closedTags[i] & 1;
    }

    const response = this.durations(this.byResponse, cur, prev);
    const resolution = this.durations(this.byResolution, cur, prev);
    const sum = (perCombo: Int32Array) => perCombo.reduce((total, n) => total + n, 0);
    const totals = (r: number, c: number, good: number, end: number, which: 'current' | 'previous'): PeriodTotals => ({
      received: r,
      closed: c,
      backlog: this.backlog(end, now),
      firstResponse: response[which],
      resolution: resolution[which],
      onTime: onTimeOf(c, good),
    });
    const groups = (d: number): GroupFigures[] => {
      const size = this.dimensions[d].names.length;
      const count = () => new Int32Array(size);
      const [r, c, good] = [count(), count(), count()];
      for (let combo = 0; combo < combos; combo++) {
        const code = this.comboDims[d][combo];
        r[code] += received[combo];
        c[code] += closed[combo];
        good[code] += onTime[combo];
      }
      const rows: GroupFigures[] = [];
      for (let code = 0; code < size; code++) {
        const fr = response.groups[d][code];
        const rs = resolution.groups[d][code];
        if (r[code] === 0 && c[code] === 0 && fr.count === 0 && rs.count === 0) continue;
        rows.push({ key: this.dimensions[d].names[code], received: r[code], closed: c[code], firstResponse: fr, resolution: rs, onTime: onTimeOf(c[code], good[code]) });
      }
      return rows.sort((a, b) => b.received - a.received || a.key.localeCompare(b.key, 'fr'));
    };
    const density = [...this.cells.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([cell, count]) => ({
        latitude: round6((Math.floor(cell / 100_000) - 20_000) * DENSITY_CELL),
        longitude: round6(((cell % 100_000) - 50_000) * DENSITY_CELL),
        count,
      }));
    const at = (d: FigureDimension) => groups(FIGURE_DIMENSIONS.indexOf(d));
    return {
      period,
      previousPeriod: previous,
      current: totals(cTo - cFrom, sum(closed), sum(onTime), cur.end, 'current'),
      previous: totals(previousReceived, previousClosed, previousOnTime, prev.end, 'previous'),
      byType: at('type'),
      byZone: at('zone'),
      byService: at('service'),
      byPriority: at('priority'),
      density,
    };
  }

  /**
   * Durations whose event (first response, resolution) falls in each period, walked in ascending
   * order: each period's and each group's median and 90th percentile (nearest rank) met on the way.
   */
  private durations(list: SortedList, cur: { start: number; end: number }, prev: { start: number; end: number }) {
    const picked = this.scratch;
    const { keys, aux, tags, size } = list;
    let n = 0;
    let previousCount = 0;
    const [cStart, cEnd, pStart, pEnd] = [cur.start, cur.end, prev.start, prev.end];
    for (let i = 0; i < size; i++) {
      const t = aux[i];
      if (t >= cStart && t < cEnd) picked[n++] = i;
      else if (t >= pStart && t < pEnd) previousCount++;
    }
    const previousRanks = [rankOf(previousCount, 0.5), rankOf(previousCount, 0.9)];
    const previousValues: (number | null)[] = [null, null];
    if (previousCount) {
      for (let i = 0, seen = 0; i < size && seen < previousRanks[1]; i++) {
        const t = aux[i];
        if (t >= prev.start && t < prev.end) {
          seen++;
          if (seen === previousRanks[0]) previousValues[0] = hours(keys[i]);
          if (seen === previousRanks[1]) previousValues[1] = hours(keys[i]);
        }
      }
    }
    const current: Durations = { count: n, median: n ? hours(keys[picked[rankOf(n, 0.5) - 1]]) : null, p90: n ? hours(keys[picked[rankOf(n, 0.9) - 1]]) : null };

    // Each group: its count, its two ranks, then the values met at those ranks in ascending order. The
    // groups of the four dimensions share flat arrays (a group's place: its dimension's offset + its code).
    const offsets = [0];
    for (const dictionary of this.dimensions) offsets.push(offsets[offsets.length - 1] + dictionary.names.length);
    const groupCount = offsets[DIMENSIONS];
    const combos = this.combos.names.length;
    const placeOf = new Int32Array(combos * DIMENSIONS);
    for (let combo = 0; combo < combos; combo++) for (let d = 0; d < DIMENSIONS; d++) placeOf[combo * DIMENSIONS + d] = offsets[d] + this.comboDims[d][combo];
    const perCombo = new Int32Array(combos);
    for (let j = 0; j < n; j++) perCombo[tags[picked[j]]]++;
    const counts = new Int32Array(groupCount);
    for (let combo = 0; combo < combos; combo++) for (let d = 0; d < DIMENSIONS; d++) counts[placeOf[combo * DIMENSIONS + d]] += perCombo[combo];
    const medianRank = Int32Array.from(counts, (c) => rankOf(c, 0.5));
    const p90Rank = Int32Array.from(counts, (c) => rankOf(c, 0.9));
    const medians = new Float64Array(groupCount).fill(NaN);
    const p90s = new Float64Array(groupCount).fill(NaN);
    const met = new Int32Array(groupCount);
    for (let j = 0; j < n; j++) {
      const i = picked[j];
      const base = tags[i] * DIMENSIONS;
      for (let d = 0; d < DIMENSIONS; d++) {
        const place = placeOf[base + d];
        const rank = ++met[place];
        if (rank === medianRank[place]) medians[place] = keys[i];
        if (rank === p90Rank[place]) p90s[place] = keys[i];
      }
    }
    const groups = this.dimensions.map((dictionary, d) =>
      dictionary.names.map((_, code): Durations => {
        const place = offsets[d] + code;
        return counts[place] ? { count: counts[place], median: hours(medians[place]), p90: hours(p90s[place]) } : { count: 0, median: null, p90: null };
      }),
    );
    return {
      current,
      previous: { count: previousCount, median: previousValues[0], p90: previousValues[1] } as Durations,
      groups,
    };
  }

  /**
   * Open at `end` (created before it, not closed before it) and how old, in days at `end` (or now if
   * sooner): the median's and the 90th percentile's ranks counted from the youngest.
   */
  private backlog(end: number, now: number): PeriodTotals['backlog'] {
    const { keys, aux } = this.byCreated;
    const ages = this.scratchTimes;
    let count = 0;
    for (let i = this.byCreated.firstAtLeast(end) - 1; i >= 0; i--) if (aux[i] >= end) ages[count++] = keys[i];
    const asOf = Math.min(end, now);
    const age = (share: number) => (count ? Math.max(0, asOf - ages[rankOf(count, share) - 1]) / DAY : null);
    return { count, ageDays: { count, median: age(0.5), p90: age(0.9) } };
  }
}
