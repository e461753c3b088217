import { describe, expect, it } from 'vitest';
import { COURSE_QUERY_MAX, getCoursesQuerySchema, idParamsSchema } from './courses';

describe('getCoursesQuerySchema', () => {
  it('is lenient: cuts a huge query, fixes a bad page, drops a bad filter', () => {
    const parsed = getCoursesQuerySchema.parse({
      query: 'ر'.repeat(10_000),
      page: '-3',
      grade_id: 'abc',
      category_id: '7',
    });
    expect(parsed.query).toHaveLength(COURSE_QUERY_MAX);
    expect(COURSE_QUERY_MAX).toBe(100);
    expect(parsed.page).toBe(1);
    expect(parsed.grade_id).toBeUndefined();
    expect(parsed.category_id).toBe(7);
  });

  it('treats a blank query as none and trims a real one', () => {
    expect(getCoursesQuerySchema.parse({ query: '   ' }).query).toBeUndefined();
    expect(getCoursesQuerySchema.parse({ query: ' فيزياء ' }).query).toBe('فيزياء');
  });

  it('defaults to page 1 with no filters', () => {
    expect(getCoursesQuerySchema.parse({})).toEqual({
      query: undefined,
      grade_id: undefined,
      category_id: undefined,
      page: 1,
      after: undefined,
    });
  });

  it('states the keyset position links.next carries, and drops one that is too long', () => {
    expect(getCoursesQuerySchema.parse({ page: '2', after: 'MjAyNnwx' }).after).toBe('MjAyNnwx');
    expect(getCoursesQuerySchema.parse({ after: 'x'.repeat(201) }).after).toBeUndefined();
    expect(getCoursesQuerySchema.parse({ after: ['a', 'b'] }).after).toBeUndefined();
  });
});

describe('idParamsSchema', () => {
  it('coerces a path id and refuses a non-id', () => {
    expect(idParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(idParamsSchema.safeParse({ id: '0' }).success).toBe(false);
    expect(idParamsSchema.safeParse({ id: '1e3x' }).success).toBe(false);
  });
});
