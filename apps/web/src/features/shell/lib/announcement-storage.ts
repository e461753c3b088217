import { STORAGE_KEYS } from '@dars/contract/plain';

const KEY = STORAGE_KEYS.announcementDismissed;

/**
 * Whether this announcement was closed before on this device. The closed text itself is
 * kept, so a new announcement (a different text) is shown again (spec §4).
 * @example isAnnouncementDismissed(settings.general_announcement)
 */
export function isAnnouncementDismissed(text: string): boolean {
  try {
    return window.localStorage.getItem(KEY) === text;
  } catch {
    // Without storage the announcement would show on every page: treat it as seen.
    return true;
  }
}

/** @example dismissAnnouncement(text) // when the dialog is closed */
export function dismissAnnouncement(text: string): void {
  try {
    window.localStorage.setItem(KEY, text);
  } catch {
    // Nothing to remember it in; it is closed for this visit all the same.
  }
}
