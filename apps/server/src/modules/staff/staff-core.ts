import type { Trx } from '../../db/audited-change';

// The audited change and the list recipe live below the domain modules, which write their own
// tables with them; the staff files that are not yet moved keep importing them from here.
export {
  change,
  conflict,
  isAdmin,
  notFound,
  writeAudit,
  type Actor,
  type AuditEntry,
  type Db,
  type Trx,
} from '../../db/audited-change';
export {
  bool,
  countOf,
  defined,
  flagOf,
  likePattern,
  matches,
  pageOf,
  sortOf,
} from '../../db/list-page';

/**
 * The position after the last of a lecture's videos, attachments or exams (1 for the first).
 * @example position: body.position ?? (await nextPosition(trx, 'videos', body.lecture_id))
 */
export async function nextPosition(
  trx: Trx,
  table: 'videos' | 'attachments' | 'lecture_exams',
  lectureId: number,
): Promise<number> {
  const last = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .where('lecture_id', '=', lectureId)
    .executeTakeFirst();
  return Number(last?.p ?? 0) + 1;
}
