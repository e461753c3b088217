import type { AnswerOption } from '@dars/contract';
import { LONG_ANSWER_CHARS } from '@dars/contract/plain';

/**
 * Whether an answer takes a row of its own: more than 40 characters, or with an image
 * (spec §2); shorter ones sit two to a row.
 * @example isLongAnswer({ text: 'صواب', image_url: null }) // false
 */
export function isLongAnswer(option: Pick<AnswerOption, 'text' | 'image_url'>): boolean {
  return option.text.length > LONG_ANSWER_CHARS || option.image_url !== null;
}
