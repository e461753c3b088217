import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { staffEndpoints as e, type StaffAccount } from '@dars/contract';
import { ADMIN, LEADER, answer, fakeStaffApi, isCall, list, staffBasics } from './test/fake-api';
import { auditRows, auditValue, type AuditEntry } from './resources/audit-log';
import { cairoDayEnd } from './components/cairo-time';
import { openSignedOut, signIn as sendSignIn } from './test/console';
import { tableLines } from './test/browser';
import { staffTeacher } from './test/fixtures';

// The staff accounts and audit log screens (ADR 028): admins only.

// Each test signs in and walks two or three screens of react-admin in jsdom: on the shared
// 2-core machine that can take longer than the project's 30 s.
vi.setConfig({ testTimeout: 90_000 });

const LEADER_ACCOUNT: StaffAccount = {
  id: 5,
  name: 'سارة المشرفة',
  email: 'sara@school.example',
  phone: '01112345678',
  role: 'leader',
  teacher_id: null,
  invitation_expires_at: null,
  created_at: '2026-11-01T08:00:00Z',
};

const ENTRIES: AuditEntry[] = [
  {
    id: 31,
    staff_user_id: 1,
    staff_user_name: 'مدير المنصة',
    action: 'update',
    resource: 'courses',
    resource_id: '7',
    resource_name: 'فيزياء الثانوية',
    resource_exists: true,
    before: { id: 7, name: 'فيزياء', published: false, price: 100 },
    after: { id: 7, name: 'فيزياء', published: true, price: 120 },
    created_at: '2026-11-25T10:05:00Z',
  },
  {
    id: 30,
    staff_user_id: null,
    staff_user_name: 'سطر الأوامر',
    action: 'create',
    resource: 'accounts',
    resource_id: '1',
    resource_name: 'مدير المنصة',
    resource_exists: true,
    before: null,
    after: { id: 1, name: 'مدير المنصة', role: 'admin' },
    created_at: '2026-11-24T09:00:00Z',
  },
];

/** Signs in and waits for the menu (the dashboard's content is another screen's business). */
async function signIn(email: string) {
  const user = await sendSignIn(email);
  await screen.findByRole('menuitem', { name: /الدورات/ }, { timeout: 20_000 });
  return user;
}

function go(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('staff accounts and the audit log in the menu', () => {
  it('are there for an admin', async () => {
    fakeStaffApi([...staffBasics(ADMIN)]);
    openSignedOut();
    await signIn('admin@dars.test');
    expect(await screen.findByRole('menuitem', { name: /حسابات فريق العمل/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /سجل التغييرات/ })).toBeInTheDocument();
  });

  it('are neither in the menu nor open for a leader, who is never sent to the API for them', async () => {
    const api = fakeStaffApi([...staffBasics(LEADER), list(e.staffListAccounts, [LEADER_ACCOUNT])]);
    openSignedOut();
    await signIn('leader@dars.test');
    await screen.findByRole('menuitem', { name: /الدورات/ });
    expect(screen.queryByRole('menuitem', { name: /حسابات فريق العمل/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /سجل التغييرات/ })).not.toBeInTheDocument();
    for (const path of ['/staff/accounts', '/staff/audit-log']) {
      go(path);
      // Sent on to the refusal, drawn anew (the one before is still up for a moment).
      await waitFor(() => expect(window.location.pathname).toBe('/staff/access-denied'));
      expect(await screen.findByText('ليس لديك صلاحية لفتح هذه الصفحة')).toBeInTheDocument();
    }
    expect(api.callsTo(e.staffListAccounts)).toEqual([]);
    expect(api.callsTo(e.staffListAuditLog)).toEqual([]);
  });
});

describe('the staff accounts screens', () => {
  it('list the accounts with their role in Arabic and filter by role', async () => {
    const api = fakeStaffApi([...staffBasics(ADMIN), list(e.staffListAccounts, [LEADER_ACCOUNT])]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/accounts');
    const row = (await screen.findByText('سارة المشرفة')).closest('tr')!;
    expect(within(row).getByText('مشرف')).toBeInTheDocument();
    expect(within(row).getByText('sara@school.example')).toHaveAttribute('dir', 'ltr');
    await user.click(screen.getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'مدير' }));
    await waitFor(() =>
      expect(api.callsTo(e.staffListAccounts).some((c) => c.query.role === 'admin')).toBe(true),
    );
  });

  it('create an account with its role and password, and show a taken e-mail under its field', async () => {
    let attempts = 0;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAccounts, []),
      (c) => {
        if (!isCall(c, e.staffCreateAccount)) return undefined;
        attempts += 1;
        return attempts === 1
          ? {
              status: 422,
              body: {
                message: 'البريد الإلكتروني مستخدم بالفعل',
                errors: { email: ['البريد الإلكتروني مستخدم بالفعل'] },
              },
            }
          : { body: { data: { ...LEADER_ACCOUNT, id: 9 } } };
      },
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/accounts/create');
    await user.type(await screen.findByRole('textbox', { name: 'الاسم' }), 'سارة المشرفة');
    await user.type(
      screen.getByRole('textbox', { name: 'البريد الإلكتروني' }),
      'taken@school.example',
    );
    await user.type(screen.getByRole('textbox', { name: 'الهاتف' }), '01112345678');
    await user.click(screen.getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'مشرف' }));
    // An invitation is the default way in; a password is asked for only when chosen.
    expect(screen.getByRole('radio', { name: /إرسال دعوة بالبريد/ })).toBeChecked();
    expect(screen.queryByLabelText(/^كلمة المرور/, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'تعيين كلمة مرور الآن' }));
    await user.type(screen.getByLabelText(/^كلمة المرور/, { selector: 'input' }), 'leader-pass-1');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(
      await screen.findByText('البريد الإلكتروني مستخدم بالفعل', { selector: 'p, span' }),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'البريد الإلكتروني' });
    await user.clear(email);
    await user.type(email, 'sara@school.example');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(api.callsTo(e.staffCreateAccount).at(-1)?.body).toEqual({
      name: 'سارة المشرفة',
      email: 'sara@school.example',
      phone: '01112345678',
      role: 'leader',
      password: 'leader-pass-1',
    });
  });

  it('invite a teacher’s login for the teacher it works as, asked for only with that role (ADR 048)', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAccounts, []),
      list(e.staffListTeachers, [staffTeacher({ id: 4, name: 'أ. منى الجمال' })]),
      answer(e.staffCreateAccount, {
        data: {
          ...LEADER_ACCOUNT,
          id: 10,
          email: 'mona@school.example',
          role: 'teacher',
          teacher_id: 4,
          invitation_expires_at: '2026-12-03T08:00:00.000Z',
        },
      }),
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/accounts/create');
    await user.type(await screen.findByRole('textbox', { name: 'الاسم' }), 'منى الجمال');
    await user.type(
      screen.getByRole('textbox', { name: 'البريد الإلكتروني' }),
      'mona@school.example',
    );
    await user.type(screen.getByRole('textbox', { name: 'الهاتف' }), '01098765432');
    expect(screen.queryByRole('combobox', { name: /^المدرس/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'مدرس' }));
    const teacher = await screen.findByRole('combobox', { name: /^المدرس/ });
    expect(screen.getByText('يرى هذا الحساب دورات هذا المدرس وحدها.')).toBeInTheDocument();
    await user.click(teacher);
    await user.click(await screen.findByRole('option', { name: 'أ. منى الجمال' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.callsTo(e.staffCreateAccount)).toHaveLength(1));
    // No password: the server invites the account.
    expect(api.callsTo(e.staffCreateAccount)[0]?.body).toEqual({
      name: 'منى الجمال',
      email: 'mona@school.example',
      phone: '01098765432',
      role: 'teacher',
      teacher_id: 4,
    });
    expect(await screen.findByText('أُرسلت دعوة إلى mona@school.example')).toBeInTheDocument();
  });

  it('edit only what changed (no password unless typed) and remove an account after asking', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAccounts, [LEADER_ACCOUNT]),
      answer(e.staffGetAccount, { data: LEADER_ACCOUNT }, { params: { id: 5 } }),
      answer(
        e.staffUpdateAccount,
        { data: { ...LEADER_ACCOUNT, role: 'admin' } },
        { params: { id: 5 } },
      ),
      answer(
        e.staffDeleteAccount,
        { message: 'لا يمكن إزالة آخر مدير', code: 'CONFLICT' },
        { params: { id: 5 }, status: 409 },
      ),
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/accounts/5');
    await screen.findByDisplayValue('sara@school.example');
    expect(screen.getByText(/اتركها فارغة لتبقى كلمة المرور كما هي/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'مدير' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.callsTo(e.staffUpdateAccount, { id: 5 })).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { role: 'admin' },
    ]);

    go('/staff/accounts/5');
    await user.click(await screen.findByRole('button', { name: 'إزالة من فريق العمل' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('إزالة سارة المشرفة من فريق العمل')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(api.callsTo(e.staffDeleteAccount, { id: 5 })).toHaveLength(1));
    // The server's refusal, as it said it.
    expect(await screen.findByText('لا يمكن إزالة آخر مدير')).toBeInTheDocument();
  });
});

describe('invitations (ADR 048)', () => {
  it('the list says which invitation waits and which lapsed', async () => {
    const waiting = {
      ...LEADER_ACCOUNT,
      id: 6,
      name: 'منى',
      invitation_expires_at: '2099-01-02T08:00:00.000Z',
    };
    const lapsed = {
      ...LEADER_ACCOUNT,
      id: 7,
      name: 'هالة',
      invitation_expires_at: '2020-01-02T08:00:00.000Z',
    };
    fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAccounts, [LEADER_ACCOUNT, waiting, lapsed]),
    ]);
    openSignedOut();
    await signIn('admin@dars.test');
    go('/staff/accounts');
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    await screen.findByText('منى');
    // 08:00 UTC is 10:00 in Cairo in January.
    expect(row('منى')).toHaveTextContent(/بانتظار القبول حتى .*10:00/);
    expect(row('هالة')).toHaveTextContent('انتهت صلاحية الدعوة');
    expect(row('سارة المشرفة')).not.toHaveTextContent(/الدعوة|بانتظار/);
  });

  it('sends a new invitation from the account, and shows the link to copy when the mail failed', async () => {
    const link = 'https://school.example/staff/set-password#abcdefghijklmnopqrstuvwxyz0123456789';
    let mailed = true;
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAccounts, [LEADER_ACCOUNT]),
      answer(e.staffGetAccount, { data: LEADER_ACCOUNT }, { params: { id: 5 } }),
      (c) =>
        isCall(c, e.staffInviteAccount)
          ? {
              body: {
                data: {
                  email: 'sara@school.example',
                  expires_at: '2026-12-03T08:00:00.000Z',
                  url: link,
                  mailed,
                },
              },
            }
          : undefined,
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/accounts/5');
    await screen.findByDisplayValue('sara@school.example');
    await user.click(screen.getByRole('button', { name: 'إرسال دعوة جديدة' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/أُرسلت الدعوة إلى sara@school.example\. الرابط صالح حتى .*10:00/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'رابط الدعوة' })).toHaveValue(link);
    expect(api.callsTo(e.staffInviteAccount, { id: 5 })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    mailed = false;
    await user.click(screen.getByRole('button', { name: 'إرسال دعوة جديدة' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/تعذّر إرسال البريد الآن/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'رابط الدعوة' })).toHaveValue(link);
  });
});

describe('the audit log screen', () => {
  it('lists who did what to which item when, and opens the change field by field', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAuditLog, ENTRIES),
      list(e.staffListAccounts, [LEADER_ACCOUNT]),
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/audit-log');
    const row = (await screen.findByRole('link', { name: 'فيزياء الثانوية' })).closest('tr')!;
    expect(within(row).getByText('تعديل')).toBeInTheDocument();
    expect(within(row).getByText('مدير المنصة')).toBeInTheDocument();
    // The record by kind, name and number; the name opens it in the console.
    const link = within(row).getByRole('link', { name: 'فيزياء الثانوية' });
    expect(link.closest('td')).toHaveTextContent('الدورات: فيزياء الثانوية #7');
    expect(link).toHaveAttribute('href', '/staff/courses/7');
    const cli = screen.getByText('سطر الأوامر').closest('tr')!;
    expect(within(cli).getByText('إضافة')).toBeInTheDocument();
    // Newest first, as the server is asked.
    expect(api.callsTo(e.staffListAuditLog)[0]?.query.order).toBe('desc');

    await user.click(within(row).getByText('تعديل'));
    const changes = await screen.findByRole('table', { name: 'تفاصيل التغيير رقم 31' });
    expect(tableLines(changes)).toEqual([
      ['الحقل', 'قبل', 'بعد'],
      ['منشورة', 'لا', 'نعم'],
      ['السعر (جنيه)', '100', '120'],
    ]);
  });

  it('filters by action, resource and staff member, as the server reads them', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListAuditLog, ENTRIES),
      list(e.staffListAccounts, [LEADER_ACCOUNT]),
      answer(e.staffGetAccount, { data: LEADER_ACCOUNT }, { params: { id: 5 } }),
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    go('/staff/audit-log');
    await screen.findByRole('link', { name: 'فيزياء الثانوية' });
    await user.click(screen.getByRole('combobox', { name: 'الإجراء' }));
    await user.click(await screen.findByRole('option', { name: 'حذف' }));
    await user.click(screen.getByRole('combobox', { name: 'القسم' }));
    await user.click(await screen.findByRole('option', { name: 'الإعدادات' }));
    await user.click(screen.getByRole('combobox', { name: 'بواسطة' }));
    await user.click(await screen.findByRole('option', { name: 'سارة المشرفة' }));
    await waitFor(() => {
      const { query } = api.callsTo(e.staffListAuditLog).at(-1)!;
      expect([query.action, query.resource, query.staff_user_id]).toEqual([
        'delete',
        'settings',
        '5',
      ]);
    });
  });
});

describe('the audit log helpers', () => {
  it('show values as a person reads them', () => {
    expect(auditValue(true)).toBe('نعم');
    expect(auditValue(false)).toBe('لا');
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue([1, 2])).toBe('1، 2');
    expect(auditValue('2026-03-01T10:05:00Z')).toBe('1 مارس 2026 في 12:05 م');
    expect(auditValue({ youtube: 'https://y.test' })).toBe('{"youtube":"https://y.test"}');
  });

  it('keep only the changed fields of an update, every field of a create or delete', () => {
    expect(
      auditRows({ action: 'update', before: { a: 1, b: [1] }, after: { a: 1, b: [1, 2] } }),
    ).toEqual([{ key: 'b', before: [1], after: [1, 2] }]);
    expect(auditRows({ action: 'create', before: null, after: { a: 1 } })).toEqual([
      { key: 'a', before: undefined, after: 1 },
    ]);
    expect(auditRows({ action: 'delete', before: { a: 1 }, after: null })).toEqual([
      { key: 'a', before: 1, after: undefined },
    ]);
  });

  it('ends a picked day at its last moment in Cairo, also on the days the clock changes', () => {
    // Cairo is UTC+2 in winter: 26 November 2026 ends at 21:59:59.999 UTC.
    expect(cairoDayEnd('2026-11-25T22:00:00.000Z')).toBe('2026-11-26T21:59:59.999Z');
    // Summer time (UTC+3) begins at 00:00 on 24 April 2026, so the 23rd ends at 21:59:59.999 UTC
    // and the 24th (23 hours long) at 20:59:59.999 UTC.
    expect(cairoDayEnd('2026-04-22T22:00:00.000Z')).toBe('2026-04-23T21:59:59.999Z');
    expect(cairoDayEnd('2026-04-23T22:00:00.000Z')).toBe('2026-04-24T20:59:59.999Z');
  });
});
