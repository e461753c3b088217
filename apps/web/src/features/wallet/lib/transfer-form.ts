import { transferBalanceBodySchema, type TransferBalanceBody } from '@dars/contract';
import { tw } from '../../../i18n/ar-wallet';
import { parseAmount } from './recharge-form';

/** The transfer form as typed. */
export interface TransferInput {
  address: string;
  amount: string;
}

/** What the form may send, and what to say under the amount. */
export interface TransferCheck {
  /** The body to send; null keeps the confirm button disabled (spec §5). */
  body: TransferBalanceBody | null;
  /** Shown under the amount once one is typed: below 0.5, more than the balance, decimals. */
  amountError: string | null;
}

/**
 * The transfer rules of spec §5: a wallet address, and an amount of at least 0.5 pounds that
 * the balance covers (the field's own limits are 1 and the balance). The server still refuses
 * what the balance cannot cover with the fee (NO_ENOUGH_BALANCE).
 * @example checkTransfer({ address: 'W-1002', amount: '20' }, 100).body // { amount: 20, wallet_address: 'W-1002' }
 * @example checkTransfer({ address: 'W-1002', amount: '0.25' }, 100).amountError // 'أقل مبلغ للتحويل هو 0.5 جنيه'
 */
export function checkTransfer(input: TransferInput, balance: number): TransferCheck {
  const amount = parseAmount(input.amount);
  const parsed = transferBalanceBodySchema.safeParse({
    amount: amount ?? undefined,
    wallet_address: input.address,
  });
  const amountIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'amount');
  const amountError =
    amount === null
      ? null
      : (amountIssue?.message ?? (amount > balance ? tw('transfer.moreThanBalance') : null));
  return { body: parsed.success && amountError === null ? parsed.data : null, amountError };
}
