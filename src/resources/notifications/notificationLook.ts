import type { ComponentType } from 'react';
import ArticleIcon from '@mui/icons-material/NewspaperOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import type { BadgeTone } from '../../common/Badge';

/** Icons by category. */
export const CATEGORY_ICONS: Record<string, ComponentType<{ fontSize?: 'small'; color?: 'action' }>> = {
  signalement: ReportIcon,
  article: ArticleIcon,
  event: EventIcon,
  user: PersonIcon,
  system: SettingsIcon,
};
/** Priority colours: urgent red, high orange, medium yellow, low grey. */
export const PRIORITY_TONES: Record<string, BadgeTone> = { urgent: 'red', high: 'orange', medium: 'amber', low: 'grey' };
