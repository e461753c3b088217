import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  getTeacherResponseSchema,
  getTeachersResponseSchema,
  idParamsSchema,
  type Teacher,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { DB, TeachersTable } from '../../db/schema';
import { catalogAnswers } from '../../plugins/http-cache';
import type { ZodTypeProvider } from '../../plugins/zod';
import { requireAuth } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { findTeacherCourses } from '../courses/course-queries';
import { toSummary } from '../courses/course-service';
import { getSettings } from '../settings/settings-service';

function toTeacher(row: Selectable<TeachersTable>, coursesCount: number): Teacher {
  return {
    id: row.id,
    name: row.name,
    avatar: publicFileUrl(row.avatar_path),
    banner: publicFileUrl(row.banner_path),
    phone: row.phone,
    email: row.email,
    whatsapp_url: row.whatsapp_url,
    facebook_url: row.facebook_url,
    messenger_url: row.messenger_url,
    twitter_url: row.twitter_url,
    youtube_url: row.youtube_url,
    telegram_url: row.telegram_url,
    courses_count: coursesCount,
  };
}

async function publishedCourseCounts(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('course_teachers')
    .innerJoin('courses', 'courses.id', 'course_teachers.course_id')
    .select((eb) => ['course_teachers.teacher_id', eb.fn.countAll<number>().as('n')])
    .where('courses.published', '=', 1)
    .groupBy('course_teachers.teacher_id')
    .execute();
  return new Map(rows.map((r) => [r.teacher_id, Number(r.n)]));
}

export const teacherRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;
    // Guests' answers are kept written, keyed by the catalogue's version (plugins/http-cache.ts).
    const answers = catalogAnswers(db);

    // The list page can be switched off (teachers_page); a teacher's own profile stays public.
    // Signed-in only, as the spec's route table and the contract say (ADR 007).
    r.get(
      '/teachers',
      { onRequest: requireAuth, schema: { response: { 200: getTeachersResponseSchema } } },
      async () => {
        if (!(await getSettings(db)).teachers_page) throw new AppError('FEATURE_DISABLED');
        const [rows, counts] = await Promise.all([
          db.selectFrom('teachers').selectAll().orderBy('id').execute(),
          publishedCourseCounts(db),
        ]);
        return { data: rows.map((row) => toTeacher(row, counts.get(row.id) ?? 0)) };
      },
    );

    r.get(
      '/teachers/:id',
      {
        onRequest: answers.onRequest,
        onSend: answers.onSend,
        schema: { params: idParamsSchema, response: { 200: getTeacherResponseSchema } },
      },
      async (request) => {
        const row = await db
          .selectFrom('teachers')
          .selectAll()
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND', 'المدرس غير موجود');
        const user = await request.currentUser();
        const courses = await findTeacherCourses(db, row.id, user?.id ?? null);
        return {
          teacher: toTeacher(row, courses.length),
          courses: courses.map(toSummary),
        };
      },
    );
  };
