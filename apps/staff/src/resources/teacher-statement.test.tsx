import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e, type StaffStats, type StaffTeacherStatement } from '@dars/contract';
import { ADMIN, LEADER, TEACHER, answer, fakeStaffApi, list, staffBasics } from '../test/fake-api';
import { staffCourse, staffTeacher } from '../test/fixtures';
import { openSignedOut, signIn } from '../test/console';

/**
 * A teacher's statement and terms in the console (issue 27, ADR 048): the statement's lines,
 * totals and month; the teacher's home with their share; the share and price permission the
 * admin's only; a teacher the admin allowed sets prices.
 */

const OCTOBER: StaffTeacherStatement = {
  teacher: { id: 4, name: 'أ. محمد عبد الحميد', revenue_share_percent: 60 },
  month: '2026-10',
  lines: [
    {
      kind: 'sale',
      course: { id: 7, name: 'فيزياء الصف الثالث' },
      lecture: { id: 70, name: 'قانون أوم' },
      method: 'wallet',
      count: 2,
      amount: 200,
      share_percent: 70,
      share: 140,
    },
    {
      kind: 'sale',
      course: { id: 8, name: 'مراجعة ليلة الامتحان' },
      lecture: null,
      method: 'cash',
      count: 1,
      amount: 30,
      share_percent: 60,
      share: 18,
    },
  ],
  totals: { count: 3, amount: 230, share: 158, refunds: 0 },
};

const go = (path: string) => {
  window.history.pushState(null, '', `/staff${path}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

describe('a teacher’s statement', () => {
  it('shows the month’s lines, what the whole course sold, the totals, and asks again for another month', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetTeacherStatement, (call: { query: Record<string, string> }) =>
        call.query.month === '2026-10'
          ? { data: OCTOBER }
          : {
              data: {
                ...OCTOBER,
                month: call.query.month,
                lines: [],
                totals: { count: 0, amount: 0, share: 0, refunds: 0 },
              },
            },
      ),
    ]);
    openSignedOut();
    await signIn('admin@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    go('/teachers/4/statement');
    const month = await screen.findByLabelText('الشهر');
    fireEvent.change(month, { target: { value: '2026-10' } });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('فيزياء الصف الثالث');
    expect(rows[1]).toHaveTextContent('قانون أوم');
    expect(rows[1]).toHaveTextContent('المحفظة');
    expect(rows[1]).toHaveTextContent('140.00 جنيه');
    expect(rows[2]).toHaveTextContent('الدورة كاملة');
    expect(rows[2]).toHaveTextContent('نقدًا في المركز');
    expect(rows[3]).toHaveTextContent('الإجمالي');
    expect(rows[3]).toHaveTextContent('158.00 جنيه');
    expect(
      screen.getByText('3 عملية بيع بقيمة 230.00 جنيه، نصيب المدرس منها 158.00 جنيه'),
    ).toBeInTheDocument();
    expect(api.callsTo(e.staffGetTeacherStatement, { id: 4 }).map((c) => c.query.month)).toContain(
      '2026-10',
    );
    fireEvent.change(month, { target: { value: '2026-09' } });
    expect(await screen.findByText('لا مبيعات في هذا الشهر')).toBeInTheDocument();
  });

  it('says a refund’s line is given back, and the month’s net after refunds', async () => {
    const withRefund: StaffTeacherStatement = {
      ...OCTOBER,
      lines: [
        ...OCTOBER.lines,
        {
          kind: 'refund',
          course: { id: 7, name: 'فيزياء الصف الثالث' },
          lecture: { id: 70, name: 'قانون أوم' },
          method: 'wallet',
          count: 1,
          amount: -100,
          share_percent: 70,
          share: -70,
        },
      ],
      // 230 − 100 = 130; 158 − 70 = 88.
      totals: { count: 3, amount: 130, share: 88, refunds: 100 },
    };
    fakeStaffApi([...staffBasics(ADMIN), answer(e.staffGetTeacherStatement, { data: withRefund })]);
    openSignedOut();
    await signIn('admin@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    go('/teachers/4/statement');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('مردود — المحفظة');
    expect(rows[3]).toHaveTextContent('-70.00 جنيه');
    expect(
      screen.getByText(
        '3 عملية بيع، رُد منها هذا الشهر 100.00 جنيه، فالصافي 130.00 جنيه ونصيب المدرس منه 88.00 جنيه',
      ),
    ).toBeInTheDocument();
  });

  it('puts the teacher’s share of this month on their home, linked to their statement, and their courses’ figures without the school’s money', async () => {
    const SALES = ['wallet', 'paycard', 'cash', 'free', 'grant'] as const;
    const stats: StaffStats = {
      from: '2026-11-01',
      to: '2026-11-30',
      previous: { from: '2026-10-02', to: '2026-10-31' },
      new_students: { total: 9, previous_total: 3, by_day: [{ day: '2026-11-05', count: 9 }] },
      enrolments: { total: 11, previous_total: 4, by_day: [{ day: '2026-11-05', count: 11 }] },
      sales: {
        total: 5,
        previous_total: 5,
        by_method: SALES.map((method, i) => ({ method, count: [5, 0, 0, 0, 0][i]! })),
      },
      revenue: null,
      recharges_pending: null,
      exams: {
        taken: 4,
        previous_taken: 2,
        marked: 4,
        awaiting_marking: 0,
        average_score: 72.5,
        previous_average_score: 60,
      },
    };
    const api = fakeStaffApi([
      ...staffBasics({ ...TEACHER, teacher_id: 4, may_set_prices: false }),
      list(e.staffListCourses, [staffCourse({ id: 7 })]),
      list(e.staffListMarking, []),
      answer(e.staffGetTeacherStatement, { data: OCTOBER }, { params: { id: 4 } }),
      answer(e.staffGetStats, { data: stats }),
    ]);
    openSignedOut();
    await signIn('teacher@dars.test');
    const share = await screen.findByRole('link', { name: /نصيبي هذا الشهر/ });
    await waitFor(() => expect(share).toHaveTextContent('158.00 جنيه'));
    expect(share).toHaveAttribute('href', '/staff/teachers/4/statement');
    // 9 against 3: up 6 / 3 = 200 %.
    const students = (
      await screen.findByText('طلاب جدد في دوراتي', {}, { timeout: 60_000 })
    ).closest('li, .MuiCard-root, .MuiPaper-root') as HTMLElement;
    expect(within(students).getByText('زيادة 200٪ عن الفترة السابقة (3)')).toBeInTheDocument();
    expect(screen.getByText('72.5٪')).toBeInTheDocument();
    expect(screen.queryByText('الإيرادات')).not.toBeInTheDocument();
    expect(screen.queryByText('طلبات شحن تنتظر المراجعة')).not.toBeInTheDocument();
    expect(api.callsTo(e.staffGetStats).length).toBeGreaterThan(0);
  }, 120_000);
});

describe('a teacher’s terms', () => {
  const course = staffCourse({ id: 7, name: 'فيزياء', price: 120, free: false, teacher_ids: [4] });
  const basics = [
    list(e.staffListCourses, []),
    list(e.staffListMarking, []),
    answer(e.staffGetCourse, { data: course }, { params: { id: 7 } }),
    list(e.staffListLectures, []),
    list(e.staffListGrades, []),
    list(e.staffListCategories, []),
    list(e.staffListTeachers, [staffTeacher({ id: 4, name: 'أ. محمد عبد الحميد' })]),
    answer(e.staffGetTeacher, { data: staffTeacher({ id: 4, revenue_share_percent: 60 }) }),
  ];

  it('lets a teacher the admin allowed set their course’s price', async () => {
    fakeStaffApi([...staffBasics({ ...TEACHER, teacher_id: 4, may_set_prices: true }), ...basics]);
    openSignedOut();
    await signIn('teacher@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    go('/courses/7');
    expect(await screen.findByLabelText(/السعر/)).toBeEnabled();
    expect(screen.queryByText('تعديل الأسعار متاح للمدير فقط')).not.toBeInTheDocument();
  });

  it('shows a leader the share and the price permission disabled, as the admin’s', async () => {
    fakeStaffApi([...staffBasics(LEADER), ...basics]);
    openSignedOut();
    await signIn('leader@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    go('/teachers/4');
    expect(await screen.findByLabelText(/نسبة المدرس من المبيعات/)).toBeDisabled();
    expect(screen.getAllByText('يحددها المدير فقط')).toHaveLength(2);
    // Money: no statement for a leader.
    expect(screen.queryByRole('link', { name: 'كشف الحساب' })).not.toBeInTheDocument();
  });

  it('lets the admin set them, and open the statement from the teacher’s page', async () => {
    fakeStaffApi([...staffBasics(ADMIN), ...basics]);
    openSignedOut();
    await signIn('admin@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    go('/teachers/4');
    expect(await screen.findByLabelText(/نسبة المدرس من المبيعات/)).toBeEnabled();
    expect(await screen.findByRole('link', { name: 'كشف الحساب' })).toHaveAttribute(
      'href',
      '/staff/teachers/4/statement',
    );
  });
});
