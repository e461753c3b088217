import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { courseQueryOptions } from '../../features/catalog/api/get-course';
import { courseDetailFixture, lectureFixture } from '../../test/catalog-fixtures';
import { TestProviders, testQueryClient } from '../../test/render';
import ExamSessionRoute from './exam-session';

describe('ExamSessionRoute', () => {
  it('marks the course pages stale when the student leaves the exam, so a passed must-pass exam opens the videos', async () => {
    const queryClient = testQueryClient();
    const { queryKey } = courseQueryOptions(5);
    queryClient.setQueryData(
      queryKey,
      courseDetailFixture({ id: 5, lectures: [lectureFixture({ enable_videos: false })] }),
    );
    const router = createMemoryRouter(
      [
        { path: '/exams/session', element: <ExamSessionRoute /> },
        { path: '/courses/:id', element: <p>the course</p> },
      ],
      { initialEntries: ['/exams/session'] },
    );
    render(
      <TestProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    // While the exam is on screen the cached course page stays as it is.
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false);

    await act(() => router.navigate('/courses/5'));
    expect(screen.getByText('the course')).toBeVisible();
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});
