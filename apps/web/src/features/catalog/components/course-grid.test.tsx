import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { courseFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { CourseGrid } from './course-grid';

describe('CourseGrid', () => {
  it("loads the first card's cover at once and with high priority, the others lazily", () => {
    const { container } = renderWithApp(
      <CourseGrid
        courses={[1, 2, 3].map((id) =>
          courseFixture({ id, name: `دورة ${id}`, image_url: `/storage/${id}.png` }),
        )}
      />,
    );
    expect(screen.getAllByRole('link')).toHaveLength(3);
    const covers = [...container.querySelectorAll('img')];
    expect(covers.map((img) => img.getAttribute('src'))).toEqual([
      '/storage/1.png',
      '/storage/2.png',
      '/storage/3.png',
    ]);
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(covers.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'auto',
      'auto',
    ]);
  });
});
