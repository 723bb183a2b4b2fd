import { Suspense, useDeferredValue, type ComponentType, type ReactNode } from 'react';
import { useAuthState } from 'ra-core';
import { Loading, TitlePortal } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import { LazyDrawer, useOverlaysPreload } from '../../common/LazyOverlays';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Hint } from '../../common/Hint';
import MenuIcon from '@mui/icons-material/Menu';
import { useIsPhone } from '../../common/breakpoints';
import { fr } from '../../i18n/fr';
import { AuthChecking } from '../../common/access/AuthChecking';
import { useQueuedToasts } from '../../common/toast';
import { CreateMenu } from './CreateMenu';
import { GlobalSearch } from './GlobalSearch';
import { NotificationBell } from './NotificationBell';
import { RealtimeSync } from './RealtimeSync';
import { MaintenanceBanner, MaintenanceGate } from './Maintenance';
import { SidebarContent } from './Sidebar';
import {
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  useSidebarState,
} from './sidebarState';
import { ThemeMenu } from './ThemeMenu';
import { DialogNoticesProvider } from '../../common/DialogNotices';
import { DeviceNotices, OfflineNotice } from './DeviceNotices';
import { UserMenu } from './UserMenu';

/**
 * The frame of every logged-in screen. Unauthenticated visitors are sent to /login with the
 * location they asked for (history replaced) after "Vérification de l'authentification...".
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { authenticated, isPending: checking } = useAuthState(undefined, false);
  // The screen under the guard rendered as a transition once the session is confirmed: in React's slices, not one
  // long task of the whole layout and page (react-query's answer reaches React through useSyncExternalStore).
  const isPending = useDeferredValue(checking);
  const location = useLocation();
  if (isPending) return <AuthChecking fullPage />;
  if (!authenticated) {
    return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  return <>{children}</>;
}

export function Frame({ children }: { children: ReactNode }) {
  const isMobile = useIsPhone();
  const { open, mobileOpen, setMobileOpen, toggle } = useSidebarState(isMobile);
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON;
  const expanded = isMobile ? mobileOpen : open;
  useOverlaysPreload(isMobile);

  return (
    // A dialog that fills a phone's screen covers the notices under the app bar: it shows them itself.
    <DialogNoticesProvider value={OfflineNotice}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <a href="#main-content" className="skip-link">
          {fr.app.skipToContent}
        </a>
        {isMobile ? (
          <LazyDrawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            slotProps={{ paper: { id: 'app-sidebar', sx: { width: SIDEBAR_WIDTH_MOBILE } } }}
            ModalProps={{ keepMounted: false }}
          >
            <SidebarContent collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </LazyDrawer>
        ) : (
          <Box
            component="aside"
            id="app-sidebar"
            data-state={open ? 'expanded' : 'collapsed'}
            sx={{
              width,
              flexShrink: 0,
              transition: 'width 200ms ease',
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              position: 'sticky',
              top: 0,
              height: '100vh',
            }}
          >
            <SidebarContent collapsed={!open} />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, pr: { xs: 1, sm: 3 } }}>
              <Hint title={fr.menu.toggleSidebar}>
                <IconButton
                  edge="start"
                  color="inherit"
                  aria-label={fr.menu.toggleSidebar}
                  aria-expanded={expanded}
                  aria-controls="app-sidebar"
                  onClick={toggle}
                >
                  <MenuIcon />
                </IconButton>
              </Hint>
              {/* On a phone the title needs the room: a smaller size, and the theme's choices move into the user menu. */}
              <TitlePortal component="h1" variant="h6" sx={{ fontSize: { xs: 16, md: 20 } }} />
              <GlobalSearch />
              <CreateMenu />
              <NotificationBell />
              {!isMobile && <ThemeMenu />}
              <UserMenu />
            </Toolbar>
          </AppBar>
          <MaintenanceBanner />
          <DeviceNotices />
          <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 1, sm: 2 }, outline: 'none' }}>
            <Suspense fallback={<Loading loadingPrimary="ra.page.loading" loadingSecondary="ra.message.loading" />}>{children}</Suspense>
          </Box>
        </Box>
      </Box>
    </DialogNoticesProvider>
  );
}

/** Every logged-in screen under its guards, in the app's frame (or another: component tests of one screen). */
export default function Layout({ children, frame: ScreenFrame = Frame }: { children: ReactNode; frame?: ComponentType<{ children: ReactNode }> }) {
  // "Connexion réussie" of the standalone login page, shown once the app is there.
  useQueuedToasts();
  return (
    <AuthGate>
      <RealtimeSync />
      <MaintenanceGate>
        <ScreenFrame>{children}</ScreenFrame>
      </MaintenanceGate>
    </AuthGate>
  );
}
