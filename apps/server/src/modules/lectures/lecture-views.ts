import { sql, type Kysely } from 'kysely';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';

// The student's views of a lecture's videos, per video: all of them, and those since the access
// started (`since`; none counted without access). One read of the same rows for both.
const viewsQuery = precompile(
  (db, p: { userId: number; lectureId: number; since: string | null }) =>
    db
      .selectFrom('video_views')
      .select((eb) => [
        'video_id',
        p.since === null
          ? sql<number>`0`.as('counted')
          : eb.fn
              .sum<number>(eb.case().when('created_at', '>=', p.since).then(1).else(0).end())
              .as('counted'),
      ])
      .where('user_id', '=', p.userId)
      .where('lecture_id', '=', p.lectureId)
      .groupBy('video_id'),
);

/**
 * The videos of the lecture the student ever started (`seen`: it survives a repurchase) and
 * the views of each counted since `since` (countViews's figures), in one query.
 */
export async function videoViews(
  db: Kysely<DB>,
  userId: number,
  lectureId: number,
  since: string | null,
): Promise<{ seen: Set<number>; counted: Map<number, number> }> {
  const rows = await viewsQuery.execute(db, { userId, lectureId, since });
  const counted = new Map<number, number>();
  for (const r of rows) if (Number(r.counted) > 0) counted.set(r.video_id, Number(r.counted));
  return { seen: new Set(rows.map((r) => r.video_id)), counted };
}

/** Views of each of the lecture's videos by the student since `since` (the access start). */
export async function countViews(
  db: Kysely<DB>,
  userId: number,
  lectureId: number,
  since: string | null,
): Promise<Map<number, number>> {
  return (await videoViews(db, userId, lectureId, since)).counted;
}

/** Whether any view-limited video of the lecture has used up its views since `since`. */
export async function anyViewsExhausted(
  db: Kysely<DB>,
  userId: number,
  lectureId: number,
  since: string | null,
): Promise<boolean> {
  const [videos, views] = await Promise.all([
    db
      .selectFrom('videos')
      .select(['id', 'views_limit'])
      .where('lecture_id', '=', lectureId)
      .where('views_limit', 'is not', null)
      .execute(),
    countViews(db, userId, lectureId, since),
  ]);
  return videos.some((v) => (views.get(v.id) ?? 0) >= v.views_limit!);
}
