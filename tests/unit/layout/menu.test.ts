import { describe, expect, it } from 'vitest';
import { buildMenu, isActivePath, type MenuItem } from '../../../src/custom/layout/menu';
import { isToggleShortcut, readSidebarCookie } from '../../../src/custom/layout/sidebarState';

describe('active item rule', () => {
  it('matches the path and what is under it; / only exactly', () => {
    expect(isActivePath('/signalements', '/signalements')).toBe(true);
    expect(isActivePath('/signalements', '/signalements/abc/show')).toBe(true);
    expect(isActivePath('/poi', '/poix')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/signalements')).toBe(false);
  });
});

describe('buildMenu', () => {
  const Icon = () => null;
  const items: MenuItem[] = [
    { key: 'integrations', label: 'Intégrations', path: '/integrations', icon: Icon, group: 'administration', order: 2 },
    { key: 'parametrages', label: 'Paramétrages', path: '/parametrages', icon: Icon, group: 'gestion', order: 3 },
    { key: 'notifications', label: 'Notifications', path: '/notifications', icon: Icon, group: 'gestion', order: 1 },
    { key: 'dashboard', label: 'Dashboard', path: '/', icon: Icon, group: 'principal', order: 0 },
  ];

  it('keeps the groups and items in order and drops what canAccess refuses', () => {
    const all = buildMenu(items, () => true).map((g) => [g.label, g.items.map((i) => i.label)]);
    expect(all).toEqual([
      ['Principal', ['Dashboard']],
      ['Gestion', ['Notifications', 'Paramétrages']],
      ['Administration', ['Intégrations']],
    ]);
    expect(buildMenu(items, (key) => key === 'dashboard').map((g) => g.label)).toEqual(['Principal']);
    expect(buildMenu(items, (key) => key !== 'parametrages' && key !== 'integrations').map((g) => g.items.map((i) => i.label))).toEqual([['Dashboard'], ['Notifications']]);
  });
});

describe('sidebar state', () => {
  it('reads the cookie sidebar:state', () => {
    expect(readSidebarCookie('a=1; sidebar:state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar:state=true')).toBe(true);
    expect(readSidebarCookie('other=1')).toBeUndefined();
  });

  it('knows Ctrl+B and Cmd+B', () => {
    const key = (init: Partial<KeyboardEvent>) => ({ key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;
    expect(isToggleShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ metaKey: true, key: 'B' }))).toBe(true);
    expect(isToggleShortcut(key({}))).toBe(false);
    expect(isToggleShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
