import { lazy, type ComponentType } from 'react';
import { RequireAdmin } from '../../custom/access/RequireAdmin';
import type { ResourceConfig, ViewSpec } from '../types';

/**
 * From a config to the props of react-admin's <Resource>: the views (the generic ones, or the
 * resource's own, each a lazy chunk), admin-only views behind the role guard, and the options the
 * menu and the generic views read (label, group, icon, access, the config itself).
 */

const GenericList = lazy(() => import('./ConfigList'));
const GenericCreate = lazy(() => import('./ConfigForm').then((m) => ({ default: m.ConfigCreate })));
const GenericEdit = lazy(() => import('./ConfigForm').then((m) => ({ default: m.ConfigEdit })));
const GenericShow = lazy(() => import('./ConfigShow'));

function view(config: ResourceConfig, spec: ViewSpec | undefined, generic: ComponentType): ComponentType | undefined {
  if (!spec) return undefined;
  const Inner = spec === true ? generic : spec;
  if (!config.access.adminOnly) return Inner;
  const Guarded = () => (
    <RequireAdmin>
      <Inner />
    </RequireAdmin>
  );
  Guarded.displayName = `Admin(${config.name})`;
  return Guarded;
}

export interface ResourceOptions {
  label: string;
  menu: ResourceConfig['menu'];
  access: ResourceConfig['access'];
  config: ResourceConfig;
}

export function resourceProps(config: ResourceConfig) {
  return {
    name: config.name,
    icon: config.icon,
    list: view(config, config.views.list, GenericList),
    create: view(config, config.views.create, GenericCreate),
    edit: view(config, config.views.edit, GenericEdit),
    show: view(config, config.views.show, GenericShow),
    recordRepresentation: config.recordRepresentation,
    options: { label: config.label, menu: config.menu, access: config.access, config } satisfies ResourceOptions,
  };
}
