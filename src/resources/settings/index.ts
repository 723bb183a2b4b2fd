import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { SETTINGS_RESOURCE } from '../../providers/settings';
import { messages } from './messages';
import type { ResourceConfig } from '../../generic/types';

/** The settings single type (/api/setting), read by the layout (town name) and the Paramétrages screen. */
export const settings: ResourceConfig = {
  name: SETTINGS_RESOURCE,
  endpoint: 'setting',
  kind: 'single',
  label: messages.title,
  recordLabel: messages.title,
  icon: SettingsIcon,
  menu: false,
  access: { module: 'parametrages' },
  fields: [],
  list: { columns: [], sort: { field: 'id', order: 'ASC' } },
  views: {},
};
