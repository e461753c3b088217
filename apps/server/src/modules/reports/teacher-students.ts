import { sql } from 'kysely';
import type { z } from 'zod';
import {
  toLatinDigits,
  type StaffTeacherStudent,
  type staffTeacherStudentsQuerySchema,
} from '@dars/contract';
import { idsInScope } from '../../db/teacher-scope';
import { likePattern, selectedPage, sortOf } from '../../db/list-page';
import type { CsvColumn } from '../../lib/csv-export';
import { countsSql } from '../exams/exam-attempts';
import type { Db } from '../../db/audited-change';

// A teacher's students (issue 27, ADR 048): who joined the teacher's courses, with only what
// concerns the teacher (their courses, lectures and exams). One query for the page (each
// figure a subquery keyed by the student, on the tables' user indexes) and one for the page's
// courses; the scope is the teacher's own, whoever asks (the admin reads any teacher's).

type Query = z.output<typeof staffTeacherStudentsQuerySchema>;

/** The students of teacher `t`'s courses (of one of them with `course_id`), a page of them. */
export async function teacherStudents(
  db: Db,
  t: number,
  query: Query,
): Promise<{ data: StaffTeacherStudent[]; meta: { total: number } }> {
  const courses =
    query.course_id === undefined
      ? idsInScope('course', t)
      : sql`select course_id from course_teachers where teacher_id = ${t} and course_id = ${query.course_id}`;
  let base = db
    .selectFrom('users as u')
    .leftJoin('grades as g', 'g.id', 'u.grade_id')
    .where('u.group_id', 'is', null)
    .where(
      sql<boolean>`exists (select 1 from enrollments e where e.user_id = u.id and e.course_id in (${courses}))`,
    );
  if (query.q) {
    const text = toLatinDigits(query.q).trim();
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.name) like ${likePattern(text)} escape '\\'`,
        sql<boolean>`u.phone like ${likePattern(text.replace(/[\s-]/g, ''))} escape '\\'`,
      ]),
    );
  }
  const exams = idsInScope('exam', t);
  const counts = countsSql('s', 'x');
  const selected = base.select([
    'u.id',
    'u.name',
    'u.phone',
    'g.id as grade_id',
    'g.name as grade_name',
    sql<string>`(select min(e.created_at) from enrollments e
      where e.user_id = u.id and e.course_id in (${idsInScope('course', t)}))`.as(
      'first_joined_at',
    ),
    sql<number | string>`(select count(*) from lecture_purchases p
      where p.user_id = u.id and p.lecture_id in (${idsInScope('lecture', t)}))`.as('lectures'),
    sql<number | string>`(select count(*) from exam_sessions s
      where s.user_id = u.id and s.finished_at is not null and s.exam_id in (${exams}))`.as(
      'exams_taken',
    ),
    sql<number | string | null>`(select avg(coalesce(s.correction_mark, 0) * 100.0 / s.total_mark)
      from exam_sessions s inner join exams x on x.id = s.exam_id
      where s.user_id = u.id and s.exam_id in (${exams}) and s.corrected = 1
        and s.total_mark > 0 and ${counts})`.as('average'),
    sql<string | null>`(select max(s.finished_at) from exam_sessions s
      where s.user_id = u.id and s.exam_id in (${exams}))`.as('last_exam_at'),
  ]);
  const sort = sortOf(query, ['name', 'id'] as const, 'name');
  const { rows, total } = await selectedPage(
    selected,
    query,
    [`u.${sort.column}`, 'u.id'],
    sort.direction,
  );
  const ids = rows.map((r) => r.id);
  const joined =
    ids.length === 0
      ? []
      : await db
          .selectFrom('enrollments as e')
          .innerJoin('courses as c', 'c.id', 'e.course_id')
          .select(['e.user_id', 'c.id', 'c.name'])
          .where('e.user_id', 'in', ids)
          .where(sql<boolean>`e.course_id in (${idsInScope('course', t)})`)
          .orderBy('e.created_at')
          .orderBy('c.id')
          .execute();
  return {
    data: rows.map((r) => {
      const average = r.average === null ? null : Number(r.average);
      return {
        id: r.id,
        name: r.name,
        phone: r.phone,
        grade: r.grade_id === null ? null : { id: r.grade_id, name: r.grade_name ?? '' },
        courses: joined.filter((j) => j.user_id === r.id).map((j) => ({ id: j.id, name: j.name })),
        first_joined_at: r.first_joined_at,
        lectures: Number(r.lectures),
        exams_taken: Number(r.exams_taken),
        average_score: average === null ? null : Math.round(average * 10) / 10,
        last_exam_at: r.last_exam_at,
      };
    }),
    meta: { total },
  };
}

/** The list's CSV (ADR 034): a student a row, Arabic headers. */
export const TEACHER_STUDENT_COLUMNS: readonly CsvColumn<StaffTeacherStudent>[] = [
  { header: 'رقم الطالب', value: (r) => r.id },
  { header: 'الاسم', value: (r) => r.name },
  { header: 'الهاتف', value: (r) => r.phone },
  { header: 'الصف', value: (r) => r.grade?.name ?? '' },
  { header: 'الدورات', value: (r) => r.courses.map((c) => c.name).join('، ') },
  { header: 'أول انضمام', value: (r) => r.first_joined_at },
  { header: 'المحاضرات', value: (r) => r.lectures },
  { header: 'الامتحانات', value: (r) => r.exams_taken },
  { header: 'متوسط الدرجات %', value: (r) => r.average_score ?? '' },
  { header: 'آخر امتحان', value: (r) => r.last_exam_at ?? '' },
];
