import { z } from '../zod';
import { courseSummarySchema } from '../entities/course';
import { teacherSchema } from '../entities/teacher';

/** GET /teachers → `{ data: Teacher[] }`, not paged: the list is short. */
export const getTeachersResponseSchema = z.object({ data: z.array(teacherSchema) });
export type GetTeachersResponse = z.infer<typeof getTeachersResponseSchema>;

/** GET /teachers/{id} → `{ teacher, courses }` */
export const getTeacherResponseSchema = z.object({
  teacher: teacherSchema,
  courses: z.array(courseSummarySchema),
});
export type GetTeacherResponse = z.infer<typeof getTeacherResponseSchema>;
