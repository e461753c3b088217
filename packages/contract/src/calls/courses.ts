import { z } from '../zod';
import { courseSchema, courseSummarySchema } from '../entities/course';
import { pageParamSchema, paginated } from '../pagination';
import { VALIDATION_MESSAGES } from '../fields';
import { idField, idSchema, safeString } from '../primitives';
import { purchaseBodySchema, type PurchaseBody } from './purchase';

/** Courses per page of GET /courses. */
export const COURSES_PAGE_SIZE = 12;
/** Longest search text accepted; longer text is cut, not refused. */
export const COURSE_QUERY_MAX = 100;

/**
 * A filter id: a value that is not a number at all (a stale or hand-edited URL) is ignored, as
 * ADR 002 says, but a number that cannot be an id (0, or above ID_MAX) is refused.
 */
function filterId(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined),
    idSchema(message).optional(),
  );
}

/** Longest `after` accepted; the server's own are about 50 characters. */
export const COURSES_AFTER_MAX = 200;

/**
 * GET /courses?query=&grade_id=&category_id=&page=&after=
 * Lenient by design: a non-numeric filter is ignored, a huge query is cut, a bad page is page 1.
 * A query with NUL or an out-of-range id is refused (422): it can only be forged.
 * `after` is the keyset position that the server writes into `links.next` (ADR 010): opaque to
 * clients, who follow the link and never build it; one the server did not write is ignored.
 */
export const getCoursesQuerySchema = z.object({
  query: z
    .string()
    .optional()
    .catch(undefined)
    .pipe(safeString().optional())
    .transform((q) => q?.trim().slice(0, COURSE_QUERY_MAX) || undefined),
  grade_id: filterId(VALIDATION_MESSAGES.grade),
  category_id: filterId(VALIDATION_MESSAGES.category),
  page: pageParamSchema,
  after: z.string().max(COURSES_AFTER_MAX).optional().catch(undefined),
});
export type GetCoursesQuery = z.infer<typeof getCoursesQuerySchema>;

export const getCoursesResponseSchema = paginated(courseSummarySchema);
export type GetCoursesResponse = z.infer<typeof getCoursesResponseSchema>;

/** `/{id}` of every route: anything but an id (≤ ID_MAX) answers 404, as an unknown id does. */
export const idParamsSchema = z.object({ id: idField() });

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
