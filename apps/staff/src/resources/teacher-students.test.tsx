import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e, type StaffTeacherStudent } from '@dars/contract';
import { TEACHER, answer, fakeStaffApi, list, staffBasics } from '../test/fake-api';
import { staffCourse } from '../test/fixtures';
import { openSignedOut, signIn } from '../test/console';

/**
 * A teacher's students in the console (issue 27, ADR 048): the teacher opens their own from the
 * menu; the list shows their courses, lectures and exams' average and nothing of money; search
 * and the course filter go to the server.
 */

const MONA: StaffTeacherStudent = {
  id: 40,
  name: 'منى علي',
  phone: '01011112222',
  grade: { id: 3, name: 'الصف الثالث الثانوي' },
  courses: [
    { id: 7, name: 'فيزياء الصف الثالث' },
    { id: 8, name: 'مراجعة ليلة الامتحان' },
  ],
  first_joined_at: '2026-10-01T10:00:00.000Z',
  lectures: 3,
  exams_taken: 2,
  average_score: 81.3,
  last_exam_at: '2026-10-12T10:00:00.000Z',
};

describe('a teacher’s students', { timeout: 240_000 }, () => {
  it('opens from the teacher’s menu, shows their figures, and asks the server with the search', async () => {
    const api = fakeStaffApi([
      ...staffBasics({ ...TEACHER, teacher_id: 4, may_set_prices: false }),
      list(e.staffListCourses, [staffCourse({ id: 7, name: 'فيزياء الصف الثالث' })]),
      list(e.staffListMarking, []),
      answer(e.staffGetTeacherStatement, { message: 'العنصر غير موجود' }, { status: 404 }),
      answer(e.staffGetStats, { message: 'العنصر غير موجود' }, { status: 404 }),
      answer(
        e.staffListTeacherStudents,
        (call: { query: Record<string, string> }) =>
          call.query.q === 'ياسر'
            ? { data: [], meta: { total: 0 } }
            : { data: [MONA], meta: { total: 1 } },
        { params: { id: 4 } },
      ),
    ]);
    openSignedOut();
    const user = await signIn('teacher@dars.test');
    await user.click(await screen.findByRole('menuitem', { name: 'طلابي' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'طلاب المدرس' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('منى علي');
    expect(row).toHaveTextContent('01011112222');
    expect(row).toHaveTextContent('فيزياء الصف الثالث، مراجعة ليلة الامتحان');
    expect(row).toHaveTextContent('81.3٪');
    expect(screen.queryByText(/جنيه/)).not.toBeInTheDocument();
    const [first] = api.callsTo(e.staffListTeacherStudents, { id: 4 });
    expect(first?.query).toMatchObject({ sort: 'name', order: 'asc' });

    await user.type(screen.getByPlaceholderText('بحث'), 'ياسر');
    await waitFor(() =>
      expect(
        api.callsTo(e.staffListTeacherStudents, { id: 4 }).some((c) => c.query.q === 'ياسر'),
      ).toBe(true),
    );
    expect(await screen.findByText('لا يوجد طلاب في هذه الدورات بعد')).toBeInTheDocument();
  });

  it('opens a student’s own exam time and extra attempts from their row, for the teacher’s exams', async () => {
    const api = fakeStaffApi([
      ...staffBasics({ ...TEACHER, teacher_id: 4, may_set_prices: false }),
      list(e.staffListCourses, []),
      list(e.staffListMarking, []),
      answer(e.staffGetTeacherStatement, { message: 'العنصر غير موجود' }, { status: 404 }),
      answer(e.staffGetStats, { message: 'العنصر غير موجود' }, { status: 404 }),
      answer(
        e.staffListTeacherStudents,
        { data: [MONA], meta: { total: 1 } },
        { params: { id: 4 } },
      ),
      list(e.staffListExamAccommodations, []),
      list(e.staffListExamAttemptGrants, []),
    ]);
    openSignedOut();
    const user = await signIn('teacher@dars.test');
    await user.click(await screen.findByRole('menuitem', { name: 'طلابي' }));
    await user.click(await screen.findByRole('button', { name: 'الوقت والمحاولات: منى علي' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'منى علي: الوقت الخاص والمحاولات الإضافية في امتحاناتي',
    });
    expect(
      await within(dialog).findByRole('heading', { name: 'وقت خاص في الامتحانات' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(e.staffListExamAccommodations).map((c) => c.query.user_id)).toContain(
        '40',
      ),
    );
    await waitFor(() =>
      expect(api.callsTo(e.staffListExamAttemptGrants).length).toBeGreaterThan(0),
    );
  });
});
