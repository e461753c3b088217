import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StaffApp } from '../app';
import { ADMIN, fakeStaffApi, list, staffBasics } from '../test/fake-api';
import type { AuditEntry } from './audit-log';

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
];

async function openLog() {
  fakeStaffApi([...staffBasics(ADMIN), list('audit-log', ENTRIES), list('accounts', [])]);
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
    const lines = within(changes)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(lines).toEqual([
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
