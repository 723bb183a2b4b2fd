import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { messages } from './messages';
import { defineResource } from '../../generic/defineResource';

/** The settings single type (/api/setting), read by the layout (town name) and the Paramétrages screen. */
export const settings = defineResource('setting', {
  label: messages.title,
  recordLabel: messages.title,
  icon: SettingsIcon,
  menu: false,
  fields: [],
  list: { columns: [], sort: { field: 'id', order: 'ASC' } },
  views: {},
});

export default settings;
