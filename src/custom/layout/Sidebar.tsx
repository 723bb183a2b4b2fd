import { useMemo, type ComponentType } from 'react';
import { useGetList, useResourceDefinitions } from 'ra-core';
import { visuallyHidden } from '@mui/utils';
import { Link, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Hint } from '../../common/Hint';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { format, fr } from '../../i18n/fr';
import { useSettings } from '../../providers/settings';
import type { ResourceOptions } from '../../generic/resourceProps';
import { pages } from '../pages';
import { buildMenu, isActivePath, type MenuItem } from './menu';
import { useAccessResources } from '../../common/access/useAccess';

const PAGE_ITEMS: MenuItem[] = pages.flatMap((page) =>
  page.menu ? [{ key: page.name, label: page.label, path: page.path, icon: page.icon, group: page.menu.group, order: page.menu.order }] : [],
);

/** The menu items of the pages and of the resources (read from their definitions, not from the registry). */
function useMenuItems(): MenuItem[] {
  const definitions = useResourceDefinitions();
  return useMemo(
    () => [
      ...PAGE_ITEMS,
      ...Object.values(definitions).flatMap((definition) => {
        const options = definition.options as ResourceOptions | undefined;
        if (!options?.menu || !definition.hasList) return [];
        return [
          {
            key: definition.name,
            label: options.label,
            path: `/${definition.name}`,
            icon: (definition.icon as ComponentType) ?? AccountBalanceIcon,
            group: options.menu.group,
            order: options.menu.order,
            count: options.menu.count,
          },
        ];
      }),
    ],
    [definitions],
  );
}

/** How many records need attention (the reports awaiting moderation): one count query, refreshed with the resource's writes. */
function MenuCount({ resource, count, collapsed }: { resource: string; count: NonNullable<MenuItem['count']>; collapsed: boolean }) {
  const { total } = useGetList(resource, { filter: count.filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } });
  if (!total) return null;
  return (
    <Box
      component="span"
      sx={{
        ...(collapsed ? { position: 'absolute', top: 4, right: 4 } : { ml: 'auto' }),
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        fontWeight: 700,
        lineHeight: '20px',
        textAlign: 'center',
      }}
    >
      <span aria-hidden>{total > 99 ? '99+' : total}</span>
      <Box component="span" sx={visuallyHidden}>{` (${format(count.label, { n: total })})`}</Box>
    </Box>
  );
}

export function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { settings } = useSettings();
  const { pathname } = useLocation();
  const items = useMenuItems();
  // Who may open what: the auth provider's canAccess, asked once for every item.
  const { canAccess } = useAccessResources({ action: 'list', resources: items.map((item) => item.key) });
  const groups = buildMenu(items, (key) => canAccess?.[key] === true);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: collapsed ? 1 : 2,
          minHeight: 64,
          borderBottom: 1,
          borderColor: 'divider',
          justifyContent: collapsed ? 'center' : 'flex-start',
        }}
      >
        <AccountBalanceIcon color="primary" aria-hidden />
        {!collapsed && (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {fr.app.name}
            </Typography>
            <Typography variant="body2" component="p" color="text.secondary" noWrap>
              {settings.siteName || fr.app.defaultTownName}
            </Typography>
          </Box>
        )}
      </Box>
      <Box component="nav" aria-label={fr.app.mainNavigation} sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {groups.map((group) => (
          <Box key={group.id} sx={{ mb: 1 }}>
            {!collapsed && (
              <Typography
                id={`menu-group-${group.id}`}
                component="h2"
                sx={{ px: 3, py: 0.75, fontSize: 12, fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.5, color: 'text.secondary' }}
              >
                {group.label}
              </Typography>
            )}
          <List
            dense
            disablePadding
            aria-labelledby={collapsed ? undefined : `menu-group-${group.id}`}
            aria-label={collapsed ? group.label : undefined}
          >
            {group.items.map((item) => {
              const active = isActivePath(item.path, pathname);
              const Icon = item.icon;
              const button = (
                <ListItemButton
                  component={Link}
                  to={item.path}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  aria-label={collapsed ? item.label : undefined}
                  onClick={onNavigate}
                  sx={{ mx: 1, borderRadius: 1, px: collapsed ? 1 : 1.5, justifyContent: collapsed ? 'center' : 'flex-start' }}
                >
                  <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: active ? 'primary.main' : 'inherit' }}>
                    <Icon aria-hidden />
                  </ListItemIcon>
                  {!collapsed && <ListItemText primary={item.label} />}
                  {item.count && <MenuCount resource={item.key} count={item.count} collapsed={collapsed} />}
                </ListItemButton>
              );
              return (
                <li key={item.key}>
                  {collapsed ? (
                    <Hint title={item.label} placement="right">
                      {button}
                    </Hint>
                  ) : (
                    button
                  )}
                </li>
              );
            })}
          </List>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
