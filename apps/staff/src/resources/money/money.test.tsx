import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  staffEndpoints as e,
  type StaffPaycardBatch,
  type StaffPaymentOrder,
} from '@dars/contract';
import { ADMIN, answer, fakeStaffApi, list, staffBasics } from '../../test/fake-api';
import { paycardCsv } from './paycard-export';
import { onPhone } from '../../test/phone';
import type { IssuedBatch } from '../../data/money-calls';
import { openConsole } from '../../test/console';
import { stubObjectUrls } from '../../test/browser';

const BATCH: StaffPaycardBatch = {
  id: 7,
  value: 50,
  count: 3,
  used: 1,
  unused: 2,
  disabled: 0,
  course: null,
  lecture: null,
  // Far off: the list hides the disable button once a batch has expired.
  expires_at: '2099-01-31T22:00:00.000Z',
  created_by: { id: 1, name: ADMIN.name },
  created_at: '2026-11-20T10:00:00.000Z',
  disabled_at: null,
};
const CODES = ['K7PM 4QXR 9TWD 2HNA', 'B2CD 3EFG 4HJK 5LMN', 'P6QR 7STU 8VWX 9YZ2'];
const ISSUED: IssuedBatch = { ...BATCH, used: 0, unused: 3, codes: CODES };

const ORDER: StaffPaymentOrder = {
  id: '482019374650918273',
  student: { id: 40, name: 'منى علي', phone: '01011112222' },
  method: 'fawry',
  provider: 'fawry',
  amount: 60,
  status: 'pending',
  provider_order_id: null,
  provider_reference: null,
  transaction_id: null,
  transaction_serial: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  paid_at: null,
};

beforeAll(async () => {
  await Promise.all([import('./paycards'), import('./payment-orders')]);
}, 240_000);

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  stubObjectUrls((blob) => {
    blobs.push(blob);
    return 'blob:codes';
  });
});

describe('pay-card export', () => {
  it('is a CSV with a byte-order mark, an Arabic header, CRLF lines and one card a line', () => {
    const csv = paycardCsv(ISSUED);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('الرقم,الكود,القيمة (جنيه),مخصصة لـ,تنتهي في,الدفعة');
    expect(lines.slice(1, 4).map((l) => l.split(',')[1])).toEqual(CODES);
    expect(lines[1]).toContain('50.00');
    expect(lines[1]).toContain('شحن المحفظة أو أي شراء');
    expect(lines.at(-1)).toBe('');
  });

  it('quotes a comma and defuses a formula in a name', () => {
    const csv = paycardCsv({ ...ISSUED, course: { id: 1, name: '=HYPERLINK("x"), فيزياء' } });
    expect(csv).toContain('"دورة: =HYPERLINK(""x""), فيزياء"');
    const bad = paycardCsv({ ...ISSUED, lecture: { id: 2, name: 'x' }, codes: ['=1+1'] });
    expect(bad).toContain(",'=1+1,");
  });
});

describe('pay cards (admin)', () => {
  it('issues a batch: the codes are shown once, downloaded as CSV and printed', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListCourses, []),
      list(e.staffListLectures, []),
      answer(e.staffCreatePaycardBatch, { data: ISSUED }),
    ]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = openConsole('/paycard-batches/create');
    const count = await screen.findByLabelText(/عدد البطاقات/);
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('heading', { name: 'تم إصدار 3 بطاقات' });
    const posted = api.callsTo(e.staffCreatePaycardBatch);
    expect(posted.map((c) => c.body)).toEqual([
      { value: 50, count: 3, course_id: null, lecture_id: null, expires_at: null },
    ]);
    expect(screen.getByText(/تظهر الآن فقط/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'أكواد البطاقات' });
    for (const code of CODES) expect(within(table).getByText(code)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تنزيل الأكواد (ملف جدول)' }));
    expect(blobs).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    for (const code of CODES) expect(text).toContain(code);

    await user.click(screen.getByRole('button', { name: 'طباعة البطاقات' }));
    expect(print).toHaveBeenCalledTimes(1);
    // The print sheet holds one card per code.
    const sheet = document.querySelector('.paycard-sheet')!;
    expect(sheet.textContent).toContain(CODES[2]);
    expect(sheet.querySelectorAll(':scope > div')).toHaveLength(3);
  }, 90_000);

  it("shows the server's 422 under the field", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListCourses, []),
      list(e.staffListLectures, []),
      answer(
        e.staffCreatePaycardBatch,
        {
          message: 'عدد البطاقات من 1 إلى 1000',
          code: 'VALIDATION_FAILED',
          errors: { count: ['عدد البطاقات من 1 إلى 1000'] },
        },
        { status: 422 },
      ),
    ]);
    const user = openConsole('/paycard-batches/create');
    const count = await screen.findByLabelText(/عدد البطاقات/);
    await user.clear(count);
    await user.type(count, '5000');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.callsTo(e.staffCreatePaycardBatch)).toHaveLength(1));
    expect(await screen.findAllByText('عدد البطاقات من 1 إلى 1000')).not.toHaveLength(0);
  });

  it('lists batches with their counts and disables the unused cards after confirming', async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPaycardBatches, [BATCH]),
      answer(
        e.staffDisablePaycardBatch,
        {
          data: { ...BATCH, unused: 0, disabled: 2, disabled_at: '2026-11-26T10:00:00.000Z' },
        },
        { params: { id: 7 } },
      ),
    ]);
    const user = openConsole('/paycard-batches');
    expect(await screen.findByText('مستخدمة 1 — متاحة 2 — موقوفة 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إيقاف البطاقات غير المستخدمة' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('لن تعمل البطاقتان غير المستخدمتين من هذه الدفعة بعد الآن'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف البطاقات غير المستخدمة' }));
    await screen.findByText('تم إيقاف البطاقات غير المستخدمة');
    expect(api.callsTo(e.staffDisablePaycardBatch, { id: 7 })).toHaveLength(1);
  });
  it('says an expired batch has expired, and offers no disable for it', async () => {
    fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPaycardBatches, [{ ...BATCH, expires_at: '2026-01-01T00:00:00.000Z' }]),
    ]);
    openConsole('/paycard-batches');
    expect(
      await screen.findByText('مستخدمة 1 — متاحة 2 — موقوفة 0 — انتهت صلاحيتها'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'إيقاف البطاقات غير المستخدمة' }),
    ).not.toBeInTheDocument();
  });
});

/** Two orders, one pending and one paid; a re-check pays the pending one, the provider saying `meta`. */
function ordersApi(meta: { result: 'credited' | 'pending'; message: string }) {
  return fakeStaffApi([
    ...staffBasics(ADMIN),
    list(e.staffListPaymentOrders, [ORDER, { ...ORDER, id: '111111111111111111', status: 'paid' }]),
    answer(e.staffRecheckPaymentOrder, { data: { ...ORDER, status: 'paid' }, meta }),
  ]);
}

describe('gateway orders (admin)', () => {
  it('re-checks a pending order and shows what the provider said', async () => {
    const api = ordersApi({
      result: 'credited',
      message: 'أكد مزود الدفع الدفع، وأُضيف المبلغ إلى محفظة الطالب',
    });
    const user = openConsole('/payment-orders');
    expect(await screen.findAllByText('منى علي')).toHaveLength(2);
    // A paid order has nothing to re-check.
    const buttons = screen.getAllByRole('button', { name: /إعادة التحقق من الطلب/ });
    expect(buttons).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: `إعادة التحقق من الطلب ${ORDER.id}` }));
    await screen.findByText('أكد مزود الدفع الدفع، وأُضيف المبلغ إلى محفظة الطالب');
    expect(api.callsTo(e.staffRecheckPaymentOrder, { id: ORDER.id })).toHaveLength(1);
  });
});

describe('the money lists on a phone', () => {
  it('shows a batch as a card with its counts, and its disable button still works', async () => {
    onPhone();
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListPaycardBatches, [BATCH, { ...BATCH, id: 8, unused: 0, used: 3 }]),
      answer(
        e.staffDisablePaycardBatch,
        {
          data: { ...BATCH, unused: 0, disabled: 2, disabled_at: '2026-11-26T10:00:00.000Z' },
        },
        { params: { id: 7 } },
      ),
    ]);
    const user = openConsole('/paycard-batches');
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText(/^الدفعة 7 · /)).toBeInTheDocument();
    expect(within(cards[0]!).getByText('مستخدمة 1 — متاحة 2 — موقوفة 0')).toBeInTheDocument();
    // A batch with nothing left unused has nothing to disable.
    expect(within(cards[1]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(
      within(cards[0]!).getByRole('button', { name: 'إيقاف البطاقات غير المستخدمة' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف البطاقات غير المستخدمة' }));
    await screen.findByText('تم إيقاف البطاقات غير المستخدمة');
    expect(api.callsTo(e.staffDisablePaycardBatch, { id: 7 })).toHaveLength(1);
  });

  it('shows an order as a card with its status, and re-checks only the one not paid', async () => {
    onPhone();
    const api = ordersApi({ result: 'pending', message: 'لم يؤكد مزود الدفع الدفع بعد' });
    const user = openConsole('/payment-orders');
    await screen.findByText(ORDER.id);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('معلق')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('مدفوع')).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(
      within(cards[0]!).getByRole('button', { name: `إعادة التحقق من الطلب ${ORDER.id}` }),
    );
    await screen.findByText('لم يؤكد مزود الدفع الدفع بعد');
    expect(api.callsTo(e.staffRecheckPaymentOrder, { id: ORDER.id })).toHaveLength(1);
  });
});
