import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the device has to say (« Hors ligne », the changes waiting to be sent) inside a dialog that
 * fills a phone's screen: the app's frame shows it above the screens, where such a dialog covers it
 * (and hides it from assistive technologies). The frame gives the component; dialogs show it.
 */
const DialogNoticesContext = createContext<ComponentType | null>(null);

export const DialogNoticesProvider = DialogNoticesContext.Provider;

/** The frame's notices, in a full-screen dialog (under its title); nothing outside the app's frame. */
export function DialogNotices() {
  const Notices = useContext(DialogNoticesContext);
  return Notices ? <Notices /> : null;
}
