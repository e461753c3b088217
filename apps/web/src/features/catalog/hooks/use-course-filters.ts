import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { CourseFilters } from '../api/get-courses';

export type FilterName = 'grade_id' | 'category_id';

function positiveId(value: string | null): number | undefined {
  if (!value) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The course list filters, kept in the page URL (`?query=&grade_id=&category_id=`) so a
 * search can be shared, reloaded and reached from the top bar. Changes replace the current
 * history entry rather than piling up one per keystroke.
 * @example const { filters, setQuery, setFilter, reset } = useCourseFilters()
 */
export function useCourseFilters() {
  const [params, setParams] = useSearchParams();
  // The browser's address when the list was last on screen: a navigation away changes it at once.
  const renderedAt = useRef<string | null>(null);
  useEffect(() => {
    renderedAt.current = window.location.pathname;
  });
  const query = params.get('query')?.trim() ?? '';
  const gradeId = positiveId(params.get('grade_id'));
  const categoryId = positiveId(params.get('category_id'));

  const filters = useMemo<CourseFilters>(
    () => ({
      ...(query ? { query } : {}),
      ...(gradeId ? { grade_id: gradeId } : {}),
      ...(categoryId ? { category_id: categoryId } : {}),
    }),
    [query, gradeId, categoryId],
  );

  const update = useCallback(
    (name: 'query' | FilterName, value: string | number | undefined) => {
      // A search typed just before a click on a course fires after the click's navigation has
      // begun (the list stays on screen while the course page loads): it must not replace the
      // course page with the list again.
      if (renderedAt.current !== null && window.location.pathname !== renderedAt.current) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setQuery = useCallback((text: string) => update('query', text.trim()), [update]);
  const setFilter = useCallback(
    (name: FilterName, id: number | undefined) => update(name, id),
    [update],
  );
  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { filters, hasFilters: Object.keys(filters).length > 0, setQuery, setFilter, reset };
}
