import type { RaRecord } from 'ra-core';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { CATEGORY_ICONS } from './notificationLook';

/** A notification's icon, by its category, in the bell and on /notifications. */
export default function NotificationIcon({ record }: { record: RaRecord }) {
  const Icon = CATEGORY_ICONS[record.category as string] ?? NotificationsIcon;
  return <Icon fontSize="small" />;
}
