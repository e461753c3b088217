import { z } from '../zod';
import { staffInt, staffListQuery } from './staff';
import { staffFilterId as filterId, staffFlag as flag, staffId } from './staff-fields';

/** Exams in lectures: which exam a lecture asks for, and its pass and alternative rules. */

export const staffLectureExamSchema = z.object({
  id: z.number().int(),
  lecture_id: z.number().int(),
  exam_id: z.number().int(),
  position: z.number().int(),
  must_pass: z.boolean(),
  must_take: z.boolean(),
  alternative_exam_id: z.number().int().nullable(),
  navigate_to_alternative: z.boolean(),
});
export type StaffLectureExam = z.infer<typeof staffLectureExamSchema>;
export const staffLectureExamCreateSchema = z.object({
  lecture_id: staffId,
  exam_id: staffId,
  position: staffInt(0, 100_000).optional(),
  must_pass: flag.optional(),
  must_take: flag.optional(),
  alternative_exam_id: staffId.nullable().optional(),
  navigate_to_alternative: flag.optional(),
});
export const staffLectureExamUpdateSchema = staffLectureExamCreateSchema
  .omit({ lecture_id: true, exam_id: true })
  .partial();
export const staffLectureExamListQuerySchema = staffListQuery({
  lecture_id: filterId(),
  exam_id: filterId(),
});
