import { NOTIFICATIONS_BADGE_CAP } from '@dars/contract/plain';
import { t } from '../../../i18n/t';

/**
 * What the bell's badge reads: nothing for 0, the count up to 99, then '+99' (spec §9).
 * @example badgeText(150) // '+99'
 */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > NOTIFICATIONS_BADGE_CAP ? t('notifications.badgeCap') : String(count);
}
