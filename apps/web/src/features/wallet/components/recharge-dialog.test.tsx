import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RechargeMethod } from '@dars/contract';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { leaveFor } from '../lib/leave-for';
import { RechargeDialog } from './recharge-dialog';

vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.mocked(leaveFor).mockClear();
  for (const node of document.head.querySelectorAll('[src*="fawry"], [href*="fawry"]'))
    node.remove();
});

function renderDialog({
  methods,
  min = 50,
  amount = '',
}: {
  methods: RechargeMethod[];
  min?: number;
  amount?: string;
}) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithApp(<RechargeDialog open initialAmount={amount} onClose={onClose} onDone={onDone} />, {
    user: userFixture(),
    settings: settingsFixture({
      recharge_info: {
        min_recharge_amount: min,
        supported_methods: methods,
        mobile_wallet_number: '01001234567',
      },
    }),
  });
  return { onDone, onClose, dialog: screen.getByRole('dialog', { name: 'شحن الرصيد' }) };
}

const amountField = () => screen.getByRole('spinbutton', { name: /المبلغ بالجنيه/ });
const nextButton = () => screen.getByRole('button', { name: 'التالي' });
const method = (name: string) => screen.getByRole('radio', { name });

/** Step 0 filled and left for step 1. */
async function goToCheckout(name: string, amount?: string) {
  await userEvent.click(method(name));
  if (amount !== undefined) await fill(userEvent.setup(), amountField(), amount);
  await userEvent.click(nextButton());
}

describe('RechargeDialog, step 0', () => {
  it("warns below min_recharge_amount with the spec's text and keeps next disabled", async () => {
    renderDialog({ methods: ['paymob_card', 'mobile_wallets'] });
    expect(nextButton()).toBeDisabled();
    await userEvent.click(method('بطاقة بنكية'));
    expect(nextButton()).toBeDisabled();
    await fill(userEvent.setup(), amountField(), '49');
    expect(screen.getByText('أقل مبلغ للشحن هو 50 جنيه')).toBeVisible();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(nextButton()).toBeDisabled();
    await userEvent.type(amountField(), '0');
    expect(amountField()).toHaveValue(490);
    expect(screen.queryByText('أقل مبلغ للشحن هو 50 جنيه')).not.toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
  });

  it('accepts exactly the minimum', async () => {
    renderDialog({ methods: ['paymob_card', 'mobile_wallets'], amount: '50' });
    await userEvent.click(method('تحويل من محفظة موبايل'));
    expect(nextButton()).toBeEnabled();
  });

  it('needs no amount for a recharge card', async () => {
    renderDialog({ methods: ['recharge_card', 'mobile_wallets'] });
    await userEvent.click(method('كارت شحن'));
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(
      screen.getByText('تُضاف قيمة الكارت كاملةً إلى رصيدك، فلا حاجة لكتابة مبلغ.'),
    ).toBeVisible();
    expect(nextButton()).toBeEnabled();
  });

  it('chooses the only method after 500 ms, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderDialog({ methods: ['mobile_wallets'] });
      const only = method('تحويل من محفظة موبايل');
      await vi.advanceTimersByTimeAsync(450);
      expect(only).not.toBeChecked();
      await vi.advanceTimersByTimeAsync(100);
      await waitFor(() => expect(only).toBeChecked());
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the choice to the student when there are several methods', async () => {
    renderDialog({ methods: ['mobile_wallets', 'recharge_card'] });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(method('تحويل من محفظة موبايل')).not.toBeChecked();
    expect(method('كارت شحن')).not.toBeChecked();
  });

  it('describes each method under its name', () => {
    renderDialog({ methods: ['fawry', 'kashier'] });
    expect(method('فوري')).toHaveAccessibleDescription('ادفع ببطاقتك أو برقم مرجعي من فوري');
    expect(method('كاشير')).toHaveAccessibleDescription('تُفتح صفحة الدفع في نافذة جديدة');
  });
});

describe('RechargeDialog, recharge card', () => {
  it("refuses an empty code with spec §5's messages, without sending", async () => {
    const api = mockApi({});
    renderDialog({ methods: ['recharge_card', 'mobile_wallets'] });
    await goToCheckout('كارت شحن');
    await userEvent.type(screen.getByRole('textbox', { name: /كود الكارت/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'شحن الرصيد' }));
    expect(screen.getByText('لا يمكنك ترك الحقل فارغاً')).toBeVisible();
    expect(screen.getByText('من فضلك املأ الحقول المطلوبة')).toBeVisible();
    expect(api).not.toHaveBeenCalled();
  });

  it('names a used card and clears the code', async () => {
    mockApi({
      'POST /api/v1/wallet/recharge/recharge-card': () => ({
        status: 422,
        body: { message: 'x', code: 'USED_PAYCARD' },
      }),
    });
    renderDialog({ methods: ['recharge_card', 'mobile_wallets'] });
    await goToCheckout('كارت شحن');
    const code = screen.getByRole('textbox', { name: /كود الكارت/ });
    await userEvent.type(code, '1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'شحن الرصيد' }));
    expect(await screen.findByText('البطاقة مُستخدمة سابقاً')).toBeVisible();
    expect(code).toHaveValue('');
  });

  it('charges the card with its code stripped of spaces, then is done', async () => {
    const api = mockApi({
      'POST /api/v1/wallet/recharge/recharge-card': () => ({
        body: { message: 'ok', balance: 270 },
      }),
    });
    const { onDone } = renderDialog({ methods: ['recharge_card', 'mobile_wallets'] });
    await goToCheckout('كارت شحن');
    await userEvent.type(screen.getByRole('textbox', { name: /كود الكارت/ }), ' 1234 5678 ');
    await userEvent.click(screen.getByRole('button', { name: 'شحن الرصيد' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ code: '12345678' });
    expect(await screen.findByText('تم شحن الكارت وإضافة قيمته إلى رصيدك')).toBeVisible();
  });

  it('goes back to step 0 with the choice kept', async () => {
    renderDialog({ methods: ['recharge_card', 'mobile_wallets'] });
    await goToCheckout('كارت شحن');
    await userEvent.click(screen.getByRole('button', { name: 'رجوع' }));
    expect(method('كارت شحن')).toBeChecked();
  });
});

describe('RechargeDialog, mobile wallet', () => {
  const receipt = () => new File(['\x89PNG'], 'receipt.png', { type: 'image/png' });

  it('requires the payer number and the receipt, and says the form is incomplete', async () => {
    const api = mockApi({});
    renderDialog({ methods: ['mobile_wallets', 'recharge_card'] });
    await goToCheckout('تحويل من محفظة موبايل', '100');
    expect(screen.getByText('01001234567')).toBeVisible();
    expect(screen.getByText(/حوّل 100.00 جنيه إلى رقم المحفظة التالي/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(screen.getAllByText('لا يمكنك ترك الحقل فارغاً')).toHaveLength(2);
    expect(screen.getByText('من فضلك املأ الحقول المطلوبة')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /رقم المحفظة التي حوّلت منها/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('button', { name: 'اختر صورة الإيصال' })).toHaveAccessibleDescription(
      'لا يمكنك ترك الحقل فارغاً',
    );
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the amount, the number, the receipt and the message as multipart', async () => {
    const api = mockApi({
      'POST /api/v1/wallet/recharge/mobile-wallet': () => ({ body: { message: 'ok' } }),
    });
    const { onDone } = renderDialog({ methods: ['mobile_wallets', 'recharge_card'] });
    await goToCheckout('تحويل من محفظة موبايل', '100');
    await fill(
      userEvent.setup(),
      screen.getByRole('textbox', { name: /رقم المحفظة التي حوّلت منها/ }),
      '010 1234 5678',
    );
    await userEvent.upload(screen.getByLabelText('صورة إيصال التحويل'), receipt());
    expect(screen.getByText('receipt.png')).toBeVisible();
    await fill(
      userEvent.setup(),
      screen.getByRole('textbox', { name: 'رسالة (اختياري)' }),
      'حوّلت من فودافون كاش',
    );
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const form = api.mock.calls[0]![1]!.body as FormData;
    expect(form.get('amount')).toBe('100');
    expect(form.get('payer_number')).toBe('01012345678');
    expect((form.get('attachment') as File).name).toBe('receipt.png');
    expect(form.get('message')).toBe('حوّلت من فودافون كاش');
    expect(
      await screen.findByText('تم إرسال طلبك، ستتم مراجعة العملية ثم يُضاف المبلغ إلى رصيدك'),
    ).toBeVisible();
  });

  it('names LESS_THAN_MIN_AMOUNT', async () => {
    mockApi({
      'POST /api/v1/wallet/recharge/mobile-wallet': () => ({
        status: 422,
        body: { message: 'x', code: 'LESS_THAN_MIN_AMOUNT' },
      }),
    });
    const { onDone } = renderDialog({ methods: ['mobile_wallets', 'recharge_card'] });
    await goToCheckout('تحويل من محفظة موبايل', '100');
    await fill(
      userEvent.setup(),
      screen.getByRole('textbox', { name: /رقم المحفظة التي حوّلت منها/ }),
      '01012345678',
    );
    await userEvent.upload(screen.getByLabelText('صورة إيصال التحويل'), receipt());
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(await screen.findByText('المبلغ أقل من الحد الأدنى للشحن')).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('RechargeDialog, online gateways', () => {
  it("opens Paymob's card page in this same window", async () => {
    const api = mockApi({
      'POST /api/v1/wallet/paymob/order/card': () => ({
        body: { iframe_url: 'https://accept.paymob.com/api/acceptance/iframes/1?payment_token=k' },
      }),
    });
    renderDialog({ methods: ['paymob_card', 'kashier'] });
    await goToCheckout('بطاقة بنكية', '150');
    expect(screen.getByText('ستدفع 150.00 جنيه عن طريق بطاقة بنكية.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'متابعة الدفع' }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith(
        'https://accept.paymob.com/api/acceptance/iframes/1?payment_token=k',
      ),
    );
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ amount: 150 });
  });

  it("embeds Paymob's installment page in the dialog", async () => {
    mockApi({
      'POST /api/v1/wallet/paymob/order/installment': () => ({
        body: { iframe_url: 'https://accept.paymob.com/api/acceptance/iframes/9?payment_token=k' },
      }),
    });
    renderDialog({ methods: ['paymob_installment', 'kashier'] });
    await goToCheckout('التقسيط', '600');
    await userEvent.click(screen.getByRole('button', { name: 'متابعة الدفع' }));
    const frame = await screen.findByTitle('صفحة الدفع بالتقسيط');
    expect(frame).toHaveAttribute(
      'src',
      'https://accept.paymob.com/api/acceptance/iframes/9?payment_token=k',
    );
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("links Kashier's page to open outside, and is done when the student says so", async () => {
    mockApi({
      'POST /api/v1/wallet/kashier/order': () => ({
        body: { url: 'https://checkout.kashier.io/?merchantId=MID-1&orderId=9' },
      }),
    });
    const { onDone } = renderDialog({ methods: ['kashier', 'paymob_card'] });
    await goToCheckout('كاشير', '80');
    await userEvent.click(screen.getByRole('button', { name: 'متابعة الدفع' }));
    const link = await screen.findByRole('link', { name: 'فتح صفحة الدفع' });
    expect(link).toHaveAttribute('href', 'https://checkout.kashier.io/?merchantId=MID-1&orderId=9');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'أتممت الدفع' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("loads Fawry's script only once Fawry is paid with, then opens its pop-up", async () => {
    const api = mockApi({
      'POST /api/v1/wallet/fawry/order/staging': () => ({
        body: { charge_request: { merchantRefNum: 'R-7', signature: 'abc' } },
      }),
    });
    const { onDone } = renderDialog({ methods: ['fawry_staging', 'paymob_card'] });
    await goToCheckout('فوري (تجريبي)', '60');
    expect(document.querySelector('script[src*="fawry"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'متابعة الدفع' }));
    await waitFor(() => expect(document.querySelector('script[src*="fawry"]')).not.toBeNull());
    const script = document.querySelector<HTMLScriptElement>('script[src*="fawry"]')!;
    expect(script.src).toContain('https://atfawry.fawrystaging.com/');
    const checkout = vi.fn();
    (window as { FawryPay?: unknown }).FawryPay = { checkout };
    fireEvent.load(script);
    await waitFor(() => expect(checkout).toHaveBeenCalledOnce());
    expect(checkout.mock.calls[0]![0]).toEqual({ merchantRefNum: 'R-7', signature: 'abc' });
    expect(calledUrls(api)).toEqual(['/api/v1/wallet/fawry/order/staging']);
    checkout.mock.calls[0]![1].onSuccess();
    expect(onDone).toHaveBeenCalledOnce();
    delete (window as { FawryPay?: unknown }).FawryPay;
  });

  it('says when the order could not be made, and stays', async () => {
    mockApi({
      'POST /api/v1/wallet/paymob/order/card': () => ({ status: 503, body: { message: 'down' } }),
    });
    const { dialog } = renderDialog({ methods: ['paymob_card', 'kashier'] });
    await goToCheckout('بطاقة بنكية', '150');
    await userEvent.click(screen.getByRole('button', { name: 'متابعة الدفع' }));
    expect(await within(dialog).findByText('تعذر بدء عملية الدفع، حاول مرة أخرى')).toBeVisible();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});
