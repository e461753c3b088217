import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useCourseFilters } from './use-course-filters';

const wrapper = ({ children }: { children: ReactNode }) => (
  <BrowserRouter>{children}</BrowserRouter>
);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useCourseFilters', () => {
  it('writes the search into the list address', () => {
    window.history.replaceState(null, '', '/courses');
    const { result } = renderHook(() => useCourseFilters(), { wrapper });
    act(() => result.current.setQuery(' جبر '));
    expect(window.location.pathname).toBe('/courses');
    expect(new URLSearchParams(window.location.search).get('query')).toBe('جبر');
  });

  it('does not pull the student back to the list when a late search fires after a click on a course', () => {
    window.history.replaceState(null, '', '/courses');
    const { result } = renderHook(() => useCourseFilters(), { wrapper });
    // The click's navigation has changed the address; the list is still on screen.
    window.history.pushState(null, '', '/courses/7');
    act(() => result.current.setQuery('جبر'));
    expect(window.location.pathname).toBe('/courses/7');
    expect(window.location.search).toBe('');
  });
});
