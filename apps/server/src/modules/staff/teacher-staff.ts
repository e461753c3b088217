import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { staffTeacherCreateSchema, staffTeacherUpdateSchema } from '@dars/contract';
import { type StaffListQuery, type StaffTeacher } from '@dars/contract';
import type { TeachersTable } from '../../db/schema';
import { publicFileUrl } from '../../lib/public-url';
import { nowIso } from '../../lib/time';
import {
  change,
  countOf,
  defined,
  matches,
  pageOf,
  sortOf,
  type Actor,
  type Db,
  type Trx,
} from './staff-core';

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

export async function getTeacher(db: Db | Trx, id: number): Promise<StaffTeacher | undefined> {
  const row = await db.selectFrom('teachers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await views(db, [row]))[0] : undefined;
}

export async function listTeachers(db: Db, query: StaffListQuery) {
  let base = db.selectFrom('teachers');
  if (query.q) base = base.where(matches('name', query.q));
  const sort = sortOf(query, ['id', 'name', 'created_at'] as const, 'id');
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: await views(db, rows), meta: { total: countOf(total) } };
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

export async function createTeacher(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffTeacherCreateSchema>,
): Promise<StaffTeacher> {
  const { after } = await change(
    db,
    actor,
    { resource: 'teachers', action: 'create' },
    getTeacher,
    async (trx) => {
      const row = await trx
        .insertInto('teachers')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
  return after!;
}

export async function updateTeacher(
  db: Db,
  actor: Actor,
  id: number,
  body: Fields,
): Promise<StaffTeacher> {
  const { after } = await change(
    db,
    actor,
    { resource: 'teachers', action: 'update', id },
    getTeacher,
    async (trx) => {
      const values = columns(body);
      if (Object.keys(values).length > 0) {
        await trx.updateTable('teachers').set(values).where('id', '=', id).execute();
      }
      return id;
    },
  );
  return after!;
}

/** A teacher's image: `avatar_path` or `banner_path`, relative to public storage. */
export async function setTeacherImage(
  db: Db,
  actor: Actor,
  id: number,
  column: 'avatar_path' | 'banner_path',
  path: string,
): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'teachers', action: 'upload', id },
    getTeacher,
    async (trx) => {
      await trx
        .updateTable('teachers')
        .set({ [column]: path })
        .where('id', '=', id)
        .execute();
      return id;
    },
  );
}

/** Deletes a teacher; their course links go with them (the courses stay). */
export async function deleteTeacher(db: Db, actor: Actor, id: number): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'teachers', action: 'delete', id },
    getTeacher,
    async (trx) => {
      await trx.deleteFrom('teachers').where('id', '=', id).execute();
      return id;
    },
  );
}
