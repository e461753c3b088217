import { z } from './zod';

/** `links.next` is the absolute path of the next page (or null on the last page). */
export const pageLinksSchema = z.object({
  next: z.string().nullable(),
  prev: z.string().nullable().optional(),
});

/**
 * Lists page by `links.next` (infinite scroll, "load more"), so no total is counted: counting
 * would scan every match a second time on each page.
 */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
});

/**
 * A page of items as the spec's lists answer: `{ data, links: { next }, meta }`.
 * @example paginated(courseSchema).parse(body).links.next
 */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), links: pageLinksSchema, meta: pageMetaSchema });
}

/**
 * `?page=` — a positive integer; anything else is page 1. No `?page=` at all is page 1 before
 * the check: the same answer as the fallback, without building the issue it catches (2 µs of
 * every first page asked for).
 */
export const pageParamSchema = z
  .preprocess(
    (value) => (value === undefined ? 1 : value),
    z.coerce.number().int().min(1).max(100_000),
  )
  .catch(1);
