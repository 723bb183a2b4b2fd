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
import { effectiveReportStatus, OPEN_REPORT_STATUSES, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { reportStatsFrom, type ReportStats } from '@mamoudzou/domain/stats';
import { WaveletMatrix } from '../../../utils/wavelet-matrix';

/**
 * The columns of every report that the figures read (rules/figures.ts keeps them in step with the database), and
 * the figures of a period computed from them exactly, without SQL, in a time that depends neither on the number of
 * reports nor on the length of the period.
 *
 * Two parts:
 * - the reports as they are now, one slot each in typed arrays (no object per report);
 * - a built part, made from the slots at some moment: each list the figures read, put in the order of the town day
 *   of its event (periods are whole town days, so a period is a range of positions found by binary search), by
 *   combination of type, zone, service and priority or by group of one dimension. Counts are range lengths; the
 *   median and the 90th percentile of a range of durations are one query of a wavelet matrix over the durations'
 *   ranks; the backlog at a period's end (created before it, not closed before it) and its age are counting and
 *   selection queries of a wavelet matrix over the creation list, by the day each report stopped being open.
 *
 * A write changes a slot and notes the slot's state in the built part; each call corrects the built part's answers
 * with the few slots written since (counts exactly; medians by a search over values that counts the slots' old and
 * new durations). The built part is made again in the background after enough writes (rebuild), in steps between
 * which the event loop serves requests: nothing here holds it for long, whatever the number of reports.
 */

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Mayotte keeps UTC+3 all year: a town day starts at 21:00 UTC. */
const TOWN_OFFSET = 3 * HOUR;
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
  /** The legacy status field, read where report_status is empty (the dashboard's counts by status). */
  legacyStatus?: string | null;
  slaStatus: string | null;
  type: string | null;
  zone: string | null;
  service: string | null;
  priority: string | null;
  latitude: number | null;
  longitude: number | null;
}

const PRESENT = 1;
const IS_OPEN = 2;
const RESOLVED = 4;
const ON_TIME = 8;

/** The town day of an instant (days since 1970-01-01 in Mayotte). */
export const townDay = (t: number) => Math.floor((t + TOWN_OFFSET) / DAY);
/** SQL's ROUND: half away from zero. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const finite = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : NaN);
/** The nearest rank of a share of `count` values (1-based), as domain/figures.ts's percentile. */
const rankOf = (count: number, share: number) => Math.max(1, Math.ceil(share * count));
const hours = (ms: number) => Math.max(0, ms) / HOUR;
/** Two whole numbers in one (cells are whole multiples of DENSITY_CELL: |lat| ≤ 18,000, |lng| ≤ 36,000). */
const cellKey = (la: number, lo: number) => (la + 20_000) * 100_000 + (lo + 50_000);

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

/** The state of a slot the figures read. */
interface State {
  created: number;
  closed: number;
  responded: number;
  combo: number;
  flags: number;
}

/** Every slot's state, in typed arrays that grow by doubling. */
class Columns {
  length = 0;
  created = new Float64Array(0);
  closed = new Float64Array(0);
  responded = new Float64Array(0);
  /** The open report's map cell (NaN: none). */
  cell = new Float64Array(0);
  combo = new Int32Array(0);
  flags = new Uint8Array(0);
  /** The report's key among the dashboard's counts (status, type, zone, priority as stored). */
  statsKey = new Int32Array(0);

  ensure(slots: number) {
    if (slots <= this.created.length) return;
    const capacity = Math.max(slots, this.created.length * 2, 1024);
    const grown = <T extends Float64Array | Int32Array | Uint8Array>(array: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(array);
      return next;
    };
    this.created = grown(this.created, (n) => new Float64Array(n));
    this.closed = grown(this.closed, (n) => new Float64Array(n));
    this.responded = grown(this.responded, (n) => new Float64Array(n));
    this.cell = grown(this.cell, (n) => new Float64Array(n));
    this.combo = grown(this.combo, (n) => new Int32Array(n));
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.statsKey = grown(this.statsKey, (n) => new Int32Array(n));
  }

  state(slot: number): State | null {
    if (slot >= this.length || !(this.flags[slot] & PRESENT)) return null;
    return { created: this.created[slot], closed: this.closed[slot], responded: this.responded[slot], combo: this.combo[slot], flags: this.flags[slot] };
  }

  /** A copy of the slots as they are now (what a rebuild reads while writes go on). */
  copy(): Columns {
    const copy = new Columns();
    copy.length = this.length;
    copy.created = this.created.slice(0, this.length);
    copy.closed = this.closed.slice(0, this.length);
    copy.responded = this.responded.slice(0, this.length);
    copy.combo = this.combo.slice(0, this.length);
    copy.flags = this.flags.slice(0, this.length);
    return copy;
  }
}

/** Whether two states count the same in every figure (the map aside, kept live). */
const sameState = (a: State | null, b: State | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.flags === b.flags &&
    a.combo === b.combo &&
    Object.is(a.created, b.created) &&
    Object.is(a.closed, b.closed) &&
    Object.is(a.responded, b.responded));

/** When a report stops being open: its closing time, +∞ while open without one, -∞ if never open. */
const openUntil = (s: State) => ((s.flags & IS_OPEN) && s.closed !== s.closed ? Infinity : s.closed === s.closed ? s.closed : -Infinity);

/** The two lists of durations: first response (when it came), resolution (when it was resolved). */
const LISTS = 2;
const durationOf = (s: State, list: number): number => (list === 0 ? s.responded - s.created : s.flags & RESOLVED ? s.closed - s.created : NaN);
const eventOf = (s: State, list: number): number => (list === 0 ? s.responded : s.closed);

/** First position of a sorted range whose value is not below `x`. */
function lowerBound(array: Int32Array | Float64Array, x: number, from = 0, to = array.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (array[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
const upperBound = (array: Int32Array | Float64Array, x: number, from = 0, to = array.length) => {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (array[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * A stable counting sort of items by a small whole key (`keys[item] - base`, from 0 to size - 1): the items in the
 * new order and each key's first position (offsets[size] is the count).
 */
function countingSort(items: Int32Array, keys: Int32Array, base: number, size: number): { order: Int32Array; offsets: Int32Array } {
  const offsets = new Int32Array(size + 1);
  for (let i = 0; i < items.length; i++) offsets[keys[items[i]] - base + 1]++;
  for (let k = 0; k < size; k++) offsets[k + 1] += offsets[k];
  const order = new Int32Array(items.length);
  const fill = offsets.slice(0, size);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    order[fill[keys[item] - base]++] = item;
  }
  return { order, offsets };
}

/** The smallest and largest of some entries of an array (0 and -1 when there are none). */
function bounds(items: Int32Array, keys: Int32Array): [number, number] {
  if (items.length === 0) return [0, -1];
  let low = keys[items[0]];
  let high = low;
  for (let i = 1; i < items.length; i++) {
    const key = keys[items[i]];
    if (key < low) low = key;
    else if (key > high) high = key;
  }
  return [low, high];
}

/** The slots whose value is a time (not NaN). */
function timed(slots: Int32Array, times: Float64Array): Int32Array {
  let n = 0;
  for (let i = 0; i < slots.length; i++) if (times[slots[i]] === times[slots[i]]) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let i = 0; i < slots.length; i++) if (times[slots[i]] === times[slots[i]]) out[n++] = slots[i];
  return out;
}

/** The town day of each slot's time (0 where it has none). */
function daysOf(times: Float64Array): Int32Array {
  const days = new Int32Array(times.length);
  for (let i = 0; i < times.length; i++) days[i] = times[i] === times[i] ? townDay(times[i]) : 0;
  return days;
}

/** A list of durations in one order: per group (one group for « all »), the days of its events and the durations' ranks. */
interface Ordering {
  /** Group g holds positions [offsets[g], offsets[g + 1]). */
  offsets: Int32Array;
  days: Int32Array;
  ranks: WaveletMatrix;
}

interface BuiltList {
  /** The distinct durations, ascending: a rank is a position here. */
  values: Float64Array;
  /** [0]: every duration; [1 + d]: by group of dimension d. */
  orders: Ordering[];
}

/** The built part: every list the figures read, from the slots at one moment. */
interface Built {
  combos: number;
  /** Created, by combination then day (received). */
  receivedOffsets: Int32Array;
  receivedDays: Int32Array;
  /** Closed, by combination then day, and how many of them on time before each position (closed, on time). */
  closedOffsets: Int32Array;
  closedDays: Int32Array;
  closedOnTime: Int32Array;
  /** Created, in order of creation: times, days, and the day each stopped being open (backlog). */
  createdTimes: Float64Array;
  createdDays: Int32Array;
  /** Codes of the day a report stopped being open: 0 never open, 1 + (day - firstDay), lastCode while open. */
  openUntil: WaveletMatrix;
  openUntilFirstDay: number;
  openUntilLastCode: number;
  lists: BuiltList[];
}

/** The written slots' states to correct a built part's answers with: the state it holds, and the state now. */
interface Change {
  slot: number;
  built: State | null;
  now: State | null;
}

/** Collected corrections of one call for a k-th value: values to remove from and add to the built part's. */
class Corrections {
  removed: number[] = [];
  added: number[] = [];
  get size() {
    return this.added.length - this.removed.length;
  }
  sorted() {
    this.removed.sort((a, b) => a - b);
    this.added.sort((a, b) => a - b);
    return this;
  }
  get empty() {
    return this.removed.length === 0 && this.added.length === 0;
  }
}

/**
 * The k-th smallest (k from 0) of the built values minus `corrections.removed` plus `corrections.added`, given how
 * many built values are at most v (`builtAtMost`) and the built values in ascending order (`domain`, which may hold
 * values outside the range: they count nothing). The smallest v with at least k + 1 values at most v, searched among
 * the built values and among the added ones.
 */
function kthCorrected(k: number, builtAtMost: (v: number) => number, domain: Float64Array, domainEnd: number, c: Corrections): number {
  const atMost = (v: number) => builtAtMost(v) - upperBoundArray(c.removed, v) + upperBoundArray(c.added, v);
  let best = Infinity;
  let lo = 0;
  let hi = domainEnd;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (atMost(domain[mid]) > k) hi = mid;
    else lo = mid + 1;
  }
  if (lo < domainEnd) best = domain[lo];
  lo = 0;
  hi = c.added.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (atMost(c.added[mid]) > k) hi = mid;
    else lo = mid + 1;
  }
  if (lo < c.added.length) best = Math.min(best, c.added[lo]);
  return best;
}
function upperBoundArray(array: number[], x: number): number {
  let lo = 0;
  let hi = array.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (array[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Items a step of a build handles at most when each costs a sort or a search (a few milliseconds). */
const STEP_ITEMS = 50_000;

/** Written reports since the last build past which a rebuild is worth it (each call corrects with them all). */
export const REBUILD_AFTER_CHANGES = 500;

export class ReportFigureIndex {
  private live = new Columns();
  private slotOfId = new Map<number, number>();
  private free: number[] = [];
  private dimensions = FIGURE_DIMENSIONS.map(() => new Dictionary());
  private combos = new Dictionary();
  /** A combination's code in each dimension. */
  private comboDims: number[][] = FIGURE_DIMENSIONS.map(() => []);
  /** Open reports per cell of the map. */
  private cells = new Map<number, number>();
  /** The dashboard's counts: reports per key of status, type, zone and priority as stored (null apart from ''). */
  private statsKeys = new Dictionary();
  private statsCounts: number[] = [];
  private built: Built = ReportFigureIndex.empty();
  /** Slots written since the built part was made, with the state it holds of them. */
  private changed = new Map<number, State | null>();
  /** Never built from its rows: every row is a change against the empty built part (a load, before its build). */
  private fresh = true;
  /** While a rebuild runs: slots written since its copy, with their state in that copy. */
  private changedSinceCopy?: Map<number, State | null>;
  private rebuilding?: Promise<void>;

  get size() {
    return this.slotOfId.size;
  }

  /** Reports written since the built part was made. */
  get pendingChanges() {
    return this.fresh ? this.size : this.changed.size;
  }

  /** Many rows at once (tests, small loads): written, then the built part made at once. */
  bulk(work: () => void) {
    work();
    this.rebuildNow();
  }

  upsert(row: FigureRow) {
    let slot = this.slotOfId.get(row.id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.live.length;
      this.slotOfId.set(row.id, slot);
    }
    this.noteChange(slot);
    const columns = this.live;
    columns.ensure(slot + 1);
    columns.length = Math.max(columns.length, slot + 1);
    this.unmap(slot);
    const status = row.reportStatus ?? '';
    const names = FIGURE_DIMENSIONS.map((d) => row[d] || FALLBACK[d]);
    const combo = this.combos.codeOf(names.join('\u0000'));
    if (this.comboDims[0].length <= combo) names.forEach((name, d) => (this.comboDims[d][combo] = this.dimensions[d].codeOf(name)));
    const open = OPEN.has(status);
    const latitude = finite(row.latitude);
    const longitude = finite(row.longitude);
    columns.created[slot] = finite(row.createdAt);
    columns.closed[slot] = finite(row.closedAt);
    columns.responded[slot] = finite(row.firstResponseAt);
    columns.combo[slot] = combo;
    columns.flags[slot] = PRESENT | (open ? IS_OPEN : 0) | (status === 'resolu' ? RESOLVED : 0) | (row.slaStatus === 'dans_les_temps' ? ON_TIME : 0);
    columns.cell[slot] = open && latitude === latitude && longitude === longitude ? cellKey(roundHalfAway(latitude / DENSITY_CELL), roundHalfAway(longitude / DENSITY_CELL)) : NaN;
    columns.statsKey[slot] = this.statsKeys.codeOf(
      JSON.stringify([effectiveReportStatus(row.reportStatus, row.legacyStatus), row.type ?? null, row.zone ?? null, row.priority ?? null]),
    );
    this.map(slot);
  }

  remove(id: number) {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.noteChange(slot);
    this.unmap(slot);
    this.live.flags[slot] = 0;
    this.slotOfId.delete(id);
    this.free.push(slot);
  }

  /** Before a slot changes: the state the built part (and a running rebuild's copy) holds of it, if not noted yet. */
  private noteChange(slot: number) {
    if (!this.fresh && !this.changed.has(slot)) this.changed.set(slot, this.live.state(slot));
    if (this.changedSinceCopy && !this.changedSinceCopy.has(slot)) this.changedSinceCopy.set(slot, this.live.state(slot));
  }

  private map(slot: number) {
    if (!(this.live.flags[slot] & PRESENT)) return;
    const key = this.live.statsKey[slot];
    this.statsCounts[key] = (this.statsCounts[key] ?? 0) + 1;
    const cell = this.live.cell[slot];
    if (cell === cell && this.live.flags[slot] & PRESENT) this.cells.set(cell, (this.cells.get(cell) ?? 0) + 1);
  }

  private unmap(slot: number) {
    if (slot >= this.live.length || !(this.live.flags[slot] & PRESENT)) return;
    this.statsCounts[this.live.statsKey[slot]]--;
    const cell = this.live.cell[slot];
    if (cell !== cell) return;
    const left = (this.cells.get(cell) ?? 1) - 1;
    if (left > 0) this.cells.set(cell, left);
    else this.cells.delete(cell);
  }

  /** The built part made again from the slots as they are, at once (tests, small indexes). */
  rebuildNow() {
    const steps = this.rebuildSteps();
    while (!steps.next().done);
  }

  /**
   * The built part made again from a copy of the slots, `pause` awaited between steps (each a few milliseconds at
   * 500,000 reports); writes go on meanwhile and are corrected for. One rebuild at a time.
   */
  rebuild(pause: () => Promise<unknown>): Promise<void> {
    this.rebuilding ??= (async () => {
      try {
        const steps = this.rebuildSteps();
        while (!steps.next().done) await pause();
      } finally {
        this.rebuilding = undefined;
      }
    })();
    return this.rebuilding;
  }

  private *rebuildSteps(): Generator<void, void, void> {
    const copy = this.live.copy();
    this.changedSinceCopy = new Map();
    try {
      const built = yield* ReportFigureIndex.build(copy, this.combos.names.length, this.comboDims, this.dimensions.map((d) => d.names.length));
      this.built = built;
      this.changed = this.changedSinceCopy;
      this.fresh = false;
    } finally {
      this.changedSinceCopy = undefined;
    }
  }

  private static empty(): Built {
    const steps = ReportFigureIndex.build(new Columns(), 0, FIGURE_DIMENSIONS.map(() => []), FIGURE_DIMENSIONS.map(() => 0));
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** The built part from slots: counting sorts by day and group, then the matrices, a step at a time. */
  private static *build(c: Columns, combos: number, comboDims: number[][], groupCounts: number[]): Generator<void, Built, void> {
    let count = 0;
    for (let slot = 0; slot < c.length; slot++) if (c.flags[slot] & PRESENT) count++;
    const present = new Int32Array(count);
    count = 0;
    for (let slot = 0; slot < c.length; slot++) if (c.flags[slot] & PRESENT) present[count++] = slot;
    const createdDay = daysOf(c.created);
    yield;

    // Created: by day, then by time within each day (exact order: the backlog's ages are read by position).
    const createdSlots = timed(present, c.created);
    const [firstDay, lastDay] = bounds(createdSlots, createdDay);
    const byDay = countingSort(createdSlots, createdDay, firstDay, lastDay - firstDay + 1);
    const createdOrder = byDay.order;
    // Within a day: whole milliseconds since the day's start (< 2^27) and the position in the day (< 2^26), packed
    // into one number and sorted natively.
    let sortedSinceYield = 0;
    for (let d = 0; d + 1 < byDay.offsets.length; d++) {
      const [from, to] = [byDay.offsets[d], byDay.offsets[d + 1]];
      if (to - from < 2) continue;
      sortedSinceYield += to - from;
      if (sortedSinceYield > STEP_ITEMS) {
        sortedSinceYield = 0;
        yield;
      }
      const start = (firstDay + d) * DAY - TOWN_OFFSET;
      const packed = new Float64Array(to - from);
      for (let i = from; i < to; i++) packed[i - from] = Math.floor(c.created[createdOrder[i]] - start) * 2 ** 26 + (i - from);
      packed.sort();
      const slots = createdOrder.slice(from, to);
      for (let i = 0; i < packed.length; i++) createdOrder[from + i] = slots[packed[i] % 2 ** 26];
    }
    yield;
    const n = createdOrder.length;
    const createdTimes = new Float64Array(n);
    const createdDays = new Int32Array(n);
    // Open until: a code per day (0: never open; the last: still open).
    const until = new Float64Array(n);
    let untilFirst = 0;
    let untilLast = -1;
    let anyUntil = false;
    for (let i = 0; i < n; i++) {
      const slot = createdOrder[i];
      createdTimes[i] = c.created[slot];
      createdDays[i] = createdDay[slot];
      const closedAt = c.closed[slot];
      until[i] = c.flags[slot] & IS_OPEN && closedAt !== closedAt ? Infinity : closedAt === closedAt ? closedAt : -Infinity;
      if (closedAt === closedAt) {
        const day = townDay(closedAt);
        if (!anyUntil || day < untilFirst) untilFirst = day;
        if (!anyUntil || day > untilLast) untilLast = day;
        anyUntil = true;
      }
    }
    const lastCode = (anyUntil ? untilLast - untilFirst + 1 : 0) + 1;
    const untilCodes = new Uint32Array(n);
    for (let i = 0; i < n; i++) untilCodes[i] = until[i] === -Infinity ? 0 : until[i] === Infinity ? lastCode : townDay(until[i]) - untilFirst + 1;
    const openUntilMatrix = yield* WaveletMatrix.build(untilCodes, WaveletMatrix.levelsFor(lastCode + 1));

    // Received: the creation order, by combination (stable: days stay ascending within each).
    const received = countingSort(createdOrder, c.combo, 0, combos);
    const receivedDays = new Int32Array(n);
    for (let i = 0; i < n; i++) receivedDays[i] = createdDay[received.order[i]];
    yield;

    // Closed: by day, then by combination; how many on time before each position.
    const closedDay = daysOf(c.closed);
    const closedSlots = timed(present, c.closed);
    const [closedFirst, closedLast] = bounds(closedSlots, closedDay);
    const closed = countingSort(countingSort(closedSlots, closedDay, closedFirst, closedLast - closedFirst + 1).order, c.combo, 0, combos);
    const closedDays = new Int32Array(closed.order.length);
    const closedOnTime = new Int32Array(closed.order.length + 1);
    for (let i = 0; i < closed.order.length; i++) {
      const slot = closed.order[i];
      closedDays[i] = closedDay[slot];
      closedOnTime[i + 1] = closedOnTime[i] + (c.flags[slot] & ON_TIME ? 1 : 0);
    }
    // Each slot's group in each dimension.
    const groupOfSlot = FIGURE_DIMENSIONS.map((_, d) => {
      const codes = new Int32Array(c.length);
      for (let i = 0; i < present.length; i++) codes[present[i]] = comboDims[d][c.combo[present[i]]];
      return codes;
    });
    const noGroup = new Int32Array(c.length);
    yield;

    // The durations: every one by day, and by group of each dimension then day; their ranks in a matrix per order.
    const lists: BuiltList[] = [];
    for (let list = 0; list < LISTS; list++) {
      const duration = new Float64Array(c.length).fill(NaN);
      const eventDay = new Int32Array(c.length);
      let members = 0;
      for (let i = 0; i < present.length; i++) {
        const slot = present[i];
        const value = list === 0 ? c.responded[slot] - c.created[slot] : c.flags[slot] & RESOLVED ? c.closed[slot] - c.created[slot] : NaN;
        if (value !== value) continue;
        duration[slot] = value;
        eventDay[slot] = townDay(list === 0 ? c.responded[slot] : c.closed[slot]);
        members++;
      }
      const slots = timed(present, duration);
      const sorted = new Float64Array(members);
      for (let i = 0; i < members; i++) sorted[i] = duration[slots[i]];
      sorted.sort();
      let distinct = 0;
      for (let i = 0; i < members; i++) if (distinct === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i];
      const values = sorted.slice(0, distinct);
      yield;
      const rank = new Uint32Array(c.length);
      for (let i = 0; i < members; i++) {
        rank[slots[i]] = lowerBound(values, duration[slots[i]]);
        if (i % STEP_ITEMS === STEP_ITEMS - 1) yield;
      }
      const [dayFirst, dayLast] = bounds(slots, eventDay);
      const byEventDay = countingSort(slots, eventDay, dayFirst, dayLast - dayFirst + 1).order;
      yield;
      const levels = WaveletMatrix.levelsFor(Math.max(1, distinct));
      const orders: Ordering[] = [];
      const groupKeys = [noGroup, ...groupOfSlot];
      const sizes = [1, ...groupCounts];
      for (let o = 0; o < groupKeys.length; o++) {
        const grouped = countingSort(byEventDay, groupKeys[o], 0, sizes[o]);
        const ranks = new Uint32Array(members);
        const days = new Int32Array(members);
        for (let i = 0; i < members; i++) {
          const slot = grouped.order[i];
          ranks[i] = rank[slot];
          days[i] = eventDay[slot];
        }
        const matrix = yield* WaveletMatrix.build(ranks, levels);
        orders.push({ offsets: grouped.offsets, days, ranks: matrix });
      }
      lists.push({ values, orders });
    }
    return {
      combos,
      receivedOffsets: received.offsets,
      receivedDays,
      closedOffsets: closed.offsets,
      closedDays,
      closedOnTime,
      createdTimes,
      createdDays,
      openUntil: openUntilMatrix,
      openUntilFirstDay: untilFirst,
      openUntilLastCode: lastCode,
      lists,
    };
  }

  /** The written slots whose state differs from the built part's. */
  private corrections(): Change[] {
    const changes: Change[] = [];
    if (this.fresh) {
      for (const slot of this.slotOfId.values()) changes.push({ slot, built: null, now: this.live.state(slot) });
      return changes;
    }
    for (const [slot, built] of this.changed) {
      const now = this.live.state(slot);
      if (!sameState(built, now)) changes.push({ slot, built, now });
    }
    return changes;
  }

  /** Reports created within [from, to) (milliseconds): the built creation list's range, corrected. */
  createdBetween(from: number, to: number): number {
    const b = this.built;
    let count = lowerBound(b.createdTimes, to) - lowerBound(b.createdTimes, from);
    for (const change of this.corrections()) {
      if (change.built && change.built.created >= from && change.built.created < to) count--;
      if (change.now && change.now.created >= from && change.now.created < to) count++;
    }
    return count;
  }

  /**
   * The dashboard's counts (GET /api/reports/stats without a creation range), as the grouped counts over the table
   * gave them: every report by effective status; by type, zone and priority as stored (an empty type under
   * « Autres », an empty zone under « Non définie », an empty priority nowhere; an empty string nowhere); with
   * `weeks` (starts, then the last one's end) the reports created within each.
   */
  stats(weeks: Date[] = []): ReportStats {
    const status: [ReportStatus, number][] = [];
    const type: [string | null, number][] = [];
    const zone: [string | null, number][] = [];
    const priority: [string | null, number][] = [];
    this.statsKeys.names.forEach((name, code) => {
      const count = this.statsCounts[code] ?? 0;
      if (!count) return;
      const key = JSON.parse(name) as [ReportStatus, string | null, string | null, string | null];
      status.push([key[0], count]);
      type.push([key[1], count]);
      zone.push([key[2], count]);
      priority.push([key[3], count]);
    });
    const weekly = weeks.slice(0, -1).map((start, i) => this.createdBetween(start.getTime(), weeks[i + 1].getTime()));
    return reportStatsFrom({ status, type, zone, priority }, weekly);
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
    const previous = previousPeriod(period);
    const days = (p: Period) => {
      const { start, end } = periodBounds(p);
      return { from: townDay(start.getTime()), to: townDay(end.getTime()), end: end.getTime() };
    };
    const cur = days(period);
    const prev = days(previous);
    const b = this.built;
    const combos = this.combos.names.length;
    const changes = this.corrections();
    const inDays = (t: number, p: { from: number; to: number }) => t === t && townDay(t) >= p.from && townDay(t) < p.to;

    // Received and closed per combination in the period: ranges of the built lists, corrected.
    const received = new Int32Array(combos);
    const closed = new Int32Array(combos);
    const onTime = new Int32Array(combos);
    let previousReceived = 0;
    let previousClosed = 0;
    let previousOnTime = 0;
    for (let combo = 0; combo < b.combos; combo++) {
      const [rFrom, rTo] = [b.receivedOffsets[combo], b.receivedOffsets[combo + 1]];
      received[combo] = lowerBound(b.receivedDays, cur.to, rFrom, rTo) - lowerBound(b.receivedDays, cur.from, rFrom, rTo);
      const [cFrom, cTo] = [b.closedOffsets[combo], b.closedOffsets[combo + 1]];
      const [cs, ce] = [lowerBound(b.closedDays, cur.from, cFrom, cTo), lowerBound(b.closedDays, cur.to, cFrom, cTo)];
      closed[combo] = ce - cs;
      onTime[combo] = b.closedOnTime[ce] - b.closedOnTime[cs];
      const [ps, pe] = [lowerBound(b.closedDays, prev.from, cFrom, cTo), lowerBound(b.closedDays, prev.to, cFrom, cTo)];
      previousClosed += pe - ps;
      previousOnTime += b.closedOnTime[pe] - b.closedOnTime[ps];
    }
    previousReceived = lowerBound(b.createdDays, prev.to) - lowerBound(b.createdDays, prev.from);
    for (const change of changes) {
      for (const [s, sign] of [
        [change.built, -1],
        [change.now, 1],
      ] as const) {
        if (!s) continue;
        if (inDays(s.created, cur)) received[s.combo] += sign;
        if (inDays(s.created, prev)) previousReceived += sign;
        if (inDays(s.closed, cur)) {
          closed[s.combo] += sign;
          if (s.flags & ON_TIME) onTime[s.combo] += sign;
        }
        if (inDays(s.closed, prev)) {
          previousClosed += sign;
          if (s.flags & ON_TIME) previousOnTime += sign;
        }
      }
    }

    const response = this.durations(0, cur, prev, changes);
    const resolution = this.durations(1, cur, prev, changes);
    const sum = (perCombo: Int32Array) => perCombo.reduce((total, n) => total + n, 0);
    const totals = (r: number, c: number, good: number, p: typeof cur, which: 'current' | 'previous'): PeriodTotals => ({
      received: r,
      closed: c,
      backlog: this.backlog(p, now, changes),
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
      current: totals(sum(received), sum(closed), sum(onTime), cur, 'current'),
      previous: totals(previousReceived, previousClosed, previousOnTime, prev, 'previous'),
      byType: at('type'),
      byZone: at('zone'),
      byService: at('service'),
      byPriority: at('priority'),
      density,
    };
  }

  /**
   * The durations of one list whose event (first response, resolution) falls in each period: how many, the median
   * and the 90th percentile, for the period, each of its groups, and the period before.
   */
  private durations(list: number, cur: { from: number; to: number }, prev: { from: number; to: number }, changes: Change[]) {
    const built = this.built.lists[list];
    const groupSizes = this.dimensions.map((d) => d.names.length);
    // Corrections: per order (0 every duration, 1 + d by group), per group, and for the period before.
    const perGroup = groupSizes.map(() => new Map<number, Corrections>());
    const all = new Corrections();
    const before = new Corrections();
    if (changes.length) {
      const get = (d: number, code: number) => {
        let c = perGroup[d].get(code);
        if (!c) perGroup[d].set(code, (c = new Corrections()));
        return c;
      };
      for (const change of changes) {
        for (const [s, side] of [
          [change.built, 'removed'],
          [change.now, 'added'],
        ] as const) {
          if (!s) continue;
          const duration = durationOf(s, list);
          if (duration !== duration) continue;
          const day = townDay(eventOf(s, list));
          if (day >= cur.from && day < cur.to) {
            all[side].push(duration);
            for (let d = 0; d < DIMENSIONS; d++) get(d, this.comboDims[d][s.combo])[side].push(duration);
          } else if (day >= prev.from && day < prev.to) before[side].push(duration);
        }
      }
      all.sorted();
      before.sorted();
      for (const groups of perGroup) for (const c of groups.values()) c.sorted();
    }
    const figuresOf = (order: Ordering | undefined, group: number, p: { from: number; to: number }, c: Corrections): Durations => {
      let from = 0;
      let to = 0;
      if (order && group + 1 < order.offsets.length) {
        const [gFrom, gTo] = [order.offsets[group], order.offsets[group + 1]];
        from = lowerBound(order.days, p.from, gFrom, gTo);
        to = lowerBound(order.days, p.to, gFrom, gTo);
      }
      const count = to - from + c.size;
      if (count <= 0) return { count: 0, median: null, p90: null };
      const kth = (k: number) => {
        if (c.empty) return built.values[order!.ranks.kth(from, to, k)];
        const matrix = order?.ranks;
        return kthCorrected(k, (v) => (matrix ? matrix.countLess(from, to, upperBound(built.values, v)) : 0), built.values, built.values.length, c);
      };
      return { count, median: hours(kth(rankOf(count, 0.5) - 1)), p90: hours(kth(rankOf(count, 0.9) - 1)) };
    };
    const groups = groupSizes.map((size, d) => Array.from({ length: size }, (_, code) => figuresOf(built.orders[1 + d], code, cur, perGroup[d].get(code) ?? new Corrections())));
    return { current: figuresOf(built.orders[0], 0, cur, all), previous: figuresOf(built.orders[0], 0, prev, before), groups };
  }

  /**
   * Open at a period's end (created before it, not closed before it) and how old, in days at its end (or now if
   * sooner): the median's and the 90th percentile's ranks counted from the youngest.
   */
  private backlog(p: { to: number; end: number }, now: number, changes: Change[]): PeriodTotals['backlog'] {
    const b = this.built;
    const created = lowerBound(b.createdDays, p.to);
    // Open at the end: stopped being open on the end's day or later (or never closed).
    const code = Math.min(Math.max(p.to - b.openUntilFirstDay + 1, 1), b.openUntilLastCode);
    const openAtEnd = (s: State) => s.created === s.created && townDay(s.created) < p.to && (openUntil(s) === Infinity || (openUntil(s) !== -Infinity && townDay(openUntil(s)) >= p.to));
    const c = new Corrections();
    for (const change of changes) {
      if (change.built && openAtEnd(change.built)) c.removed.push(change.built.created);
      if (change.now && openAtEnd(change.now)) c.added.push(change.now.created);
    }
    c.sorted();
    const builtCount = created - b.openUntil.countLess(0, created, code);
    const count = builtCount + c.size;
    const asOf = Math.min(p.end, now);
    if (count <= 0) return { count: 0, ageDays: { count: 0, median: null, p90: null } };
    // The ascending rank of the one at `share` counted from the youngest.
    const createdAt = (share: number) => {
      const k = count - rankOf(count, share);
      if (c.empty) {
        // The smallest prefix holding k + 1 of them: its last report.
        let lo = 1;
        let hi = created;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (mid - b.openUntil.countLess(0, mid, code) > k) hi = mid;
          else lo = mid + 1;
        }
        return b.createdTimes[lo - 1];
      }
      const atMost = (v: number) => {
        const prefix = Math.min(created, upperBound(b.createdTimes, v));
        return prefix - b.openUntil.countLess(0, prefix, code);
      };
      return kthCorrected(k, atMost, b.createdTimes, created, c);
    };
    const age = (share: number) => Math.max(0, asOf - createdAt(share)) / DAY;
    return { count, ageDays: { count, median: age(0.5), p90: age(0.9) } };
  }
}
