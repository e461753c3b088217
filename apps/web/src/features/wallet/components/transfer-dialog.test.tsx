import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { transactionFixture } from '../../../test/wallet-fixtures';
import { TransferDialog } from './transfer-dialog';

function renderDialog({ balance = 100, fee = 1.5 } = {}) {
  const onTransferred = vi.fn();
  renderWithApp(
    <TransferDialog open balance={balance} onClose={vi.fn()} onTransferred={onTransferred} />,
    { user: userFixture(), settings: settingsFixture({ transfer_fees: fee }) },
  );
  return { onTransferred };
}

const address = () => screen.getByRole('textbox', { name: /عنوان المحفظة المُحوَّل إليها/ });
const amount = () => screen.getByRole('spinbutton', { name: /المبلغ بالجنيه/ });
const next = () => screen.getByRole('button', { name: 'التالي' });
const confirm = () => screen.getByRole('button', { name: 'تأكيد التحويل' });
const card = () => screen.getByRole('region', { name: 'تأكد من المستلم' });

async function typeTransfer(to: string, pounds: string) {
  const user = userEvent.setup();
  if (to) await fill(user, address(), to);
  if (pounds) await fill(user, amount(), pounds);
}

type Answer = { status?: number; body: unknown };
const RECIPIENT = { body: { name: 'منى علي', phone_masked: '011******78' } };
const TRANSFERRED = {
  body: {
    amount: 20,
    balance: 78.5,
    serial: 'TX1',
    transaction: transactionFixture('TX1', { type: 'balance_transfer', value: -20 }),
  },
};

function transferApi({ lookup = RECIPIENT, transfer }: { lookup?: Answer; transfer?: Answer }) {
  return mockApi({
    'POST /api/v1/wallet/transfer/lookup': () => lookup,
    ...(transfer ? { 'POST /api/v1/wallet/transfer': () => transfer } : {}),
  });
}

/** The JSON bodies sent to `path`, in order. */
function sent(api: ReturnType<typeof mockApi>, path: string): unknown[] {
  return api.mock.calls
    .filter(([input]) => String(input).endsWith(path))
    .map(([, init]) => JSON.parse(String(init!.body)));
}

/** Types a transfer and goes on to the confirmation card. */
async function toConfirmation(to = 'DW0000000002', pounds = '20') {
  await typeTransfer(to, pounds);
  await userEvent.click(next());
  return within(await screen.findByRole('region', { name: 'تأكد من المستلم' }));
}

describe('TransferDialog: the address and the amount', () => {
  it('shows the fee before anything is typed, and the whole deduction once it can go on', async () => {
    renderDialog({ fee: 1.5 });
    expect(screen.getByText('رسوم التحويل: 1.50 جنيه')).toBeVisible();
    expect(next()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'تأكيد التحويل' })).not.toBeInTheDocument();
    await typeTransfer('DW0000000002', '20');
    expect(screen.getByText('يُخصم من رصيدك: 21.50 جنيه')).toBeVisible();
    expect(next()).toBeEnabled();
  });

  it('offers the amount field from 1 up to the balance', () => {
    renderDialog({ balance: 80 });
    expect(amount()).toHaveAttribute('min', '1');
    expect(amount()).toHaveAttribute('max', '80');
  });

  it('keeps «التالي» disabled without an address, below 0.5 and above the balance', async () => {
    renderDialog({ balance: 100 });
    await typeTransfer('', '20');
    expect(next()).toBeDisabled();
    await typeTransfer('DW0000000002', '');
    expect(next()).toBeEnabled();
    await userEvent.clear(amount());
    await fill(userEvent.setup(), amount(), '0.49');
    expect(screen.getByText('أقل مبلغ للتحويل هو 0.5 جنيه')).toBeVisible();
    expect(next()).toBeDisabled();
    await userEvent.clear(amount());
    await fill(userEvent.setup(), amount(), '0.5');
    expect(next()).toBeEnabled();
    await userEvent.clear(amount());
    await fill(userEvent.setup(), amount(), '100.5');
    expect(screen.getByText('المبلغ أكبر من رصيدك')).toBeVisible();
    expect(next()).toBeDisabled();
  });
});

describe('TransferDialog: who receives', () => {
  it('looks the address up as the transfer reads it and shows who receives, the amount, the fee and the total', async () => {
    const api = transferApi({});
    renderDialog({ fee: 1.5 });
    const shown = await toConfirmation(' dw 0000 ٠٠٠٠٠٢ ', '20');
    expect(sent(api, '/wallet/transfer/lookup')).toEqual([{ wallet_address: 'DW0000000002' }]);
    expect(sent(api, '/wallet/transfer')).toEqual([]);
    const rows = shown.getAllByRole('definition').map((dd) => dd.textContent);
    const labels = shown.getAllByRole('term').map((dt) => dt.textContent);
    expect(labels).toEqual([
      'المستلم',
      'رقم الهاتف',
      'عنوان المحفظة',
      'المبلغ',
      'رسوم التحويل',
      'يُخصم من رصيدك',
    ]);
    expect(rows).toEqual([
      'منى علي',
      '011******78',
      'DW0000000002',
      '20.00 جنيه',
      '1.50 جنيه',
      '21.50 جنيه',
    ]);
    // The phone and the address read left to right inside the right-to-left card.
    expect(shown.getByText('011******78')).toHaveAttribute('dir', 'ltr');
    expect(shown.getByText('DW0000000002')).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(confirm()).toBeEnabled();
  });

  it('moves the focus to the card’s heading, which a screen reader reads with the details', async () => {
    transferApi({});
    renderDialog();
    await toConfirmation();
    const heading = screen.getByRole('heading', { name: 'تأكد من المستلم' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAccessibleDescription(/المستلم\s*منى علي\s*رقم الهاتف\s*011\*{6}78/);
    expect(card()).toContainElement(heading);
  });

  it.each([
    [404, 'WALLET_NOT_FOUND', 'لم يتم العثور على المحفظة المُحوَّل إليها'],
    [422, 'CANNOT_TRANSFER_TO_YOURSELF', 'لا يمكنك التحويل إلى محفظتك'],
    [429, 'TOO_MANY_REQUESTS', 'محاولات كثيرة، حاول مرة أخرى لاحقاً'],
    [404, 'FEATURE_DISABLED', 'تحويل الرصيد غير متاح حالياً'],
    [500, 'SERVER_ERROR', 'تعذر التحقق من عنوان المحفظة، حاول مرة أخرى'],
  ])('says a %i %s lookup under the address, and stays on the form', async (status, code, text) => {
    const api = transferApi({
      lookup: { status, body: { code, message: code === 'SERVER_ERROR' ? 'boom' : text } },
    });
    renderDialog();
    await typeTransfer('DW0000000002', '20');
    await userEvent.click(next());
    await waitFor(() => expect(address()).toHaveAccessibleDescription(text));
    expect(address()).toHaveAttribute('aria-invalid', 'true');
    expect(address()).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'تأكد من المستلم' })).not.toBeInTheDocument();
    expect(sent(api, '/wallet/transfer')).toEqual([]);
    // Changing the address takes the refusal away.
    await userEvent.type(address(), '3');
    expect(address()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to edit with what was typed, and looks the new address up again', async () => {
    const api = transferApi({});
    renderDialog();
    await toConfirmation('DW0000000002', '20');
    await userEvent.click(screen.getByRole('button', { name: 'تعديل البيانات' }));
    expect(address()).toHaveValue('DW0000000002');
    expect(amount()).toHaveValue(20);
    await waitFor(() => expect(address()).toHaveFocus());
    await userEvent.clear(address());
    await fill(userEvent.setup(), address(), 'DW0000000003');
    await userEvent.click(next());
    await screen.findByRole('region', { name: 'تأكد من المستلم' });
    expect(sent(api, '/wallet/transfer/lookup')).toEqual([
      { wallet_address: 'DW0000000002' },
      { wallet_address: 'DW0000000003' },
    ]);
  });

  it('is usable from the keyboard alone: Enter looks up, Enter on the card confirms', async () => {
    const api = transferApi({ transfer: TRANSFERRED });
    const { onTransferred } = renderDialog();
    const user = userEvent.setup();
    await user.type(address(), 'DW0000000002');
    await user.tab();
    await user.keyboard('20{Enter}');
    await screen.findByRole('region', { name: 'تأكد من المستلم' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'تأكد من المستلم' })).toHaveFocus(),
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'تعديل البيانات' })).toHaveFocus();
    await user.tab();
    expect(confirm()).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onTransferred).toHaveBeenCalledOnce());
    expect(sent(api, '/wallet/transfer')).toEqual([{ amount: 20, wallet_address: 'DW0000000002' }]);
  });
});

describe('TransferDialog: the transfer', () => {
  it.each([
    ['NO_ENOUGH_BALANCE', 'رصيدك غير كافٍ لإتمام التحويل'],
    ['WALLET_NOT_FOUND', 'لم يتم العثور على المحفظة المُحوَّل إليها'],
    ['CANNOT_TRANSFER_TO_YOURSELF', 'لا يمكنك التحويل إلى محفظتك'],
  ])('names %s', async (code, text) => {
    transferApi({ transfer: { status: 422, body: { message: 'x', code } } });
    const { onTransferred } = renderDialog();
    await toConfirmation();
    await userEvent.click(confirm());
    expect(await screen.findByText(text)).toBeVisible();
    expect(onTransferred).not.toHaveBeenCalled();
  });

  it("says 'the balance was not transferred' for anything else", async () => {
    transferApi({ transfer: { status: 500, body: { message: 'boom' } } });
    renderDialog();
    await toConfirmation();
    await userEvent.click(confirm());
    expect(await screen.findByText('لم يتم تحويل الرصيد')).toBeVisible();
  });

  it('sends the address looked up and the amount, then shows the 2000 ms snackbar', async () => {
    const api = transferApi({ transfer: TRANSFERRED });
    const { onTransferred } = renderDialog();
    await toConfirmation(' DW 0000 000002 ', '20');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(confirm());
      await waitFor(() => expect(onTransferred).toHaveBeenCalledOnce());
      expect(sent(api, '/wallet/transfer')).toEqual([
        { amount: 20, wallet_address: 'DW0000000002' },
      ]);
      expect(onTransferred).toHaveBeenCalledWith({
        amount: 20,
        address: 'DW0000000002',
        balance: 78.5,
      });
      expect(await screen.findByText('تم تحويل الرصيد بنجاح')).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(1800));
      expect(screen.getByText('تم تحويل الرصيد بنجاح')).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() =>
        expect(screen.queryByText('تم تحويل الرصيد بنجاح')).not.toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
