import { lazy, Suspense, useState } from 'react';
import { useAppSettings } from '../../../lib/app-settings-context';
import { isAnnouncementDismissed } from '../lib/announcement-storage';

const AnnouncementDialog = lazy(() => import('./announcement-dialog'));

/**
 * Shows `general_announcement` once (spec §4). The dialog's code is loaded only when an
 * announcement is waiting, which on most visits it is not.
 */
export function Announcement() {
  const text = useAppSettings().general_announcement?.trim() ?? '';
  // Read once: the dialog keeps itself open until closed, whatever is stored meanwhile.
  const [pending] = useState(() => text !== '' && !isAnnouncementDismissed(text));
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementDialog text={text} />
    </Suspense>
  );
}
