import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
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
const confirm = () => screen.getByRole('button', { name: 'تأكيد التحويل' });

async function typeTransfer(to: string, pounds: string) {
  const user = userEvent.setup();
  if (to) await fill(user, address(), to);
  if (pounds) await fill(user, amount(), pounds);
}

function transferApi(answer: { status?: number; body: unknown }) {
  return mockApi({ 'POST /api/v1/wallet/transfer': () => answer });
}

describe('TransferDialog', () => {
  it('shows the fee before anything is typed, and the whole deduction once it can be sent', async () => {
    renderDialog({ fee: 1.5 });
    expect(screen.getByText('رسوم التحويل: 1.50 جنيه')).toBeVisible();
    expect(confirm()).toBeDisabled();
    await typeTransfer('DW0000000002', '20');
    expect(screen.getByText('يُخصم من رصيدك: 21.50 جنيه')).toBeVisible();
    expect(confirm()).toBeEnabled();
  });

  it('offers the amount field from 1 up to the balance', () => {
    renderDialog({ balance: 80 });
    expect(amount()).toHaveAttribute('min', '1');
    expect(amount()).toHaveAttribute('max', '80');
  });

  it('keeps confirm disabled without an address, below 0.5 and above the balance', async () => {
    renderDialog({ balance: 100 });
    await typeTransfer('', '20');
    expect(confirm()).toBeDisabled();
    await typeTransfer('DW0000000002', '');
    expect(confirm()).toBeEnabled();
    await userEvent.clear(amount());
    await fill(userEvent.setup(), amount(), '0.49');
    expect(screen.getByText('أقل مبلغ للتحويل هو 0.5 جنيه')).toBeVisible();
    expect(confirm()).toBeDisabled();
    await userEvent.clear(amount());
    await fill(userEvent.setup(), amount(), '0.5');
    expect(confirm()).toBeEnabled();
    await userEvent.clear(amount());
    await fill(userEvent.setup(), amount(), '100.5');
    expect(screen.getByText('المبلغ أكبر من رصيدك')).toBeVisible();
    expect(confirm()).toBeDisabled();
  });

  it.each([
    ['NO_ENOUGH_BALANCE', 'رصيدك غير كافٍ لإتمام التحويل'],
    ['WALLET_NOT_FOUND', 'لم يتم العثور على المحفظة المُحوَّل إليها'],
    ['CANNOT_TRANSFER_TO_YOURSELF', 'لا يمكنك التحويل إلى محفظتك'],
  ])('names %s', async (code, text) => {
    transferApi({ status: 422, body: { message: 'x', code } });
    const { onTransferred } = renderDialog();
    await typeTransfer('DW0000000002', '20');
    await userEvent.click(confirm());
    expect(await screen.findByText(text)).toBeVisible();
    expect(onTransferred).not.toHaveBeenCalled();
  });

  it("says 'the balance was not transferred' for anything else", async () => {
    transferApi({ status: 500, body: { message: 'boom' } });
    renderDialog();
    await typeTransfer('DW0000000002', '20');
    await userEvent.click(confirm());
    expect(await screen.findByText('لم يتم تحويل الرصيد')).toBeVisible();
  });

  it('sends the address without spaces and the amount, then shows the 2000 ms snackbar', async () => {
    const api = transferApi({
      body: {
        amount: 20,
        balance: 78.5,
        serial: 'TX1',
        transaction: transactionFixture('TX1', { type: 'balance_transfer', value: -20 }),
      },
    });
    const { onTransferred } = renderDialog();
    await typeTransfer(' DW 0000 000002 ', '20');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(confirm());
      await waitFor(() => expect(onTransferred).toHaveBeenCalledOnce());
      expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({
        amount: 20,
        wallet_address: 'DW0000000002',
      });
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
