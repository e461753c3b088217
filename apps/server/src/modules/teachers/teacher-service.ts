import type { Kysely, Selectable } from 'kysely';
import type { Teacher } from '@dars/contract';
import type { DB, TeachersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { teacherCourses } from '../courses/course-service';
import { getSetting } from '../settings/settings-service';

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

/** GET /teachers is answered only while the school shows the page (404 when it is off). */
export async function requireTeachersPage(db: Kysely<DB>): Promise<void> {
  if (!(await getSetting(db, 'teachers_page'))) throw new AppError('FEATURE_DISABLED');
}

/** Every teacher with the number of their published courses (what every reader shares). */
export async function teacherList(db: Kysely<DB>): Promise<Teacher[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('teachers').selectAll().orderBy('id').execute(),
    publishedCourseCounts(db),
  ]);
  return rows.map((row) => toTeacher(row, counts.get(row.id) ?? 0));
}

/** GET /teachers/{id}: a teacher's profile and published courses (public). */
export async function teacherProfile(db: Kysely<DB>, id: number, userId: number | null) {
  const row = await db.selectFrom('teachers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'المدرس غير موجود');
  const courses = await teacherCourses(db, row.id, userId);
  return { teacher: toTeacher(row, courses.length), courses };
}
