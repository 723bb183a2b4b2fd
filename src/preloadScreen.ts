import { RESOURCES } from '@mamoudzou/domain/resources';

/** The paths whose screen is the generic list (every resource with a URL but the settings and the roles). */
const LIST_PATHS = new Set(RESOURCES.filter((row) => row.path && row.kind !== 'single' && row.kind !== 'roles').map((row) => row.path!));

/**
 * A cold load asks the chunk of the screen it opens together with the app's shell, not once the
 * session check and the data calls have answered (the dashboard's chunk came after them, a round
 * trip or two later on a phone). The same `import()` the routes make: the browser loads it once.
 */
export function preloadScreen(pathname: string) {
  if (pathname === '/') void import('./custom/dashboard/Dashboard').catch(() => undefined);
  else if (LIST_PATHS.has(pathname.split('/')[1])) void import('./generic/list/ResourceListPage').catch(() => undefined);
}
