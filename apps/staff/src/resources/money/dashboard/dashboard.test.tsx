import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints as e, type StaffStats, type StaffUser } from '@dars/contract';
import { ADMIN, LEADER, answer, fakeStaffApi, staffBasics } from '../../../test/fake-api';
import { compare, dayLabel, daysInMonth, monthOf, periodLength } from './dashboard-days';
import { openConsole } from '../../../test/console';
import { tableLines } from '../../../test/browser';

/**
 * What the dashboard shows of the server's figures (issue 23, ADR 033): every figure beside
 * the period before, money only for an admin, the period picked as day, month and year.
 * The figures are the test's own; the expected texts are written out by hand.
 */

const SALES = ['wallet', 'paycard', 'cash', 'free', 'grant'] as const;

const STATS: StaffStats = {
  from: '2026-11-01',
  to: '2026-11-30',
  previous: { from: '2026-10-02', to: '2026-10-31' },
  new_students: { total: 12, previous_total: 10, by_day: [{ day: '2026-11-05', count: 12 }] },
  enrolments: { total: 6, previous_total: 8, by_day: [{ day: '2026-11-05', count: 6 }] },
  sales: {
    total: 7,
    previous_total: 0,
    by_method: SALES.map((method, i) => ({ method, count: [3, 1, 2, 1, 0][i]! })),
  },
  revenue: {
    total: 1250.5,
    previous_total: 1000.4,
    by_day: [{ day: '2026-11-05', amount: 1250.5 }],
    by_method: [
      { method: 'fawry', amount: 825, count: 3 },
      { method: 'cash', amount: 325.5, count: 2 },
      { method: 'recharge_card', amount: 100, count: 1 },
    ],
    sales: {
      total: 725.5,
      previous_total: 725.5,
      by_method: SALES.map((method, i) => ({ method, amount: [340, 60, 325.5, 0, 0][i]! })),
    },
    refunds: { total: 150, previous_total: 0, cash: 50, count: 2 },
    by_course: [
      { course: { id: 1, name: 'الفيزياء كاملة' }, amount: 550, count: 2 },
      { course: { id: 2, name: 'لغة عربية' }, amount: 175.5, count: 4 },
    ],
    by_teacher: [
      { teacher: { id: 9, name: 'أ. منى' }, amount: 550, count: 2 },
      { teacher: null, amount: 175.5, count: 4 },
    ],
  },
  recharges_pending: { count: 3, amount: 450 },
  exams: {
    taken: 3,
    previous_taken: 1,
    marked: 2,
    awaiting_marking: 1,
    average_score: 81.3,
    previous_average_score: 75,
  },
};

function answering(body: StaffStats) {
  return answer(e.staffGetStats, { data: body });
}

const open = (user: StaffUser = ADMIN) => openConsole('/', user);

beforeAll(async () => {
  await import('./dashboard-charts');
}, 240_000);
beforeEach(() => {
  // jsdom has no layout: the charts measure their box with ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

/** The tile whose heading is `name`. */
async function tile(name: string) {
  const heading = await screen.findByRole('heading', { name });
  return within(heading.parentElement!);
}

describe('the dashboard, for an admin', { timeout: 240_000 }, () => {
  it('shows each figure beside the period before', async () => {
    fakeStaffApi([...staffBasics(ADMIN), answering(STATS)]);
    open();
    expect(
      await screen.findByText(
        'كل رقم مقارن بالفترة السابقة بالطول نفسه: من 2 أكتوبر 2026 إلى 31 أكتوبر 2026.',
      ),
    ).toBeInTheDocument();
    // 12 against 10: up 2 / 10 = 20 %.
    const students = await tile('طلاب جدد');
    expect(students.getByText('12')).toBeInTheDocument();
    expect(students.getByText('زيادة 20٪ عن الفترة السابقة (10)')).toBeInTheDocument();
    // 6 against 8: down 2 / 8 = 25 %.
    const enrolments = await tile('اشتراكات في دورات');
    expect(enrolments.getByText('نقص 25٪ عن الفترة السابقة (8)')).toBeInTheDocument();
    // 1,250.50 against 1,000.40: up 250.10 / 1,000.40 = 25.0 % → 25.
    const revenue = await tile('الإيرادات');
    expect(revenue.getByText('1,250.50 جنيه')).toBeInTheDocument();
    expect(revenue.getByText('زيادة 25٪ عن الفترة السابقة (1,000.40 جنيه)')).toBeInTheDocument();
    // Two refunds of 150.00, 50.00 of them paid back in cash (ADR 050).
    expect(
      revenue.getByText('رُد منها عمليتان بقيمة 150.00 جنيه (نقدًا 50.00 جنيه)'),
    ).toBeInTheDocument();
    // 7 sales against none.
    const sales = await tile('مبيعات (دورات ومحاضرات)');
    expect(sales.getByText('لا شيء في الفترة السابقة')).toBeInTheDocument();
    const exams = await tile('متوسط درجات الامتحانات');
    expect(exams.getByText('81.3٪')).toBeInTheDocument();
    expect(exams.getByText('أُدّي 3 امتحانات، وصُحّح منها 2')).toBeInTheDocument();
    expect(exams.getByText('امتحان واحد بانتظار التصحيح (خارج المتوسط)')).toBeInTheDocument();
    expect(exams.getByText('الفترة السابقة: 75٪')).toBeInTheDocument();
    const pending = await tile('طلبات شحن تنتظر المراجعة');
    expect(pending.getByText('بقيمة 450.00 جنيه')).toBeInTheDocument();
    expect(pending.getByRole('link', { name: 'مراجعة الطلبات' })).toHaveAttribute(
      'href',
      '/staff/mobile-payments',
    );
  });

  it('lists money in by method (cash at the centre among them), sales by method, by course and by teacher', async () => {
    fakeStaffApi([...staffBasics(ADMIN), answering(STATS)]);
    open();
    expect(
      await screen.findByText('نقدًا في المركز: 325.50 جنيه (عمليتان)', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText('فوري: 825.00 جنيه (3 عمليات)', { exact: false })).toBeInTheDocument();

    const sales = screen.getByRole('table', { name: 'المبيعات حسب طريقة الدفع' });
    expect(tableLines(sales)).toEqual([
      ['طريقة الدفع', 'عدد المبيعات', 'المبلغ'],
      ['من المحفظة', '3', '340.00 جنيه'],
      ['كارت دفع', '1', '60.00 جنيه'],
      ['نقدًا في المركز', '2', '325.50 جنيه'],
      ['مجاناً', '1', '0.00 جنيه'],
      ['منحة بدون دفع', '0', '0.00 جنيه'],
      ['المجموع', '7', '725.50 جنيه'],
    ]);
    expect(
      screen.getByText(/^قيمة المبيعات: مثل الفترة السابقة \(725.50 جنيه\)$/),
    ).toBeInTheDocument();

    const courses = screen.getByRole('table', { name: 'المبيعات المدفوعة حسب الدورة' });
    expect(
      within(courses).getByRole('row', { name: /الفيزياء كاملة 2 550.00 جنيه/ }),
    ).toBeInTheDocument();
    const teachers = screen.getByRole('table', { name: 'المبيعات المدفوعة حسب المدرس' });
    expect(
      within(teachers).getByRole('row', { name: /بدون مدرس 4 175.50 جنيه/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('أعلى يوم إيراداً: 5 نوفمبر 2026 (1,250.50 جنيه)')).toBeInTheDocument();
  });

  it('asks for the period picked as day, month and year, and for the usual periods', async () => {
    const api = fakeStaffApi([...staffBasics(ADMIN), answering(STATS)]);
    const user = open();
    const from = await screen.findByRole('group', { name: 'من يوم' });
    await user.selectOptions(within(from).getByRole('combobox', { name: 'السنة' }), '2025');
    await user.selectOptions(within(from).getByRole('combobox', { name: 'الشهر' }), 'فبراير');
    await user.selectOptions(within(from).getByRole('combobox', { name: 'اليوم' }), '28');
    const to = screen.getByRole('group', { name: 'إلى يوم' });
    await user.selectOptions(within(to).getByRole('combobox', { name: 'السنة' }), '2025');
    await user.selectOptions(within(to).getByRole('combobox', { name: 'الشهر' }), 'مارس');
    await user.selectOptions(within(to).getByRole('combobox', { name: 'اليوم' }), '3');
    expect(api.callsTo(e.staffGetStats).at(-1)!.query).toEqual({
      from: '2025-02-28',
      to: '2025-03-03',
    });
    // The month names are Arabic, the days Western digits; February 2025 has 28 days.
    expect(within(from).getByRole('combobox', { name: 'الشهر' })).toHaveDisplayValue('فبراير');
    const days = within(within(from).getByRole('combobox', { name: 'اليوم' })).getAllByRole(
      'option',
    );
    expect(days.map((d) => d.textContent)).toEqual(
      Array.from({ length: 28 }, (_, i) => String(i + 1)),
    );
    await user.click(screen.getByRole('button', { name: 'آخر 7 أيام' }));
    const { from: a, to: b } = api.callsTo(e.staffGetStats).at(-1)!.query;
    expect(periodLength(a!, b!)).toBe(7);
    expect(screen.getByRole('button', { name: 'آخر 7 أيام' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('the dashboard, for a leader', { timeout: 240_000 }, () => {
  it('has the counts and no money: no revenue, no amounts, no course or teacher money', async () => {
    fakeStaffApi([...staffBasics(LEADER), answering({ ...STATS, revenue: null })]);
    open(LEADER);
    const revenue = await tile('الإيرادات');
    expect(revenue.getByText('للمدير فقط')).toBeInTheDocument();
    const sales = screen.getByRole('table', { name: 'المبيعات حسب طريقة الدفع' });
    expect(within(sales).queryByRole('columnheader', { name: 'المبلغ' })).toBeNull();
    expect(within(sales).getByRole('row', { name: 'نقدًا في المركز 2' })).toBeInTheDocument();
    expect(screen.queryByText('الإيرادات يوماً بيوم')).toBeNull();
    expect(screen.queryByText('المبيعات المدفوعة حسب الدورة')).toBeNull();
    expect(screen.queryByText(/جنيه/, { selector: 'td' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /بطاقات الدفع/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /المدفوعات الإلكترونية/ })).toBeNull();
  });
});

describe('days and changes', () => {
  it('writes a day as its number and Arabic month, Western digits', () => {
    expect(dayLabel('2026-03-05')).toBe('5 مارس');
    expect(dayLabel('2026-12-31')).toBe('31 ديسمبر');
  });

  it('knows months and periods: leap years, month ends', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(monthOf('2026-03-15', 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2026-01-10', 1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodLength('2026-02-26', '2026-03-03')).toBe(6);
  });

  it('compares with the period before in whole percent; none before has no percent', () => {
    expect(compare(12, 10)).toEqual({ direction: 'up', percent: 20 });
    expect(compare(6, 8)).toEqual({ direction: 'down', percent: 25 });
    expect(compare(1, 3)).toEqual({ direction: 'down', percent: 67 });
    expect(compare(7, 0)).toEqual({ direction: 'up', percent: null });
    expect(compare(0, 0)).toEqual({ direction: 'same', percent: 0 });
  });
});
