import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import IntegrationIcon from '@mui/icons-material/HubOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import StatisticsIcon from '@mui/icons-material/InsightsOutlined';
import { lazyWithPreload, type PreloadableComponent } from '../common/lazyWithPreload';
import type { AccessConfig, MenuPlace } from '../generic/types';
import { fr } from '../i18n/fr';

/**
 * The screens that are not a resource, declared like resources: where they live, where the menu
 * shows them and who may open them. App.tsx routes and guards them from this table, the menu lists
 * them from it, and the auth provider's canAccess reads their access from it.
 */
export interface PageConfig {
  /** The name canAccess knows the page by. */
  name: string;
  path: string;
  /** The page has addresses below its path: its tabs (/parametrages/securite). */
  nestedRoutes?: boolean;
  label: string;
  icon: ComponentType;
  menu: MenuPlace;
  /** None: every logged-in user. */
  access?: AccessConfig;
  /** The page, its own chunk (preloaded with the app's on a cold load of its address: AppRoot.tsx). */
  component: PreloadableComponent;
}

export const DASHBOARD_PAGE = 'dashboard';
/** Mon profil: opened from the user menu, not listed in the sidebar. */
export const PROFILE_PATH = '/profil';

export const pages: PageConfig[] = [
  {
    name: DASHBOARD_PAGE,
    path: '/',
    label: fr.menu.dashboard,
    icon: DashboardIcon,
    menu: { group: 'principal', order: 0 },
    component: lazyWithPreload(() => import('./dashboard/Dashboard')),
  },
  {
    name: 'statistiques',
    path: '/statistiques',
    label: fr.menu.statistics,
    icon: StatisticsIcon,
    menu: { group: 'principal', order: 2 },
    // Those who read the reports: the figures are theirs.
    access: { module: 'signalements' },
    component: lazyWithPreload(() => import('./statistics/StatisticsPage')),
  },
  {
    name: 'parametrages',
    path: '/parametrages',
    nestedRoutes: true,
    label: fr.menu.settings,
    icon: SettingsIcon,
    menu: { group: 'gestion', order: 3 },
    // Those who change settings (an Editor changes three of the six tabs); everyone reads them elsewhere.
    access: { module: 'parametrages', action: 'edit' },
    component: lazyWithPreload(() => import('./settings/SettingsPage')),
  },
  {
    name: 'integrations',
    path: '/integrations',
    label: fr.menu.integrations,
    icon: IntegrationIcon,
    menu: { group: 'administration', order: 2 },
    access: { module: 'integrations' },
    component: lazyWithPreload(() => import('./integrations/IntegrationsPage')),
  },
  {
    name: 'profil',
    path: PROFILE_PATH,
    label: fr.profile.title,
    icon: PersonIcon,
    menu: false,
    component: lazyWithPreload(() => import('./pages/ProfilePage')),
  },
];

/** The page at an address (its tabs included), if it is one of the table's. */
export function pageAt(pathname: string): PageConfig | undefined {
  return pages.find((page) => pathname === page.path || (page.nestedRoutes && pathname.startsWith(`${page.path}/`)));
}
