import { useCallback, useEffect, useState } from 'react';

/**
 * The sidebar's open or collapsed state, kept in the cookie `sidebar:state` for 7 days (the next
 * visits find it as it was left), toggled by Ctrl or Cmd + B.
 */
export const SIDEBAR_COOKIE = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';

export function readSidebarCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean | undefined {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  if (!entry) return undefined;
  const value = entry.slice(SIDEBAR_COOKIE.length + 1);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

export function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** True for Ctrl+B or Cmd+B. */
export const isToggleShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';

export function useSidebarState(isMobile: boolean) {
  const [open, setOpenState] = useState<boolean>(() => readSidebarCookie() ?? true);
  const [mobileOpen, setMobileOpen] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((v) => !v);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isToggleShortcut(event)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { open, setOpen, mobileOpen, setMobileOpen, toggle };
}
