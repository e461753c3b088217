import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints as e, type StaffPurchase, type StaffStudent } from '@dars/contract';
import {
  ADMIN,
  answer,
  fakeStaffApi,
  list,
  staffBasics,
  type Handler,
  type StaffEntry,
} from '../test/fake-api';
import { staffAccount, staffExam, staffLecture, staffNamed, staffTeacher } from '../test/fixtures';
import { openConsole } from '../test/console';
import { stubObjectUrls } from '../test/browser';

// The console's export button (issue 23, ADR 034): it asks the server for the whole filtered
// list (the list's filters and order, never its page) with the staff token, and saves the file
// under the name the server gives.

vi.setConfig({ testTimeout: 90_000 });

const STUDENT: StaffStudent = {
  id: 3,
  name: 'سارة أحمد',
  email: 'sara@dars.test',
  phone: '01001234567',
  grade: null,
  balance: 10,
  wallet_address: 'w-1',
  email_verified: true,
  blocked: false,
  blocked_at: null,
  blocked_reason: null,
  created_at: '2026-11-28T12:05:00Z',
  parent_phone: null,
  parent_email: null,
  center_name: null,
};

const PURCHASE: StaffPurchase = {
  id: 8,
  student: { id: 3, name: 'سارة أحمد', phone: '01001234567' },
  lecture: { id: 4, name: 'الكهرباء' },
  course: { id: 2, name: 'الفيزياء' },
  price_paid: 0,
  pay_by: 'grant',
  granted_by: 'مدير المنصة',
  created_at: '2026-11-28T12:05:00Z',
  expires_at: null,
  expired: false,
};

const csv = (entry: StaffEntry, name: string): Handler =>
  answer(entry, '\uFEFFالرقم\r\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });

let saved: string[];
beforeEach(() => {
  saved = [];
  stubObjectUrls('blob:export');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the export button', () => {
  it('downloads the students of the search, whole, not the page on screen', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListStudents, [STUDENT]),
      list(e.staffListGrades, []),
      csv(e.staffExportStudents, 'students-2026-11-28.csv'),
    ]);
    const filter = encodeURIComponent(JSON.stringify({ q: 'سارة' }));
    const user = openConsole(`/students?filter=${filter}&page=2&perPage=10`);
    await screen.findByText('sara@dars.test');
    await user.click(screen.getByRole('button', { name: 'تنزيل ملف Excel' }));
    await screen.findByText('تم تنزيل الملف');
    const calls = api.callsTo(e.staffExportStudents);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe('Bearer tok-1');
    expect(calls[0]!.query).toEqual({ q: 'سارة', order: 'desc' });
    expect(saved).toEqual(['students-2026-11-28.csv']);
  });

  it('downloads the purchases with the chosen way of payment, shown in Arabic', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPurchases, [PURCHASE]),
      list(e.staffListCourses, []),
      csv(e.staffExportPurchases, 'purchases-2026-11-28.csv'),
    ]);
    const filter = encodeURIComponent(JSON.stringify({ pay_by: 'grant' }));
    const user = openConsole(`/purchases?filter=${filter}`);
    expect(await screen.findByText('منحة — مدير المنصة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تنزيل ملف Excel' }));
    await waitFor(() => expect(saved).toEqual(['purchases-2026-11-28.csv']));
    expect(api.callsTo(e.staffExportPurchases)[0]!.query).toEqual({
      pay_by: 'grant',
      order: 'desc',
    });
  });

  it('shows a refusal in Arabic and saves nothing', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPurchases, [PURCHASE]),
      answer(
        e.staffExportPurchases,
        { message: 'ليس لديك صلاحية لهذا الإجراء', code: 'FORBIDDEN' },
        { status: 403 },
      ),
    ]);
    const user = openConsole('/purchases');
    await screen.findByText('منحة — مدير المنصة');
    await user.click(screen.getByRole('button', { name: 'تنزيل ملف Excel' }));
    await screen.findByText('ليس لديك صلاحية لهذا الإجراء');
    expect(saved).toEqual([]);
  });

  const NAMED = 'عنصر التجربة';
  const LISTS: Record<string, Handler> = {
    teachers: list(e.staffListTeachers, [staffTeacher({ id: 1, name: NAMED })]),
    lectures: list(e.staffListLectures, [staffLecture({ id: 1, course_id: 1, name: NAMED })]),
    exams: list(e.staffListExams, [staffExam({ id: 1, name: NAMED })]),
    grades: list(e.staffListGrades, [staffNamed({ id: 1, name: NAMED })]),
    accounts: list(e.staffListAccounts, [staffAccount({ id: 1, name: NAMED })]),
  };

  it.for(Object.keys(LISTS))(
    'offers no react-admin export (a file without BOM or Arabic words) on %s',
    async (resource) => {
      fakeStaffApi([
        ...staffBasics(ADMIN),
        LISTS[resource]!,
        list(e.staffListCourses, []),
        list(e.staffListTeachers, []),
      ]);
      openConsole(`/${resource}`);
      await screen.findAllByText(NAMED);
      expect(screen.queryByRole('button', { name: 'تصدير' })).toBeNull();
    },
  );
});
