/**
 * The meta of a record's detail and edit queries: a cache entry of its own, since react-admin seeds
 * [resource, 'getOne', {id}] from list rows that hold only the list's fields.
 */
export const DETAIL_META = { view: 'detail' } as const;
