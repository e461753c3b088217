import { z } from '../zod';
import { idParamsSchema } from './courses';
import { staffListQuery, staffListResponse } from './staff';

/**
 * A teacher's students (issue 27, ADR 048): the students who joined one of the teacher's courses,
 * each with what concerns the teacher only — which of their courses, since when, the lectures
 * bought in them and the exams taken there with the average score. No balance, wallet, e-mail
 * or other teachers' courses: money and accounts are the school's. The admin and leaders read
 * any teacher's; a teacher's login only their own (another's is 404).
 */

/** `?q` part of a name or phone; `course_id` one of the teacher's courses. */
export const staffTeacherStudentsQuerySchema = staffListQuery({
  course_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined),
    z.number().int().positive().optional(),
  ),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const staffTeacherStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** To reach the student (or their parent), as the centre does. */
  phone: z.string(),
  grade: named.nullable(),
  /** The teacher's courses the student joined, in the order they were joined. */
  courses: z.array(named),
  /** When the student first joined one of them. */
  first_joined_at: z.string(),
  /** Lectures of the teacher's courses the student holds (bought or granted, expired or not). */
  lectures: z.number().int(),
  /** Exam sessions finished, of the teacher's exams. */
  exams_taken: z.number().int(),
  /**
   * The mean of the student's marked scores in the teacher's exams, percent with one decimal
   * (the attempt that counts of each exam, ADR 047); null when none is marked.
   */
  average_score: z.number().nullable(),
  last_exam_at: z.string().nullable(),
});
export type StaffTeacherStudent = z.infer<typeof staffTeacherStudentSchema>;

/** The calls of this file; `staffEndpoints` spreads them. */
export const staffTeacherStudentEndpoints = {
  staffListTeacherStudents: {
    method: 'GET',
    path: '/staff/teachers/:id/students',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    query: staffTeacherStudentsQuerySchema,
    response: staffListResponse(staffTeacherStudentSchema),
    errors: ['NOT_FOUND'],
  },
  staffExportTeacherStudents: {
    method: 'GET',
    path: '/staff/teachers/:id/students.csv',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    query: staffTeacherStudentsQuerySchema,
    file: 'text/csv',
    errors: ['NOT_FOUND'],
  },
} as const;
