import type { Video } from '@dars/contract';
import { t } from '../../../i18n/t';

/**
 * The attendance chip's text (spec §2): the video's own text, else 'أساسي' for a required
 * video; null when the chip is hidden or there is nothing to say.
 * @example attendanceChipText({ hide_attendance_chips: false, attendance_required: true, attendance_chip_text: null }) // 'أساسي'
 */
export function attendanceChipText(
  video: Pick<Video, 'hide_attendance_chips' | 'attendance_required' | 'attendance_chip_text'>,
): string | null {
  if (video.hide_attendance_chips) return null;
  const own = video.attendance_chip_text?.trim();
  if (own) return own;
  return video.attendance_required ? t('lectureDialog.attendanceDefault') : null;
}
