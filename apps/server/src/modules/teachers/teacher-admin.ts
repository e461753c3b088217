import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { staffTeacherCreateSchema, staffTeacherUpdateSchema } from '@dars/contract';
import { type StaffListQuery, type StaffTeacher } from '@dars/contract';
import type { TeachersTable } from '../../db/schema';
import { publicFileUrl } from '../../lib/public-url';
import { nowIso } from '../../lib/time';
import { auditedRows, type Actor, type Db, type Trx } from '../../db/audited-change';
import { defined, viewedRows } from '../../db/list-page';
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
  });
}

const teacherRows = auditedRows('teachers', 'teachers', getTeacher);

export function createTeacher(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffTeacherCreateSchema>,
): Promise<StaffTeacher> {
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
  return teacherRows.update(db, actor, id, () => columns(body));
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
