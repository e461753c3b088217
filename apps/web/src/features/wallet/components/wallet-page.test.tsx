import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetWalletResponse } from '@dars/contract';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { onDesktop } from '../../../test/screen-size';
import { transactionFixture, walletFixture } from '../../../test/wallet-fixtures';
import { WalletPage } from './wallet-page';

const user = userFixture({ balance: 0 });

const ledger = [
  transactionFixture('T2', {
    type: 'lecture_purchase',
    value: -40,
    balance_after: 110,
    minutesAgo: 3,
    lecture_resource: { name: 'مراجعة ليلة الامتحان في الكيمياء العضوية' },
  }),
  transactionFixture('T1', {
    value: 150,
    balance_after: 150,
    minutesAgo: 90,
    comment: 'كارت 1234',
  }),
];

function renderWallet(
  path: string,
  {
    transfers = true,
    answer = walletFixture(),
  }: { transfers?: boolean; answer?: GetWalletResponse } = {},
) {
  const api = mockApi({ 'GET /api/v1/wallet': () => ({ body: answer }) });
  const view = renderRoutes([{ path: '/wallet', element: <WalletPage /> }], {
    path,
    user,
    settings: settingsFixture({
      enable_wallet_transfers: transfers,
      recharge_info: {
        min_recharge_amount: 10,
        supported_methods: ['recharge_card', 'mobile_wallets'],
        mobile_wallet_number: '01001234567',
      },
    }),
  });
  return { ...view, api };
}

describe('WalletPage', () => {
  it('shows the balance, the address with its QR code, recharge and transfer', async () => {
    renderWallet('/wallet', {
      answer: walletFixture({ balance: 1250.5, address: 'DW1234567890' }),
    });
    expect(await screen.findByText('1,250.50 جنيه')).toBeVisible();
    expect(screen.getByText('DW1234567890')).toBeVisible();
    expect(await screen.findByRole('img', { name: 'رمز QR لعنوان محفظتك' })).toHaveAttribute(
      'width',
      '160',
    );
    expect(screen.getByRole('button', { name: 'شحن الرصيد' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'تحويل رصيد' })).toBeEnabled();
  });

  it('hides the address, its QR code and the transfer button when transfers are off', async () => {
    renderWallet('/wallet', {
      transfers: false,
      answer: walletFixture({ address: 'DW1234567890' }),
    });
    expect(await screen.findByRole('button', { name: 'شحن الرصيد' })).toBeVisible();
    expect(screen.queryByText('DW1234567890')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تحويل رصيد' })).not.toBeInTheDocument();
  });

  it('tells how many recharges wait for review, and nothing when none do', async () => {
    const { unmount } = renderWallet('/wallet', { answer: walletFixture({ pending: 2 }) });
    expect(
      await screen.findByText(
        'لديك طلبا شحن قيد المراجعة. سيُضاف المبلغ إلى رصيدك بعد أن يراجعه فريقنا.',
      ),
    ).toBeVisible();
    unmount();
    renderWallet('/wallet', { answer: walletFixture({ pending: 0 }) });
    await screen.findByText('120.00 جنيه');
    expect(screen.queryByText(/قيد المراجعة/)).not.toBeInTheDocument();
  });

  it('lists the ledger on desktop as a table: type, cut name, signed value, balance after, date, comment', async () => {
    onDesktop();
    renderWallet('/wallet', { answer: walletFixture({ rows: ledger }) });
    const table = await screen.findByRole('table', { name: 'سجل المعاملات' });
    const [, purchase, recharge] = within(table).getAllByRole('row');
    const cells = within(purchase!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'شراء محاضرة',
      'مراجعة ليلة الامتحان في ا…',
      '\u200E-40.00 جنيه',
      '110.00 جنيه',
      'منذ 3 دقائق',
      '—',
    ]);
    expect(within(purchase!).getByText('مراجعة ليلة الامتحان في ا…')).toHaveAttribute(
      'title',
      'مراجعة ليلة الامتحان في الكيمياء العضوية',
    );
    expect(within(recharge!).getByText('\u200E+150.00 جنيه')).toHaveStyle({
      color: 'rgb(27, 94, 32)',
    });
    expect(within(purchase!).getByText('\u200E-40.00 جنيه')).toHaveStyle({
      color: 'rgb(211, 47, 47)',
    });
    expect(within(recharge!).getByText('منذ ساعة')).toBeVisible();
    expect(within(recharge!).getByText('كارت 1234')).toBeVisible();
  });

  it('lists the ledger on a phone as one block per row, with the same facts', async () => {
    renderWallet('/wallet', { answer: walletFixture({ rows: ledger }) });
    const list = await screen.findByRole('list', { name: 'سجل المعاملات' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [purchase, recharge] = within(list).getAllByRole('listitem');
    expect(purchase).toHaveTextContent('شراء محاضرة');
    expect(purchase).toHaveTextContent('\u200E-40.00 جنيه');
    expect(purchase).toHaveTextContent('مراجعة ليلة الامتحان في ا…');
    expect(purchase).toHaveTextContent('الرصيد بعدها: 110.00 جنيه');
    expect(purchase).toHaveTextContent('منذ 3 دقائق');
    expect(recharge).toHaveTextContent('كارت 1234');
  });

  it('loads more rows from the link the server gave', async () => {
    const api = mockApi({
      'GET /api/v1/wallet': (url) => ({
        body:
          url.searchParams.get('after') === 'T2'
            ? walletFixture({ rows: [transactionFixture('T1', { comment: 'الصفحة الثانية' })] })
            : walletFixture({
                rows: [transactionFixture('T2', { comment: 'الصفحة الأولى' })],
                next: '/api/v1/wallet?after=T2',
              }),
      }),
    });
    renderRoutes([{ path: '/wallet', element: <WalletPage /> }], { path: '/wallet', user });
    await screen.findByText('الصفحة الأولى');
    await userEvent.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    expect(await screen.findByText('الصفحة الثانية')).toBeVisible();
    expect(screen.getByText('الصفحة الأولى')).toBeVisible();
    expect(calledUrls(api)).toContain('/api/v1/wallet?after=T2');
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });

  it('says so when the ledger is empty', async () => {
    renderWallet('/wallet');
    expect(await screen.findByText('لا توجد معاملات في محفظتك بعد.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });

  it('shows the payment problem of ?error= as text, and drops it when dismissed', async () => {
    const { router } = renderWallet('/wallet?error=%3Cb%3E%D8%B1%D9%81%D8%B6%3C%2Fb%3E&x=1');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('حدثت مشكلة أثناء الدفع');
    expect(banner).toHaveTextContent('<b>رفض</b>');
    expect(banner.querySelector('b')).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: 'إخفاء' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?x=1');
  });

  it('opens the recharge dialog with the amount of ?recharge=, and drops it on closing', async () => {
    const { router } = renderWallet('/wallet?recharge=75');
    const dialog = await screen.findByRole('dialog', { name: 'شحن الرصيد' });
    expect(within(dialog).getByRole('spinbutton', { name: /المبلغ بالجنيه/ })).toHaveValue(75);
    await userEvent.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('offers a load failure a retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/wallet': () =>
        ++calls === 1
          ? { status: 500, body: { message: 'x' } }
          : { body: walletFixture({ balance: 5 }) },
    });
    renderRoutes([{ path: '/wallet', element: <WalletPage /> }], { path: '/wallet', user });
    expect(await screen.findByText('حدثت مشكلة أثناء تحميل بيانات المحفظة')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('5.00 جنيه')).toBeVisible();
  });
});
