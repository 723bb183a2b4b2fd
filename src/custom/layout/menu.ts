import type { ComponentType } from 'react';
import type { MenuGroup } from '../../generic/types';
import { fr } from '../../i18n/fr';

/** The sidebar's four groups (principal, contenus, gestion, administration); resources and pages bring their items. */
export interface MenuItem {
  /** The resource or page name canAccess knows. */
  key: string;
  label: string;
  path: string;
  icon: ComponentType;
  group: MenuGroup;
  order: number;
  /** A resource's count beside its label (its records matching the filter). */
  count?: { filter: Record<string, unknown>; label: string };
}

export const MENU_GROUPS: { id: MenuGroup; label: string }[] = [
  { id: 'principal', label: fr.menu.groups.principal },
  { id: 'contenus', label: fr.menu.groups.contenus },
  { id: 'gestion', label: fr.menu.groups.gestion },
  { id: 'administration', label: fr.menu.groups.administration },
];

/** The active item is the one whose path the current path starts with; / matches only exactly. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** The groups with the items the user may open (`allowed`, from canAccess), in order; empty groups are left out. */
export function buildMenu(items: MenuItem[], allowed: (key: string) => boolean) {
  return MENU_GROUPS.map((group) => ({
    ...group,
    items: items.filter((item) => item.group === group.id && allowed(item.key)).sort((a, b) => a.order - b.order),
  })).filter((group) => group.items.length > 0);
}
