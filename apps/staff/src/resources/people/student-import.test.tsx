import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  staffEndpoints as e,
  type StaffStudentDetail,
  type StudentImportReport,
} from '@dars/contract';
import { ADMIN, LEADER, answer, fakeStaffApi, list, staffBasics } from '../../test/fake-api';
import { openConsole } from '../../test/console';
import { staffNamed } from '../../test/fixtures';
import { templateCsv } from './student-import';

/**
 * Students brought in (issue 28, ADR 052) in the console: the import page's report and its
 * import button, the add form's field errors, and the set-password link's dialog. Calls are
 * answered at the fetch boundary by the contract's entries.
 */

const STUDENT: StaffStudentDetail = {
  id: 51,
  name: 'سارة أحمد',
  email: null,
  phone: '01011111111',
  grade: null,
  balance: 0,
  wallet_address: 'DW5555555555',
  email_verified: false,
  blocked: false,
  blocked_at: null,
  blocked_reason: null,
  created_at: '2026-11-30T10:00:00.000Z',
  center_name: null,
  parent_phone: '01222333444',
  parent_email: null,
  courses_count: 0,
  purchases_count: 0,
  sessions_count: 0,
  transactions_count: 0,
  refunds_count: 0,
};

const LINK = 'http://school.test/welcome#k3YhT0kenThatIsLongEnough_abcdefghijkl';

function report(fields: Partial<StudentImportReport> = {}): StudentImportReport {
  return {
    applied: false,
    import_id: null,
    rows: 3,
    valid: 2,
    invalid: 1,
    created: 0,
    ignored_columns: ['ملاحظات'],
    columns: ['name', 'phone'],
    problems: [
      {
        row: 4,
        column: 'الهاتف',
        value: '0101111',
        message: 'رقم الهاتف غير صحيح: رقم موبايل مصري من 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015',
      },
    ],
    preview: [
      {
        row: 2,
        name: 'سارة أحمد',
        phone: '01011111111',
        email: null,
        grade: null,
        courses: [],
        cash: 0,
        balance: 0,
        ok: true,
      },
    ],
    grants: 0,
    cash_total: 0,
    balance_total: 150.5,
    invitations: 0,
    invitations_by_phone: false,
    message: 'في الملف صفوف بها أخطاء؛ صحّحها وارفع الملف مرة أخرى، أو استورد الصفوف السليمة فقط',
    ...fields,
  };
}

/** The multipart form's text fields of a recorded call. */
function flags(body: unknown): Record<string, string> {
  const form = body as FormData;
  return { dry_run: String(form.get('dry_run')), skip_invalid: String(form.get('skip_invalid')) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

beforeAll(async () => {
  await Promise.all([import('./students'), import('./student-import')]);
}, 240_000);

describe('bringing students in', { timeout: 240_000 }, () => {
  it('shows the problems of a checked file and imports the valid rows only once asked to', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffImportStudents, (c: { body: unknown }) =>
        flags(c.body).dry_run === '1'
          ? { data: report() }
          : {
              data: report({
                applied: true,
                import_id: 'imp-1',
                created: 2,
                invitations: 1,
                message: 'تم الاستيراد، وعدد الطلاب المضافين: 2',
              }),
            },
      ),
    ]);
    const user = openConsole('/students/import');
    await screen.findByRole('heading', { name: 'استيراد طلاب', level: 1 }, { timeout: 30_000 });
    const check = screen.getByRole('button', { name: 'فحص الملف' });
    expect(check).toBeDisabled();
    const file = new File(['الاسم,الهاتف\n'], 'roster.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('student-import-file'), file);
    expect(screen.getByText(/الملف المختار: .roster\.csv./)).toBeInTheDocument();
    await user.click(check);

    const heading = await screen.findByRole('heading', { name: 'نتيجة الفحص' });
    await waitFor(() => expect(heading).toHaveFocus());
    const problems = screen.getByRole('table', { name: 'الأخطاء (1)' });
    const [, row] = within(problems).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '4',
      'الهاتف',
      '0101111',
      'رقم الهاتف غير صحيح: رقم موبايل مصري من 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015',
    ]);
    expect(within(row!).getByText('0101111')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('أعمدة لم نعرفها وستُترك: ملاحظات')).toBeInTheDocument();
    expect(screen.getByText('150.50 جنيه')).toBeInTheDocument();

    const submit = screen.getByRole('button', { name: 'استيراد طالبان' });
    expect(submit).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'استيراد الصفوف السليمة فقط وترك الصفوف التي بها أخطاء',
      }),
    );
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'تم الاستيراد' })).toBeInTheDocument();
    expect(screen.getByText('أُضيف طالبان.')).toBeInTheDocument();
    expect(
      screen.getByText('سيُرسل رابط تعيين كلمة المرور بالبريد إلى طالب واحد.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى قائمة الطلاب' })).toHaveAttribute(
      'href',
      '/staff/students',
    );
    const calls = api.callsTo(e.staffImportStudents);
    expect(calls.map((c) => flags(c.body))).toEqual([
      { dry_run: '1', skip_invalid: '0' },
      { dry_run: '0', skip_invalid: '1' },
    ]);
    expect((calls[0]!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('forgets the report when another file is picked, and says why a file is refused', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffImportStudents, (c: { body: unknown }) => {
        const name = ((c.body as FormData).get('file') as File).name;
        return name === 'good.csv'
          ? {
              data: report({
                invalid: 0,
                problems: [],
                ignored_columns: [],
                message: 'الملف سليم، وعدد الطلاب الجاهزين للاستيراد: 2',
              }),
            }
          : undefined;
      }),
      answer(
        e.staffImportStudents,
        {
          message: 'لم نجد عمود «الاسم» في السطر الأول من الملف',
          errors: { file: ['لم نجد عمود «الاسم» في السطر الأول من الملف'] },
        },
        { status: 422 },
      ),
    ]);
    const user = openConsole('/students/import');
    await screen.findByRole('heading', { name: 'استيراد طلاب', level: 1 }, { timeout: 30_000 });
    const input = screen.getByTestId('student-import-file');
    await user.upload(input, new File(['x'], 'good.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'فحص الملف' }));
    expect(await screen.findByText('الملف سليم، وعدد الطلاب الجاهزين للاستيراد: 2')).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استيراد طالبان' })).toBeEnabled();

    await user.upload(input, new File(['x'], 'bad.csv', { type: 'text/csv' }));
    expect(screen.queryByRole('heading', { name: 'نتيجة الفحص' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'فحص الملف' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'لم نجد عمود «الاسم» في السطر الأول من الملف',
    );
  });

  it('pages a report of thousands of problems', async () => {
    const problems = Array.from({ length: 5_000 }, (_, i) => ({
      row: i + 2,
      column: 'الاسم',
      value: null,
      message: 'الاسم مطلوب',
    }));
    fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffImportStudents, {
        data: report({ rows: 5_000, valid: 0, invalid: 5_000, problems }),
      }),
    ]);
    const user = openConsole('/students/import');
    await screen.findByRole('heading', { name: 'استيراد طلاب', level: 1 }, { timeout: 30_000 });
    await user.upload(
      screen.getByTestId('student-import-file'),
      new File(['x'], 'big.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'فحص الملف' }));
    const table = await screen.findByRole('table', { name: 'الأخطاء (5,000)' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 من 5,000')).toBeInTheDocument();
    // No valid row: nothing to import, and no box to tick.
    expect(screen.queryByRole('button', { name: /^استيراد / })).not.toBeInTheDocument();
    expect(screen.getByText('لا يوجد في الملف صف سليم للاستيراد.')).toBeInTheDocument();
  });

  it('is the admin’s: a leader sees neither the buttons nor the page', async () => {
    fakeStaffApi([
      ...staffBasics(LEADER),
      list(e.staffListStudents, [STUDENT]),
      list(e.staffListGrades, []),
    ]);
    openConsole('/students', LEADER);
    await screen.findByText('سارة أحمد', {}, { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: 'إضافة طالب' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'استيراد طلاب' })).not.toBeInTheDocument();
  });

  it("puts the server's 422 under the phone, then shows the new student's link", async () => {
    let tries = 0;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListStudents, []),
      list(e.staffListGrades, [staffNamed({ id: 3, name: 'الصف الثالث الثانوي' })]),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 51 } }),
      answer(e.staffCreateStudent, () => {
        tries += 1;
        return tries === 1
          ? undefined
          : {
              data: STUDENT,
              invitation: { url: LINK, expires_at: '2026-12-07T10:00:00.000Z', mailed: false },
            };
      }),
      answer(
        e.staffCreateStudent,
        {
          message: 'يوجد حساب مسجل بهذا الرقم بالفعل',
          errors: { phone: ['يوجد حساب مسجل بهذا الرقم بالفعل'] },
        },
        { status: 422 },
      ),
    ]);
    const user = openConsole('/students');
    await user.click(
      await screen.findByRole('button', { name: 'إضافة طالب' }, { timeout: 30_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'إضافة طالب' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^الاسم/ }), 'سارة أحمد');
    await fill(user, within(dialog).getByRole('textbox', { name: /^الهاتف/ }), '01011111111');
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /^هاتف ولي الأمر/ }),
      '01222333444',
    );
    await user.click(within(dialog).getByRole('button', { name: 'إضافة الطالب' }));
    const phone = within(dialog).getByRole('textbox', { name: /^الهاتف/ });
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/يوجد حساب مسجل بهذا الرقم/));
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'إضافة الطالب' }));
    const link = await screen.findByRole('dialog', { name: 'تمت إضافة سارة أحمد' });
    expect(within(link).getByRole('textbox', { name: 'الرابط' })).toHaveValue(LINK);
    expect(within(link).getByText(/ليس للطالب بريد إلكتروني/)).toBeInTheDocument();
    expect(within(link).getByText(/يعمل الرابط مرة واحدة فقط، خلال 7 أيام/)).toBeInTheDocument();
    expect(api.callsTo(e.staffCreateStudent).map((c) => c.body)).toEqual([
      {
        name: 'سارة أحمد',
        phone: '01011111111',
        email: null,
        grade_id: null,
        center_name: null,
        parent_phone: '01222333444',
        parent_email: null,
      },
      expect.objectContaining({ phone: '01011111111' }),
    ]);
    const open = within(link).getByRole('link', { name: 'فتح صفحة الطالب' });
    expect(open).toHaveAttribute('href', '/staff/students/51/show');
    await user.click(open);
    expect(await screen.findByRole('heading', { name: 'سارة أحمد' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("makes a student's set-password link from their page and shows it to copy", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetStudent, { data: STUDENT }, { params: { id: 51 } }),
      answer(
        e.staffInviteStudent,
        { data: { url: LINK, expires_at: '2026-12-07T10:00:00.000Z', mailed: false } },
        { params: { id: 51 } },
      ),
    ]);
    const user = openConsole('/students/51/show');
    await screen.findByRole('heading', { name: 'سارة أحمد' }, { timeout: 30_000 });
    // The parent's phone is on the profile, left to right.
    expect(screen.getByText('01222333444')).toHaveAttribute('dir', 'ltr');
    await user.click(screen.getByRole('button', { name: 'رابط تعيين كلمة المرور' }));
    await user.click(await screen.findByRole('button', { name: 'إنشاء الرابط' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'رابط تعيين كلمة المرور لـ سارة أحمد',
    });
    const field = within(dialog).getByRole('textbox', { name: 'الرابط' });
    expect(field).toHaveValue(LINK);
    expect(field).toHaveAttribute('dir', 'ltr');
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void writes.push(text) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'نسخ الرابط' }));
    expect(await within(dialog).findByText('نُسخ الرابط')).toBeInTheDocument();
    expect(writes).toEqual([LINK]);
    expect(api.callsTo(e.staffInviteStudent, { id: 51 })).toHaveLength(1);
  });
});

describe('the template', () => {
  it('is UTF-8 with a byte-order mark, the header line and one example row', () => {
    const csv = templateCsv({
      name: 'أحمد محمد',
      email: 'a@example.com',
      grade: 'الصف الأول',
      center: 'سنتر',
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'الاسم,الهاتف,البريد الإلكتروني,الصف الدراسي,السنتر,هاتف ولي الأمر,بريد ولي الأمر,الدورات,المدفوع نقدًا,الرصيد',
    );
    expect(lines[1]).toBe(
      'أحمد محمد,="01012345678",a@example.com,الصف الأول,سنتر,="01198765432",,"12, 15",300,50',
    );
    expect(lines[2]).toBe('');
  });
});
