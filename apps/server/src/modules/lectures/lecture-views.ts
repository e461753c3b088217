import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Views of each of the lecture's videos by the student since `since` (the access start). */
export async function countViews(
  db: Kysely<DB>,
  userId: number,
  lectureId: number,
  since: string | null,
): Promise<Map<number, number>> {
  if (since === null) return new Map();
  const rows = await db
    .selectFrom('video_views')
    .select((eb) => ['video_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('lecture_id', '=', lectureId)
    .where('created_at', '>=', since)
    .groupBy('video_id')
    .execute();
  return new Map(rows.map((r) => [r.video_id, Number(r.n)]));
}

/** Whether the student has ever started the video (the seen check survives a repurchase). */
export async function seenVideos(
  db: Kysely<DB>,
  userId: number,
  lectureId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('video_views')
    .select('video_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('lecture_id', '=', lectureId)
    .execute();
  return new Set(rows.map((r) => r.video_id));
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
