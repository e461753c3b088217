import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { courseFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { CourseCard } from './course-card';

describe('CourseCard', () => {
  it('links to the course page', () => {
    renderWithApp(<CourseCard course={courseFixture({ id: 42, name: 'الفيزياء الحديثة' })} />);
    expect(screen.getByRole('link', { name: /الفيزياء الحديثة/ })).toHaveAttribute(
      'href',
      '/courses/42',
    );
  });

  it('shows the price with two decimals and the pound word', () => {
    renderWithApp(<CourseCard course={courseFixture({ price: 1250 })} />);
    expect(screen.getByText('1,250.00 جنيه')).toBeInTheDocument();
  });

  it("says 'مجاني' for a free course, whether marked free or priced 0", () => {
    const { unmount } = renderWithApp(
      <CourseCard course={courseFixture({ free: true, price: 99 })} />,
    );
    expect(screen.getByText('مجاني')).toBeInTheDocument();
    unmount();
    renderWithApp(<CourseCard course={courseFixture({ free: false, price: 0 })} />);
    expect(screen.getByText('مجاني')).toBeInTheDocument();
  });

  it('counts lectures with the Arabic plural', () => {
    renderWithApp(<CourseCard course={courseFixture({ lectures_count: 5 })} />);
    expect(screen.getByText('5 محاضرات')).toBeInTheDocument();
  });

  it('shows the featured badge only on featured courses', () => {
    const { unmount } = renderWithApp(<CourseCard course={courseFixture({ featured: true })} />);
    expect(within(screen.getByTestId('course-card')).getByText('مميزة')).toBeInTheDocument();
    unmount();
    renderWithApp(<CourseCard course={courseFixture({ featured: false })} />);
    expect(screen.queryByText('مميزة')).not.toBeInTheDocument();
  });

  it('shows teachers and grades', () => {
    renderWithApp(
      <CourseCard
        course={courseFixture({
          teachers: [
            { id: 1, name: 'أ. منى', avatar: null },
            { id: 2, name: 'أ. سامي', avatar: null },
          ],
          grades: [{ id: 3, name: 'الصف الثالث الثانوي' }],
        })}
      />,
    );
    expect(screen.getByText('أ. منى، أ. سامي')).toBeInTheDocument();
    expect(screen.getByText('الصف الثالث الثانوي')).toBeInTheDocument();
  });

  it('shows the course image when there is one', () => {
    renderWithApp(<CourseCard course={courseFixture({ image_url: '/storage/c.jpg' })} />);
    expect(screen.getByTestId('course-card').querySelector('img')).toHaveAttribute(
      'src',
      '/storage/c.jpg',
    );
  });
});
