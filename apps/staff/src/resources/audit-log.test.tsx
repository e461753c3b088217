import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import { StaffApp } from '../app';
import { ADMIN, fakeStaffApi, list, staffBasics } from '../test/fake-api';
import { onPhone } from '../test/phone';
import { auditWordKey, type AuditEntry } from './audit-log';
import { AUDIT_RESOURCES } from './people-texts';
import { consoleArabic } from '../i18n/ar';
import { openConsole } from '../test/console';
import { tableLines } from '../test/browser';

// The audit log names what changed (issue 23, ADR 034): the record by name with a link while
// it exists, its fields by their Arabic names, and Latin values isolated in the Arabic line.

vi.setConfig({ testTimeout: 90_000 });

const ENTRIES: AuditEntry[] = [
  {
    id: 41,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'update',
    resource: 'exams',
    resource_id: '9',
    resource_name: 'امتحان الكهرباء',
    resource_exists: true,
    before: { id: 9, name: 'امتحان الكهرباء', exam_code: 'PHY-1', pass_percentage: 50 },
    after: { id: 9, name: 'امتحان الكهرباء', exam_code: 'PHY-2026', pass_percentage: 60 },
    created_at: '2026-11-28T12:05:00Z',
  },
  {
    id: 40,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'delete',
    resource: 'courses',
    resource_id: '12',
    resource_name: 'دورة قديمة',
    resource_exists: false,
    before: { id: 12, name: 'دورة قديمة', image_url: '/files/courses/12.png' },
    after: null,
    created_at: '2026-11-28T11:00:00Z',
  },
  {
    id: 38,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'disable',
    resource: 'paycard-batches',
    resource_id: '4',
    resource_name: '50.00 جنيه × 3',
    resource_exists: true,
    before: { id: 4, unused: 3, disabled: 0 },
    after: { id: 4, unused: 0, disabled: 3 },
    created_at: '2026-11-28T09:00:00Z',
  },
  {
    id: 39,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'update',
    resource: 'settings',
    resource_id: null,
    resource_name: null,
    resource_exists: false,
    before: { teachers_page: true },
    after: { teachers_page: false },
    created_at: '2026-11-28T10:00:00Z',
  },
  // Codes in the states (issue 23): each shown by the word its own screen uses.
  {
    id: 37,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'recheck',
    resource: 'payment-orders',
    resource_id: '500000000000000023',
    resource_name: null,
    resource_exists: true,
    before: { status: 'pending' },
    after: { status: 'paid', result: 'credited', transaction_serial: 42 },
    created_at: '2026-11-28T08:00:00Z',
  },
  {
    id: 36,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'update',
    resource: 'exams',
    resource_id: '10',
    resource_name: 'واجب الفصل الأول',
    resource_exists: true,
    before: { id: 10, kind: 'exam', exam_code: 'HW-1' },
    after: { id: 10, kind: 'homework', exam_code: 'HW-1' },
    created_at: '2026-11-28T07:00:00Z',
  },
  {
    id: 35,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'approve',
    resource: 'mobile-payments',
    resource_id: '6',
    resource_name: null,
    resource_exists: true,
    before: { id: 6, status: 'pending' },
    after: { id: 6, status: 'approved' },
    created_at: '2026-11-28T06:00:00Z',
  },
  {
    id: 34,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'send',
    resource: 'messages',
    resource_id: '2',
    resource_name: null,
    resource_exists: false,
    before: null,
    after: { audience: 'grade', target: 2, sent: 30 },
    created_at: '2026-11-28T05:00:00Z',
  },
  {
    // A code no catalogue words (a state added later): shown as it is, left to right.
    id: 33,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'update',
    resource: 'payment-orders',
    resource_id: '500000000000000024',
    resource_name: null,
    resource_exists: true,
    before: { status: 'paid' },
    after: { status: 'refunded' },
    created_at: '2026-11-28T04:00:00Z',
  },
];

async function openLog() {
  fakeStaffApi([
    ...staffBasics(ADMIN),
    list(e.staffListAuditLog, ENTRIES),
    list(e.staffListAccounts, []),
  ]);
  window.history.replaceState(null, '', '/staff/');
  render(<StaffApp />);
  const user = userEvent.setup();
  await user.type(
    await screen.findByLabelText(/^البريد الإلكتروني/, { selector: 'input' }, { timeout: 20_000 }),
    'admin@dars.test',
  );
  await user.type(screen.getByLabelText(/^كلمة المرور/, { selector: 'input' }), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  await screen.findByRole('menuitem', { name: /الدورات/ }, { timeout: 20_000 });
  window.history.pushState(null, '', '/staff/audit-log');
  window.dispatchEvent(new PopStateEvent('popstate'));
  return user;
}

describe('the audit log on a phone', () => {
  it('opens on the rows, with its filters behind «إضافة عامل تصفية», each added when wanted', async () => {
    onPhone();
    try {
      fakeStaffApi([
        ...staffBasics(ADMIN),
        list(e.staffListAuditLog, ENTRIES),
        list(e.staffListAccounts, []),
      ]);
      const user = openConsole('/audit-log');
      // The rows are on the first screen (as cards), and no filter field is above them.
      expect((await screen.findAllByText(/امتحان الكهرباء/)).length).toBeGreaterThan(0);
      expect(screen.queryAllByRole('combobox')).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'إضافة عامل تصفية' }));
      // Each named in Arabic (the staff member's was «Staff user»).
      const items = await screen.findAllByRole('menuitemcheckbox');
      expect(items.map((m) => m.textContent)).toEqual([
        'بواسطة',
        'القسم',
        'الإجراء',
        'من تاريخ',
        'إلى تاريخ',
        'رقم العنصر',
      ]);
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'القسم' }));
      expect(await screen.findByRole('combobox', { name: 'القسم' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the audit log names what changed', () => {
  it('links a record that exists, names a deleted one without a link, and a singleton by kind', async () => {
    await openLog();
    const exam = await screen.findByRole('link', { name: 'امتحان الكهرباء' });
    expect(exam).toHaveAttribute('href', '/staff/exams/9');
    expect(exam.closest('td')).toHaveTextContent('الامتحانات: امتحان الكهرباء #9');

    const gone = screen.getByText('دورة قديمة');
    expect(gone.closest('a')).toBeNull();
    expect(gone.closest('td')).toHaveTextContent('الدورات: دورة قديمة #12');

    expect(screen.getByRole('link', { name: 'الإعدادات' })).toHaveAttribute(
      'href',
      '/staff/settings',
    );
  });

  it('shows the changed fields by their Arabic names and isolates Latin values', async () => {
    const user = await openLog();
    const row = (await screen.findByRole('link', { name: 'امتحان الكهرباء' })).closest('tr')!;
    await user.click(within(row).getByText('تعديل'));
    const changes = await screen.findByRole('table', { name: 'تفاصيل التغيير رقم 41' });
    expect(tableLines(changes)).toEqual([
      ['الحقل', 'قبل', 'بعد'],
      ['كود الامتحان', 'PHY-1', 'PHY-2026'],
      ['نسبة النجاح (%)', '50', '60'],
    ]);
    // The exam code sits in its own left-to-right island inside the Arabic line.
    const code = within(changes).getByText('PHY-2026');
    expect(code.tagName).toBe('BDI');
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(code.style.unicodeBidi).toBe('isolate');

    // A deleted course's image path: every field of the delete, the path isolated too.
    const gone = screen.getByText('دورة قديمة').closest('tr')!;
    await user.click(within(gone).getByText('حذف'));
    const deleted = await screen.findByRole('table', { name: 'تفاصيل التغيير رقم 40' });
    const path = within(deleted).getByText('/files/courses/12.png');
    expect(path.tagName).toBe('BDI');
    expect(path).toHaveAttribute('dir', 'ltr');
    // An Arabic value keeps the line's direction, still isolated.
    const name = within(deleted).getByText('دورة قديمة');
    expect(name.tagName).toBe('BDI');
    expect(name).toHaveAttribute('dir', 'auto');
    expect(within(deleted).getByRole('rowheader', { name: 'صورة الدورة' })).toBeInTheDocument();

    // Fields the resource's own labels do not name take the log's Arabic names.
    const batch = screen.getByText('50.00 جنيه × 3').closest('tr')!;
    await user.click(within(batch).getByText('تعطيل'));
    const disabled = await screen.findByRole('table', { name: 'تفاصيل التغيير رقم 38' });
    const names = within(disabled)
      .getAllByRole('rowheader')
      .map((c) => c.textContent);
    expect(names).toEqual(['المتاح', 'الموقوف']);
  });
});

describe('the audit log words the codes in what changed (issue 23)', () => {
  /** Opens the entry whose target reads `target` and answers its table's values by row. */
  async function changesOf(user: Awaited<ReturnType<typeof openLog>>, target: string, id: number) {
    const row = (await screen.findByText(target)).closest('tr')!;
    await user.click(within(row).getAllByRole('cell')[0]!);
    const table = await screen.findByRole('table', { name: `تفاصيل التغيير رقم ${id}` });
    // The values only: the field's name is the row's header cell.
    return { table, lines: tableLines(table, 'td').slice(1) };
  }

  it('shows a payment order’s state and a re-check’s result in Arabic, and a code it has no word for as it is, left to right', async () => {
    const user = await openLog();
    const recheck = await changesOf(user, '#500000000000000023', 37);
    expect(recheck.lines).toEqual([
      ['معلق', 'مدفوع'],
      ['—', 'أُضيف المبلغ إلى المحفظة'],
      ['—', '42'],
    ]);
    expect(within(recheck.table).queryByText('paid')).toBeNull();
    expect(within(recheck.table).queryByText('credited')).toBeNull();

    const later = await changesOf(user, '#500000000000000024', 33);
    expect(later.lines).toEqual([['مدفوع', 'refunded']]);
    const raw = within(later.table).getByText('refunded');
    expect(raw.tagName).toBe('BDI');
    expect(raw).toHaveAttribute('dir', 'ltr');
    const word = within(later.table).getByText('مدفوع');
    expect(word.tagName).toBe('BDI');
    expect(word).toHaveAttribute('dir', 'auto');
  });

  it('finds each word where the catalogue keeps it: a payment method from either list, a role, a question type', () => {
    const at = (key: string | undefined) =>
      key?.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], consoleArabic);
    expect(at(auditWordKey('students', 'method', 'wallet'))).toBe('المحفظة');
    expect(at(auditWordKey('payment-orders', 'method', 'paymob_card'))).toBe('بطاقة بنكية');
    expect(at(auditWordKey('payment-orders', 'provider', 'fawry-staging'))).toBe('فوري (تجريبي)');
    expect(at(auditWordKey('payment-orders', 'result', 'not-paid'))).toBe('لم تتم عملية الدفع');
    expect(at(auditWordKey('students', 'pay_by', 'cash'))).toBe('نقدًا في المركز');
    expect(at(auditWordKey('accounts', 'role', 'leader'))).toBe('مشرف');
    expect(at(auditWordKey('courses', 'pay_type', 'lectures'))).toBe('شراء المحاضرات منفردة');
    expect(at(auditWordKey('questions', 'type', 'truefalse'))).toBe('صواب وخطأ');
    expect(at(auditWordKey('support-tickets', 'kind', 'guest'))).toBe('زائر');
    expect(at(auditWordKey('support-tickets', 'status', 'answered'))).toBe('تم الرد');
    // An exam's attempt rule (ADR 047), and the fields of a student's extra attempts.
    expect(at(auditWordKey('exams', 'attempt_rule', 'average'))).toBe('متوسط المحاولات');
    expect(at('resources.exams.fields.attempt_rule')).toBe('المحاولة المحتسبة');
    expect(at('resources.exam-attempt-grants.fields.extra_attempts')).toBe(
      'عدد المحاولات الإضافية',
    );
    expect(AUDIT_RESOURCES['exam-attempt-grants']).toBe('المحاولات الإضافية في الامتحانات');
    // A field of no codes, and a value that is no code, are not looked up.
    expect(auditWordKey('courses', 'name', 'course')).toBeUndefined();
    expect(auditWordKey('exams', 'kind', 'dars.kind')).toBeUndefined();
  });

  it('shows an exam’s kind, a recharge request’s state and a message’s audience in Arabic', async () => {
    const user = await openLog();
    expect((await changesOf(user, 'واجب الفصل الأول', 36)).lines).toEqual([['امتحان', 'واجب']]);
    expect((await changesOf(user, '#6', 35)).lines).toEqual([['قيد المراجعة', 'مقبول']]);
    const sent = await changesOf(user, '#2', 34);
    expect(sent.lines).toEqual([
      ['—', 'طلاب صف دراسي'],
      ['—', '2'],
      ['—', '30'],
    ]);
    expect(within(sent.table).queryByText('grade')).toBeNull();
  });
});
