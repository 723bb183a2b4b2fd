import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import IntegrationIcon from '@mui/icons-material/HubOutlined';
import { canAccessResource, type AccessRule } from '../../providers/authProvider';
import { fr } from '../../i18n/fr';
import type { MenuGroup } from '../../resources/types';

/**
 * The sidebar's four groups (specification, Layout). Resources bring their own items through
 * their definitions; the custom screens' items are listed here.
 */
export interface MenuItem {
  key: string;
  label: string;
  path: string;
  icon: ComponentType;
  group: MenuGroup;
  order: number;
  access?: AccessRule;
}

export const MENU_GROUPS: { id: MenuGroup; label: string }[] = [
  { id: 'principal', label: fr.menu.groups.principal },
  { id: 'contenus', label: fr.menu.groups.contenus },
  { id: 'gestion', label: fr.menu.groups.gestion },
  { id: 'administration', label: fr.menu.groups.administration },
];

export const CUSTOM_MENU_ITEMS: MenuItem[] = [
  { key: 'dashboard', label: fr.menu.dashboard, path: '/', icon: DashboardIcon, group: 'principal', order: 0 },
  {
    key: 'notifications',
    label: fr.menu.notifications,
    path: '/notifications',
    icon: NotificationsIcon,
    group: 'gestion',
    order: 1,
    access: { module: 'notifications' },
  },
  {
    key: 'parametrages',
    label: fr.menu.settings,
    path: '/parametrages',
    icon: SettingsIcon,
    group: 'gestion',
    order: 3,
    access: { module: 'parametrages', adminOnly: true },
  },
  {
    key: 'integrations',
    label: fr.menu.integrations,
    path: '/integrations',
    icon: IntegrationIcon,
    group: 'administration',
    order: 2,
    access: { module: 'integrations', adminOnly: true },
  },
];

/** The active item is the one whose path the current path starts with; / matches only exactly. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** The groups with the items this role may open, in order; empty groups are left out. */
export function buildMenu(items: MenuItem[], roleName: string | undefined) {
  return MENU_GROUPS.map((group) => ({
    ...group,
    items: items
      .filter((item) => item.group === group.id && canAccessResource(roleName, item.access, 'list'))
      .sort((a, b) => a.order - b.order),
  })).filter((group) => group.items.length > 0);
}
