import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { insertPaycard } from '../../src/db/seed/paycards';
import { newPaycardCode } from '../../src/modules/paycards/paycard-code';

export interface PaycardOptions {
  /** pounds */
  value: number;
  courseId?: number;
  lectureId?: number;
  /** Expired a day ago; default: no expiry. */
  expired?: boolean;
  /** Already used by this student. */
  usedBy?: number;
}

const DAY = 86_400_000;

/**
 * A new pay card and its code, as printed.
 * @example const code = await makePaycard(db, { value: 100, lectureId })
 */
export async function makePaycard(db: Kysely<DB>, options: PaycardOptions): Promise<string> {
  const code = newPaycardCode();
  const now = new Date();
  await insertPaycard(db, {
    code,
    value: options.value,
    courseId: options.courseId ?? null,
    lectureId: options.lectureId ?? null,
    expiresAt: options.expired ? new Date(now.getTime() - DAY).toISOString() : null,
    usedBy: options.usedBy ?? null,
    usedAt: options.usedBy ? now.toISOString() : null,
    createdAt: now.toISOString(),
  });
  return code;
}
