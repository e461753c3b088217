import { z } from 'zod';
import { courseSchema, courseSummarySchema } from '../entities/course';
import { pageParamSchema, paginated } from '../pagination';
import { purchaseBodySchema, type PurchaseBody } from './purchase';

/** Courses per page of GET /courses. */
export const COURSES_PAGE_SIZE = 12;
/** Longest search text accepted; longer text is cut, not refused. */
export const COURSE_QUERY_MAX = 100;

const optionalId = z.coerce.number().int().positive().optional().catch(undefined);

/**
 * GET /courses?query=&grade_id=&category_id=&page=
 * Lenient by design: a bad filter value is ignored, a huge query is cut, a bad page is page 1.
 */
export const getCoursesQuerySchema = z.object({
  query: z
    .string()
    .optional()
    .catch(undefined)
    .transform((q) => q?.trim().slice(0, COURSE_QUERY_MAX) || undefined),
  grade_id: optionalId,
  category_id: optionalId,
  page: pageParamSchema,
});
export type GetCoursesQuery = z.infer<typeof getCoursesQuerySchema>;

export const getCoursesResponseSchema = paginated(courseSummarySchema);
export type GetCoursesResponse = z.infer<typeof getCoursesResponseSchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /courses/{id} → `{ data: Course }` */
export const getCourseResponseSchema = z.object({ data: courseSchema });
export type GetCourseResponse = z.infer<typeof getCourseResponseSchema>;

/** GET /welcome → `{ featured_courses }` */
export const getWelcomeResponseSchema = z.object({
  featured_courses: z.array(courseSummarySchema),
});
export type GetWelcomeResponse = z.infer<typeof getWelcomeResponseSchema>;

/** POST /courses/{id}/join (pay_type 'lectures'; no body) → `{ data: Course }` */
export const joinCourseResponseSchema = z.object({ data: courseSchema });
export type JoinCourseResponse = z.infer<typeof joinCourseResponseSchema>;

/** POST /courses/{id}/purchase (pay_type 'course') */
export const purchaseCourseBodySchema = purchaseBodySchema;
export type PurchaseCourseBody = PurchaseBody;

/** → `{ data: Course }`, the course now joined and purchased. */
export const purchaseCourseResponseSchema = z.object({ data: courseSchema });
export type PurchaseCourseResponse = z.infer<typeof purchaseCourseResponseSchema>;
