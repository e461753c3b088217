import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffEndpoints as e, type StaffUser } from '@dars/contract';
import { PENDING_PAYMENT, paymentApi } from '../../test/payment';
import { ADMIN, LEADER, answer, type Call, type Handler } from '../../test/fake-api';
import { parsePounds } from './parse-pounds';
import { loadScreensFirst, openConsole } from '../../test/console';
import { stubObjectUrls } from '../../test/browser';

/**
 * Approving a recharge in the console (issue 23): a confirmation that names the student and
 * the amount, another amount with a required note, a leader kept to the claim.
 */

const PAYMENT = PENDING_PAYMENT;

const PAYMENT_4 = { params: { id: 4 } };
const posts = (calls: Call[]) =>
  calls.filter((c) => c.entry === 'staffApproveMobilePayment').map((c) => c.body);

const approvedAs = (amount: number, note: string | null): Handler =>
  answer(
    e.staffApproveMobilePayment,
    {
      data: {
        ...PAYMENT,
        status: 'approved',
        approved_amount: amount,
        review_note: note,
        reviewed_by: { id: 2, name: LEADER.name },
        reviewed_at: '2026-11-21T10:00:00.000Z',
      },
    },
    PAYMENT_4,
  );

const open = (user: StaffUser) => openConsole('/mobile-payments/4/show', user);

async function openDialog(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(await screen.findByRole('button', { name: 'قبول وإضافة الرصيد' }));
  return screen.findByRole('dialog', { name: 'قبول طلب شحن منى علي' });
}

async function retype(ui: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await ui.clear(field);
  await ui.type(field, text);
}

loadScreensFirst(() => import('./mobile-payments'));
beforeEach(() => {
  stubObjectUrls('blob:receipt');
});

describe('approving a recharge', { timeout: 240_000 }, () => {
  it('asks first, naming the student and the claim; cancelling sends nothing', async () => {
    const fake = paymentApi(LEADER, approvedAs(150, null));
    const ui = open(LEADER);
    const dialog = await openDialog(ui);
    expect(dialog).toHaveTextContent(
      'طلب منى علي شحن 150.00 جنيه. يُضاف المبلغ المقبول إلى محفظته فوراً ولا يمكن التراجع عنه.',
    );
    expect(within(dialog).getByLabelText(/^المبلغ المقبول \(جنيه\)/)).toHaveValue('150');
    await ui.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fake.calls)).toEqual([]);
  });

  it('approves the claim as it is', async () => {
    const fake = paymentApi(LEADER, approvedAs(150, null));
    const ui = open(LEADER);
    const dialog = await openDialog(ui);
    await ui.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 150.00 جنيه' }));
    await screen.findByText('تمت مراجعة هذا الطلب');
    expect(posts(fake.calls)).toEqual([{ amount: 150 }]);
  });

  it('approves another amount only with a note, then shows both on the page', async () => {
    const note = 'الإيصال يُظهر 120 جنيهاً';
    const fake = paymentApi(LEADER, approvedAs(120, note));
    const ui = open(LEADER);
    const dialog = await openDialog(ui);
    await retype(ui, within(dialog).getByLabelText(/^المبلغ المقبول/), '١٢٠');
    const noteField = within(dialog).getByLabelText(
      /^ملاحظة \(مطلوبة لأن المبلغ مختلف عن المطلوب\)/,
    );
    expect(noteField).toBeRequired();
    await ui.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 120.00 جنيه' }));
    expect(
      await within(dialog).findByText('اكتب ملاحظة تشرح سبب اختلاف المبلغ عن المطلوب'),
    ).toBeInTheDocument();
    expect(posts(fake.calls)).toEqual([]);

    await ui.type(noteField, note);
    await ui.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 120.00 جنيه' }));
    await screen.findByText('تمت مراجعة هذا الطلب');
    expect(posts(fake.calls)).toEqual([{ amount: 120, note }]);
    expect(screen.getByText('المبلغ المقبول')).toBeInTheDocument();
    expect(screen.getByText('120.00 جنيه')).toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
  });

  it('keeps a leader to the claim, saying so before the call', async () => {
    const fake = paymentApi(LEADER, approvedAs(200, 'x'));
    const ui = open(LEADER);
    const dialog = await openDialog(ui);
    expect(dialog).toHaveTextContent('قبول مبلغ أكبر من المطلوب للمدير فقط');
    await retype(ui, within(dialog).getByLabelText(/^المبلغ المقبول/), '200');
    await ui.type(within(dialog).getByLabelText(/^ملاحظة/), 'حوّل أكثر');
    await ui.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 200.00 جنيه' }));
    expect(
      await within(dialog).findByText('قبول مبلغ أكبر مما طلبه الطالب متاح للمدير فقط'),
    ).toBeInTheDocument();
    expect(posts(fake.calls)).toEqual([]);
  });

  it('lets an admin approve more than the claim', async () => {
    const fake = paymentApi(ADMIN, approvedAs(200, 'حوّل أكثر'));
    const ui = open(ADMIN);
    const dialog = await openDialog(ui);
    await retype(ui, within(dialog).getByLabelText(/^المبلغ المقبول/), '200');
    await ui.type(within(dialog).getByLabelText(/^ملاحظة/), 'حوّل أكثر');
    await ui.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 200.00 جنيه' }));
    await screen.findByText('تمت مراجعة هذا الطلب');
    expect(posts(fake.calls)).toEqual([{ amount: 200, note: 'حوّل أكثر' }]);
  });

  it("shows the server's refusal of a field under it, and of anything else above", async () => {
    const refusal = answer(
      e.staffApproveMobilePayment,
      { message: 'بيانات غير صحيحة', errors: { amount: ['المبلغ أكبر من المسموح'] } },
      { ...PAYMENT_4, status: 422 },
    );
    paymentApi(ADMIN, refusal);
    const ui = open(ADMIN);
    const dialog = await openDialog(ui);
    await ui.click(within(dialog).getByRole('button', { name: 'قبول وإضافة 150.00 جنيه' }));
    expect(await within(dialog).findByText('المبلغ أكبر من المسموح')).toBeInTheDocument();
  });
});

describe('typed pounds', () => {
  it('reads Western and Arabic-Indic digits with two decimals at most, above zero', () => {
    expect(parsePounds('87.35')).toBe(87.35);
    expect(parsePounds(' ٨٧٫٣٥ ')).toBe(87.35);
    expect(parsePounds('120')).toBe(120);
    for (const bad of ['', '0', '0.00', '-5', '12.345', '1,000', 'abc', '1000001'])
      expect(parsePounds(bad), bad).toBeNull();
  });
});
