import type { Transaction } from '@dars/contract';
import { WALLET_TRANSACTION_NAME_MAX } from '@dars/contract/plain';
import { ar } from '../../../i18n/ar';
import { tw } from '../../../i18n/ar-wallet';

/**
 * A name cut to `max` characters (spec §9: 25 for a wallet transaction), with '…' when cut.
 * Counted in code points, so a character is never split.
 * @example truncateName('مراجعة ليلة الامتحان في الكيمياء العضوية') // 'مراجعة ليلة الامتحان في ا…'
 */
export function truncateName(name: string, max: number = WALLET_TRANSACTION_NAME_MAX): string {
  const chars = Array.from(name.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}

/**
 * What a ledger row was about, whole: the lecture or course bought, or who a transfer went
 * to or came from; null for a recharge or a staff adjustment (their comment says the rest).
 * @example transactionName({ ...row, type: 'balance_transfer', value: -20, transfer_resource: { recipient_user_name: 'منى', sender_user_name: 'سارة' } }) // 'إلى منى'
 */
export function transactionName(row: Transaction): string | null {
  switch (row.type) {
    case 'lecture_purchase':
      return row.lecture_resource?.name ?? null;
    case 'course_purchase':
      return row.course_resource?.name ?? null;
    case 'balance_transfer': {
      const transfer = row.transfer_resource;
      if (!transfer) return null;
      return row.value < 0
        ? tw('transactions.to', { name: transfer.recipient_user_name })
        : tw('transactions.from', { name: transfer.sender_user_name });
    }
    default:
      return null;
  }
}

const signedMoney = new Intl.NumberFormat('ar-EG-u-nu-latn', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/**
 * A ledger value with its sign (a credit '+', a debit '-'), two decimals and 'جنيه'. Intl puts
 * a left-to-right mark before the sign, so in right-to-left text the sign stays with its number.
 * @example formatSignedMoney(-40.5) // '\u200E-40.50 جنيه'
 */
export function formatSignedMoney(value: number): string {
  return `${signedMoney.format(value)} ${ar.format.currency}`;
}

/**
 * The colour of a ledger value: green for a credit, red for a debit (the sign says it too).
 * @example valueTone(150) // 'credit'
 */
export function valueTone(value: number): 'credit' | 'debit' | 'none' {
  return value > 0 ? 'credit' : value < 0 ? 'debit' : 'none';
}
