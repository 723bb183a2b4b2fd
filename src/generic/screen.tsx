import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Identifier, RaRecord } from 'ra-core';
import { mayActOnRecord, type RoleRef } from '@mamoudzou/domain/permissions';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';
import { accessesOf, actionLists, resolveActions, type ResolvedAction } from './actions/actions';
import { useAllowed } from './actions/useAllowed';
import { listStoreKey } from './list/listUrl';
import { textsOf, type Texts } from './texts';
import type { ResourceConfig } from './types';
import { usePermissionsNow } from '../common/access/useAccess';

/**
 * The state of one resource's screen: its route (list, create, detail, edit), its texts, the
 * actions the user may run and the one pending (a confirmation or an action dialog). The list, its
 * menus and its dialogs read it; a resource's own slots may too (useResourceScreen).
 */

export type ScreenRoute = { mode: 'list' } | { mode: 'create' } | { mode: 'detail'; id: string } | { mode: 'edit'; id: string };

/** /{name} list, /{name}/create, /{name}/{id} detail (edit when the resource has no detail), /{name}/{id}/edit. */
export function routeOf(pathname: string, name: string, hasDetail: boolean): ScreenRoute {
  const parts = pathname.slice(name.length + 1).split('/').filter(Boolean);
  if (parts.length === 0) return { mode: 'list' };
  if (parts[0] === 'create') return { mode: 'create' };
  const id = decodeURIComponent(parts[0]);
  if (parts[1] === 'edit' || !hasDetail) return { mode: 'edit', id };
  return { mode: 'detail', id };
}

export interface PendingAction {
  action: ResolvedAction;
  ids: Identifier[];
  record?: RaRecord;
}

export interface ResourceScreen {
  config: ResourceConfig;
  texts: Texts;
  /** Where the list remembers its params and selection (the address holds them too: see listUrl.ts). */
  storeKey: string;
  actions: Record<string, ResolvedAction>;
  lists: { row: string[]; bulk: string[]; detail: string[] };
  /** Whether the user may run a react-admin action ('create', 'edit', 'export'...) on this resource. */
  allowed: (access: string) => boolean;
  /** The actions of a menu the user may run on this record (or on a selection when no record). */
  available: (ids: string[], record?: RaRecord) => ResolvedAction[];
  paths: { list: string; create: string; record: (id: Identifier) => string; edit: (id: Identifier) => string };
  /** Opens a record's detail (or its form when the resource has no detail). */
  openRecord: (id: Identifier) => void;
  openEdit: (id: Identifier) => void;
  openCreate: () => void;
  /** Opens the create form with some values filled in (the calendar's day). */
  openCreateWith: (values: Record<string, unknown>) => void;
  run: (actionId: string, ids: Identifier[], record?: RaRecord) => void;
}

/** The action the user started (its confirmation or dialog is open), apart from the screen: opening one renders the dialog alone, not the list and detail behind it. */
export interface PendingActionState {
  pending: PendingAction | null;
  endPending: () => void;
}

/** The screen's route (list, create, detail, edit) apart from the screen: opening a detail renders its dialog, not every card again. */
export interface ScreenRouteState {
  route: ScreenRoute;
  /** Closes the dialog of the route: back to where it was opened from, else the list. */
  closeRoute: () => void;
}

const ScreenContext = createContext<ResourceScreen | null>(null);
const ScreenRouteContext = createContext<ScreenRouteState | null>(null);
const PendingActionContext = createContext<PendingActionState | null>(null);

export function useScreenRoute(): ScreenRouteState {
  const state = useContext(ScreenRouteContext);
  if (!state) throw new Error('useScreenRoute: hors de l’écran d’une ressource');
  return state;
}

export function usePendingAction(): PendingActionState {
  const state = useContext(PendingActionContext);
  if (!state) throw new Error('usePendingAction: hors de l’écran d’une ressource');
  return state;
}

export function useResourceScreen(): ResourceScreen {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('useResourceScreen: hors de l’écran d’une ressource');
  return screen;
}

export function ResourceScreenProvider({ config, children }: { config: ResourceConfig; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const texts = useMemo(() => textsOf(config), [config]);
  const actions = useMemo(() => resolveActions(config), [config]);
  const lists = useMemo(() => actionLists(config), [config]);
  const { allowed } = useAllowed(config.name, accessesOf(actions, ['create', 'export', 'import']));
  // A record's own rule beside the matrix's (an Auteur's own drafts only): the same function the backend applies.
  const { permissions } = usePermissionsNow();
  const module = config.access?.module;
  const [pending, setPending] = useState<PendingAction | null>(null);
  const route = useMemo(() => routeOf(location.pathname, config.name, !!config.views.detail), [location.pathname, config.name, config.views.detail]);

  const base = `/${config.name}`;
  // The list's params and tab (the query string) go with its dialogs: behind a dialog, and after it, the list is as it was.
  const { search } = location;
  const paths = useMemo(
    () => ({
      list: `${base}${search}`,
      create: `${base}/create${search}`,
      record: (id: Identifier) => `${base}/${encodeURIComponent(String(id))}${search}`,
      edit: (id: Identifier) => `${base}/${encodeURIComponent(String(id))}${config.views.detail ? '/edit' : ''}${search}`,
    }),
    [base, config.views.detail, search],
  );
  const here = `${location.pathname}${search}`;
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo;
  // The openers read the address at the moment they run: the same functions from one route to the next, so that
  // the cards and menus holding them are not rendered again by a detail opening or closing (react-router's navigate
  // itself changes with each address).
  const current = useRef({ navigate, here, returnTo });
  current.current = { navigate, here, returnTo };
  const go = useCallback((to: string, options?: NavigateOptions) => current.current.navigate(to, options), []);

  const openRecord = useCallback((id: Identifier) => go(config.views.detail ? paths.record(id) : paths.edit(id)), [config.views.detail, go, paths]);
  const openEdit = useCallback((id: Identifier) => go(paths.edit(id), { state: { returnTo: current.current.here } }), [go, paths]);
  const openCreate = useCallback(() => go(paths.create, { state: { returnTo: current.current.here } }), [go, paths]);
  // react-admin's create form starts from the location state's `record`.
  const openCreateWith = useCallback((values: Record<string, unknown>) => go(paths.create, { state: { returnTo: current.current.here, record: values } }), [go, paths]);
  const closeRoute = useCallback(() => {
    const { here: at, returnTo: back } = current.current;
    go(back && back !== at ? back : paths.list);
  }, [go, paths]);

  const available = useCallback(
    (ids: string[], record?: RaRecord) =>
      ids
        .map((id) => actions[id])
        .filter(
          (action): action is ResolvedAction =>
            !!action &&
            allowed(action.access) &&
            (!record || !module || mayActOnRecord(permissions?.role, module, action.access, record as { id?: unknown; authorId?: unknown; status?: unknown; role?: RoleRef }, permissions?.userId)) &&
            (!record || !action.visible || action.visible(record)),
        ),
    [actions, allowed, module, permissions],
  );

  const run = useCallback(
    (actionId: string, ids: Identifier[], record?: RaRecord) => {
      const action = actions[actionId];
      if (!action) return;
      if (action.kind === 'show') openRecord(ids[0]);
      else if (action.kind === 'edit') openEdit(ids[0]);
      else setPending({ action, ids, record });
    },
    [actions, openEdit, openRecord],
  );

  // One value while nothing it holds changes: every card, menu and the detail read it, and a new object would render them all again.
  const screen: ResourceScreen = useMemo(
    () => ({ config, texts, storeKey: listStoreKey(config), actions, lists, allowed, available, paths, openRecord, openEdit, openCreate, openCreateWith, run }),
    [config, texts, actions, lists, allowed, available, paths, openRecord, openEdit, openCreate, openCreateWith, run],
  );
  const screenRoute = useMemo(() => ({ route, closeRoute }), [route, closeRoute]);
  const endPending = useCallback(() => setPending(null), []);
  const pendingAction = useMemo(() => ({ pending, endPending }), [pending, endPending]);
  return (
    <ScreenContext.Provider value={screen}>
      <ScreenRouteContext.Provider value={screenRoute}>
        <PendingActionContext.Provider value={pendingAction}>{children}</PendingActionContext.Provider>
      </ScreenRouteContext.Provider>
    </ScreenContext.Provider>
  );
}
