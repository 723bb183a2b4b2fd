import type { ComponentType } from 'react';
import type { RaRecord } from 'ra-core';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import { fr } from '../../i18n/fr';
import type { ActionConfig, ActionDialogProps, ActionMessages, ResourceConfig, Row } from '../types';

/** An action as the menus and buttons use it: a built-in one (show, edit, delete) or the config's. */
export interface ResolvedAction {
  id: string;
  label: string;
  bulkLabel: string;
  icon?: ComponentType<{ fontSize?: 'small' }>;
  /** The react-admin action canAccess checks. */
  access: string;
  kind: 'show' | 'edit' | 'delete' | 'dialog' | 'update';
  dialog?: ComponentType<ActionDialogProps>;
  update?: Row;
  messages?: ActionMessages;
  visible?: (record: RaRecord) => boolean;
  confirm?: ActionConfig['confirm'];
}

const BUILT_IN: Record<'show' | 'edit' | 'delete', ResolvedAction> = {
  show: { id: 'show', label: fr.generic.view, bulkLabel: fr.generic.view, icon: ViewIcon, access: 'show', kind: 'show' },
  edit: { id: 'edit', label: fr.generic.edit, bulkLabel: fr.generic.edit, icon: EditIcon, access: 'edit', kind: 'edit' },
  delete: { id: 'delete', label: fr.generic.delete, bulkLabel: fr.generic.delete, icon: DeleteIcon, access: 'delete', kind: 'delete' },
};

function resolveCustom(action: ActionConfig): ResolvedAction {
  return {
    id: action.id,
    label: action.label,
    bulkLabel: action.bulkLabel ?? action.label,
    icon: action.icon,
    access: action.access,
    kind: action.dialog ? 'dialog' : 'update',
    dialog: action.dialog,
    update: action.update,
    messages: action.messages,
    visible: action.visible,
    confirm: action.confirm,
  };
}

/** Every action of a resource by id. */
export function resolveActions(config: ResourceConfig): Record<string, ResolvedAction> {
  const all: Record<string, ResolvedAction> = { ...BUILT_IN };
  for (const action of config.actions?.custom ?? []) all[action.id] = resolveCustom(action);
  return all;
}

/** The ids of the row menu, the bulk menu and the detail buttons; defaults follow the views the resource has. */
export function actionLists(config: ResourceConfig): { row: string[]; bulk: string[]; detail: string[] } {
  const { views, actions } = config;
  const defaults = {
    row: [...(views.detail ? ['show'] : []), ...(views.edit ? ['edit'] : []), 'delete'],
    bulk: ['delete'],
    detail: [...(views.edit ? ['edit'] : []), 'delete'],
  };
  return { row: actions?.row ?? defaults.row, bulk: actions?.bulk ?? defaults.bulk, detail: actions?.detail ?? defaults.detail };
}

/** The distinct react-admin actions to ask canAccess about. */
export function accessesOf(actions: Record<string, ResolvedAction>, extra: string[] = []): string[] {
  return [...new Set([...Object.values(actions).map((a) => a.access), ...extra])].sort();
}
