/** react-admin's notification (the toasts' snackbar), loaded by Admin.tsx with the first toast. */
export { Notification as default } from 'react-admin';
