import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { pluralize } from '@dars/ui/format';
import { countsArabic, type CountNoun } from './counts-ar';

/**
 * A count with its noun in the Arabic form that fits (`pluralize`, the student app's rule),
 * the forms read from the catalogue (`dars.counts.<noun>`).
 * @example const count = useCount(); count(11, 'student') // '11 طالبًا'
 */
export function useCount(): (n: number, noun: CountNoun) => string {
  const translate = useTranslate();
  return useCallback(
    (n: number, noun: CountNoun) => {
      const form = (key: string) => translate(`dars.counts.${noun}.${key}`);
      return pluralize(n, {
        // A noun without a zero form reads 0 as «0 <many>».
        ...('zero' in countsArabic[noun] ? { zero: form('zero') } : {}),
        one: form('one'),
        two: form('two'),
        few: form('few'),
        many: form('many'),
        ...('other' in countsArabic[noun] ? { other: form('other') } : {}),
      });
    },
    [translate],
  );
}
