import { describe, expect, it } from 'vitest';
import { buildMenu, CUSTOM_MENU_ITEMS, isActivePath } from '../../../src/custom/layout/menu';
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
  it('keeps the groups in order and drops what the role may not open', () => {
    const admin = buildMenu(CUSTOM_MENU_ITEMS, 'Administrator').map((g) => [g.label, g.items.map((i) => i.label)]);
    expect(admin).toEqual([
      ['Principal', ['Dashboard']],
      ['Gestion', ['Notifications', 'Paramétrages']],
      ['Administration', ['Intégrations']],
    ]);
    expect(buildMenu(CUSTOM_MENU_ITEMS, 'Author').map((g) => g.label)).toEqual(['Principal']);
    expect(buildMenu(CUSTOM_MENU_ITEMS, 'Editor').map((g) => g.items.map((i) => i.label))).toEqual([['Dashboard'], ['Notifications']]);
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
