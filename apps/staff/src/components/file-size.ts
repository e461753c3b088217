import { formatFileSize as formatSize } from '@dars/ui/format';
import { lectureContentsArabic } from '../i18n/lecture-contents-ar';

/**
 * A file size as the student app shows it (packages/ui formatFileSize, the console's unit
 * words): the largest unit it reaches in 1024 steps, one decimal at most, Western digits.
 * @example formatFileSize(1536) // '1.5 كيلوبايت'
 */
export function formatFileSize(bytes: number): string {
  return formatSize(bytes, lectureContentsArabic.size);
}
