
/**
 * Query building for Strapi 5's REST interface: pagination, sort, populate and filters, serialised
 * in the bracket notation Strapi parses (`filters[title][$containsi]=x`). Pure functions.
 */

export type Populate = string[] | { [relation: string]: true | Populate | Record<string, unknown> };

/** react-admin filter suffixes and the Strapi operators they stand for (longest first when matching). */
export const FILTER_SUFFIXES: [suffix: string, operator: string][] = [
  ['_ncontainsi', '$notContainsi'],
  ['_ncontains', '$notContains'],
  ['_containsi', '$containsi'],
  ['_contains', '$contains'],
  ['_startswithi', '$startsWithi'],
  ['_startswith', '$startsWith'],
  ['_endswithi', '$endsWithi'],
  ['_endswith', '$endsWith'],
  ['_notnull', '$notNull'],
  ['_null', '$null'],
  ['_nin', '$notIn'],
  ['_in', '$in'],
  ['_ne', '$ne'],
  ['_lte', '$lte'],
  ['_lt', '$lt'],
  ['_gte', '$gte'],
  ['_gt', '$gt'],
  ['_eqi', '$eqi'],
  ['_eq', '$eq'],
];

type Filters = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Puts `condition` at the dotted `path` ("role.name" → {role: {name: condition}}), merging with what is there. */
function setPath(target: Filters, path: string, condition: Record<string, unknown>) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {};
    node = node[part] as Filters;
  }
  const last = parts[parts.length - 1];
  node[last] = { ...(isPlainObject(node[last]) ? (node[last] as object) : {}), ...condition };
}

function toBoolean(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

export interface FilterOptions {
  /** Fields the free-text filter `q` searches, case-insensitively. Dotted paths reach relations. */
  searchFields?: string[];
  /**
   * The backend searches: `q` goes as `search=`, matched without case or accents against the record's
   * normalised search text (backend/src/search), instead of `$containsi` over `searchFields`.
   */
  serverSearch?: boolean;
  /** Field react-admin's `id` maps to: documentId for collections, id for users. */
  idField?: string;
}

/**
 * Maps react-admin's filter object to Strapi filters: plain values → $eq, arrays → $in, suffixes
 * (_ne _lt _lte _gt _gte _in _nin _containsi _ncontainsi _startswithi _null ...) → their operator,
 * nested objects → relation filters, and `q` → $or of $containsi over the search fields.
 */
export function buildFilters(filter: Record<string, unknown> = {}, options: FilterOptions = {}): Filters {
  const result: Filters = {};
  const and: Filters[] = [];
  for (const [rawKey, value] of Object.entries(filter)) {
    if (isEmpty(value)) continue;
    if (rawKey === 'q') {
      const text = String(value).trim();
      if (!text || options.serverSearch) continue;
      const fields = options.searchFields ?? [];
      if (fields.length === 0) continue;
      const or = fields.map((field) => {
        const clause: Filters = {};
        setPath(clause, field, { $containsi: text });
        return clause;
      });
      and.push({ $or: or });
      continue;
    }
    if (rawKey === '$or' || rawKey === '$and' || rawKey === '$not') {
      result[rawKey] = value; // already in Strapi's shape
      continue;
    }
    let key = rawKey;
    let operator: string | undefined;
    for (const [suffix, op] of FILTER_SUFFIXES) {
      if (rawKey.endsWith(suffix) && rawKey.length > suffix.length) {
        key = rawKey.slice(0, -suffix.length);
        operator = op;
        break;
      }
    }
    if (key === 'id' && options.idField) key = options.idField;
    if (operator === '$null' || operator === '$notNull') {
      setPath(result, key, { [operator]: toBoolean(value) });
    } else if (operator) {
      setPath(result, key, { [operator]: value });
    } else if (value === null) {
      setPath(result, key, { $null: true });
    } else if (Array.isArray(value)) {
      setPath(result, key, { $in: value });
    } else if (isPlainObject(value)) {
      // A nested filter on a relation ({role: {name: 'Editor'}}): map its keys the same way.
      const nested = buildFilters(value, { idField: undefined });
      const parts = key.split('.');
      let node = result;
      for (const part of parts) {
        if (!isPlainObject(node[part])) node[part] = {};
        node = node[part] as Filters;
      }
      Object.assign(node, nested);
    } else {
      setPath(result, key, { $eq: value });
    }
  }
  if (and.length === 1) {
    if (Object.keys(result).length === 0) return and[0];
    return { $and: [result, ...and] };
  }
  return result;
}

/** A value as qs encodes it (RFC 3986: `!'()*` too). */
const encodeValue = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function appendPairs(pairs: string[], key: string, value: unknown) {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) pairs.push(`${key}=`);
  else if (value instanceof Date) pairs.push(`${key}=${encodeValue(value.toISOString())}`);
  else if (Array.isArray(value)) value.forEach((item, i) => appendPairs(pairs, `${key}[${i}]`, item));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) appendPairs(pairs, `${key}[${k}]`, v);
  else pairs.push(`${key}=${encodeValue(String(value))}`);
}

/**
 * Serialises as Strapi documents it with qs (`qs.stringify(params, { encodeValuesOnly: true,
 * arrayFormat: 'indices' })`, the same output, checked against qs in the unit tests): bracket
 * notation, arrays with their indexes, only values encoded (keys stay readable:
 * `filters[title][$containsi]`), Dates as ISO strings, null as an empty value, undefined left out.
 * Not qs itself: its cycle detection brings side-channel, object-inspect and get-intrinsic, 14 KB
 * gzipped on every screen's first load, for plain objects this module builds.
 */
export function stringifyQuery(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) appendPairs(pairs, key, value);
  return pairs.join('&');
}

export function withQuery(path: string, params: Record<string, unknown>): string {
  const query = stringifyQuery(params);
  return query ? `${path}?${query}` : path;
}

export interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

/** What shapes the rows a query answers: relations and media to populate, scalar fields to select, sort keys to remap. */
export interface SelectionOptions {
  populate?: Populate;
  /** Scalar attributes to select (`fields[0]=title`); empty or absent: all of them. */
  fields?: string[];
  /** react-admin sort key → backend field ("priority" → "priorityRank"), or fields ("featured" → featured, then name). */
  sortFields?: Record<string, string | string[]>;
}

/**
 * `sort[0]=field:dir`, with `id` mapped to `idField` and keys of `sortFields` to the backend field they
 * stand for; a key mapped to several fields sorts on each in turn (`['featured', 'name:asc']`: the
 * requested order on the first, and on any other without its own `:asc` / `:desc`).
 */
export function sortParam(sort: ListParams['sort'], idField = 'id', sortFields: Record<string, string | string[]> = {}): string[] | undefined {
  if (!sort?.field) return undefined;
  const mapped = Object.prototype.hasOwnProperty.call(sortFields, sort.field) ? sortFields[sort.field] : sort.field;
  const order = String(sort.order).toLowerCase() === 'desc' ? 'desc' : 'asc';
  return (Array.isArray(mapped) ? mapped : [mapped]).map((entry) => {
    const [name, fixed] = entry.split(':');
    return `${name === 'id' ? idField : name}:${fixed === 'asc' || fixed === 'desc' ? fixed : order}`;
  });
}

/** The populate parameter, or undefined when there is nothing to populate (never a blanket `*`). */
export function populateParam(populate: Populate | undefined): Populate | undefined {
  if (!populate) return undefined;
  if (Array.isArray(populate)) return populate.length ? populate : undefined;
  return Object.keys(populate).length ? populate : undefined;
}

/** Adds `populate` and `fields` to a query when they say something. */
export function withSelection(query: Record<string, unknown>, { populate, fields }: SelectionOptions): Record<string, unknown> {
  const populated = populateParam(populate);
  if (populated) query.populate = populated;
  if (fields?.length) query.fields = fields;
  return query;
}

/** Query parameters of a collection's getList: pagination[page]/[pageSize], sort[0], filters, populate, fields. */
export function collectionListQuery(params: ListParams, options: FilterOptions & SelectionOptions): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.pagination = { page, pageSize: perPage };
  const sort = sortParam(params.sort, 'id', options.sortFields);
  if (sort) query.sort = sort;
  const filters = buildFilters(params.filter, { searchFields: options.searchFields, serverSearch: options.serverSearch, idField: options.idField ?? 'documentId' });
  if (Object.keys(filters).length) query.filters = filters;
  Object.assign(query, searchParam(params.filter, options));
  return withSelection(query, options);
}

/** `search=` for a backend that searches itself (FilterOptions.serverSearch), when `q` holds text. */
export function searchParam(filter: Record<string, unknown> | undefined, options: FilterOptions): { search?: string } {
  const text = String(filter?.q ?? '').trim();
  return options.serverSearch && text ? { search: text } : {};
}

/** Query parameters of the users endpoint, which pages with start/limit and answers a plain array. */
export function usersListQuery(params: ListParams, options: FilterOptions & SelectionOptions): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.start = (page - 1) * perPage;
  query.limit = perPage;
  const sort = sortParam(params.sort, 'id', options.sortFields);
  if (sort) query.sort = sort;
  const filters = buildFilters(params.filter, { searchFields: options.searchFields, serverSearch: options.serverSearch, idField: 'id' });
  if (Object.keys(filters).length) query.filters = filters;
  Object.assign(query, searchParam(params.filter, options));
  return withSelection(query, options);
}
