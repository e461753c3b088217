import { z } from '../zod';
import { VALIDATION_MESSAGES } from '../fields';
import { idSchema } from '../primitives';

/**
 * Inputs the staff schemas share that are not part of the package's surface (the index does
 * not re-export this file): an id, a list of ids, a yes/no, and the lenient list filters.
 */

export const staffId = idSchema(VALIDATION_MESSAGES.choice);
export const staffIdList = z.array(staffId).max(200, { error: 'عدد العناصر أكبر من المسموح' });

export const staffFlag = z.boolean({ error: 'اختر نعم أو لا' });

/** Lenient filter id: not a number is ignored; a number that cannot be an id is a 422. */
export function staffFilterId() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined),
    staffId.optional(),
  );
}
export function staffFilterFlag() {
  return z.preprocess(
    (value) =>
      value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0'
          ? false
          : undefined,
    z.boolean().optional(),
  );
}
