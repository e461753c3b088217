import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { staffTeacherCreateSchema, staffTeacherUpdateSchema } from '@dars/contract';
import { STAFF_MESSAGES, type StaffListQuery, type StaffTeacher } from '@dars/contract';
import { AppError } from '../../lib/app-error';
import type { TeachersTable } from '../../db/schema';
import { publicFileUrl } from '../../lib/public-url';
import { nowIso } from '../../lib/time';
import { auditedRows, isAdmin, type Actor, type Db, type Trx } from '../../db/audited-change';
import { defined, flagOf, viewedRows } from '../../db/list-page';
import type { TeacherScope } from '../../db/teacher-scope';

type Row = Selectable<TeachersTable>;

async function views(db: Db | Trx, rows: Row[]): Promise<StaffTeacher[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('course_teachers')
    .select(['teacher_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'teacher_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('teacher_id')
    .execute();
  const byId = new Map(counts.map((c) => [c.teacher_id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    bio: r.bio,
    avatar_url: publicFileUrl(r.avatar_path),
    banner_url: publicFileUrl(r.banner_path),
    phone: r.phone,
    email: r.email,
    whatsapp_url: r.whatsapp_url,
    facebook_url: r.facebook_url,
    messenger_url: r.messenger_url,
    twitter_url: r.twitter_url,
    youtube_url: r.youtube_url,
    telegram_url: r.telegram_url,
    courses_count: byId.get(r.id) ?? 0,
    created_at: r.created_at,
    revenue_share_percent: r.revenue_share_percent,
    may_set_prices: r.may_set_prices === 1,
  }));
}

const teacherItems = viewedRows('teachers', views);

export const getTeacher = teacherItems.get;

export async function listTeachers(db: Db, query: StaffListQuery, teacher: TeacherScope = null) {
  const how = { search: ['name'], sortable: ['id', 'name', 'created_at'], fallback: 'id' } as const;
  return teacherItems.list(db, query, { ...how, scope: { resource: 'teacher', teacher } });
}

type Fields = z.output<typeof staffTeacherUpdateSchema>;

function columns(body: Fields) {
  return defined({
    name: body.name,
    bio: body.bio,
    phone: body.phone,
    email: body.email,
    whatsapp_url: body.whatsapp_url,
    facebook_url: body.facebook_url,
    messenger_url: body.messenger_url,
    twitter_url: body.twitter_url,
    youtube_url: body.youtube_url,
    telegram_url: body.telegram_url,
    revenue_share_percent: body.revenue_share_percent,
    may_set_prices: body.may_set_prices === undefined ? undefined : flagOf(body.may_set_prices),
  });
}

/**
 * A teacher's share and price permission are the admin's (ADR 048): anyone else sending a
 * value other than the current one is refused (403); the same value sent back is no change.
 */
function checkTerms(actor: Actor, body: Fields, current: StaffTeacher | null): void {
  if (isAdmin(actor)) return;
  const share = current?.revenue_share_percent ?? 0;
  const prices = current?.may_set_prices ?? false;
  const changed =
    (body.revenue_share_percent !== undefined && body.revenue_share_percent !== share) ||
    (body.may_set_prices !== undefined && body.may_set_prices !== prices);
  if (changed) throw new AppError('FORBIDDEN', STAFF_MESSAGES.teacherTermsForbidden);
}

const teacherRows = auditedRows('teachers', 'teachers', getTeacher);

export function createTeacher(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffTeacherCreateSchema>,
): Promise<StaffTeacher> {
  checkTerms(actor, body, null);
  return teacherRows.create(db, actor, () => ({
    bio: null,
    avatar_path: null,
    banner_path: null,
    phone: null,
    email: null,
    whatsapp_url: null,
    facebook_url: null,
    messenger_url: null,
    twitter_url: null,
    youtube_url: null,
    telegram_url: null,
    ...columns(body),
    name: body.name,
    created_at: nowIso(),
  }));
}

export function updateTeacher(db: Db, actor: Actor, id: number, body: Fields) {
  return teacherRows.update(db, actor, id, (_trx, before) => {
    checkTerms(actor, body, before);
    return columns(body);
  });
}

/** A teacher's image: `avatar_path` or `banner_path`, relative to public storage. */
export function setTeacherImage(
  db: Db,
  actor: Actor,
  id: number,
  column: 'avatar_path' | 'banner_path',
  path: string,
): Promise<void> {
  return teacherRows.upload(db, actor, id, { [column]: path });
}

/** Deletes a teacher; their course links go with them (the courses stay). */
export function deleteTeacher(db: Db, actor: Actor, id: number): Promise<void> {
  return teacherRows.remove(db, actor, id);
}
