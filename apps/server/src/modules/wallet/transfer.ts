import type { Kysely, Transaction } from 'kysely';
import {
  fromPiasters,
  toPiasters,
  type TransferBalanceBody,
  type TransferBalanceResponse,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { getSetting } from '../settings/settings-service';
import { notify } from '../notifications/notification-service';
import { credit, debit, lockStudent } from './ledger';
import { moneyText } from './money-text';
import { ledgerRows, transactionView } from './transaction-view';
import { transferRecipient } from './transfer-recipient';
import { requireTransfers } from './wallet-switches';

/**
 * Takes both students' row locks in id order (PostgreSQL; SQLite runs one writer at a time),
 * so A→B and B→A racing wait for each other instead of deadlocking, and a purchase (which
 * locks one student) never holds one of two locks a transfer needs in the other order.
 */
// Stryker disable all: only PostgreSQL runs two transactions at once; the A→B/B→A race test is red there without this order
async function lockBoth(trx: Transaction<DB>, a: number, b: number): Promise<void> {
  for (const id of [Math.min(a, b), Math.max(a, b)]) await lockStudent(trx, id);
}
// Stryker restore all

/**
 * POST /wallet/transfer: moves `amount` to the wallet at `wallet_address` (a student's who is
 * not blocked: transfer-recipient.ts); the sender also
 * pays the fixed fee of `transfer_fees` (ADR 018: Transfer fee). Both legs, the fee and both
 * notifications are one transaction; each side gets a `balance_transfer` ledger row naming
 * the other, and the fee is a row of its own on the sender's side. The debits are
 * conditional, so no race can take a wallet below zero.
 * @example await transferBalance(db, sender, { amount: 50, wallet_address: 'DW4821937465' })
 */
export async function transferBalance(
  db: Kysely<DB>,
  sender: UserRow,
  body: TransferBalanceBody,
): Promise<TransferBalanceResponse> {
  await requireTransfers(db);
  // The same address rules and refusals as the lookup shown before confirming.
  const recipient = await transferRecipient(db, sender.id, body.wallet_address);
  const amount = toPiasters(body.amount);
  const fee = toPiasters(await getSetting(db, 'transfer_fees'));
  return db.transaction().execute(async (trx) => {
    await lockBoth(trx, sender.id, recipient.id);
    const leg = { type: 'balance_transfer' as const, counterpartUserId: recipient.id };
    // Short is the transfer's own code (spec §8), not the purchases' BALANCE_NOT_ENOUGH.
    const short = 'NO_ENOUGH_BALANCE';
    const sent = await debit(trx, sender.id, amount, { ...leg, comment: null }, short);
    const after =
      fee > 0
        ? await debit(trx, sender.id, fee, { ...leg, comment: 'رسوم تحويل الرصيد' }, short)
        : sent;
    const received = await credit(trx, recipient.id, amount, {
      type: 'balance_transfer',
      counterpartUserId: sender.id,
    });
    const feeText = fee > 0 ? ` ورسوم التحويل ${moneyText(fee)}` : '';
    await notify(
      trx,
      sender.id,
      {
        type: 'transfer_balance_sent',
        title: 'تم تحويل الرصيد',
        content: `حوّلت ${moneyText(amount)} إلى ${recipient.name}${feeText}. رصيدك الآن ${moneyText(after.balance)}.`,
        to: '/wallet',
      },
      'transfer_balance_sent',
    );
    await notify(
      trx,
      recipient.id,
      {
        type: 'transfer_balance_received',
        title: 'وصلك تحويل رصيد',
        content: `حوّل إليك ${sender.name} ${moneyText(amount)}. رصيدك الآن ${moneyText(received.balance)}.`,
        to: '/wallet',
      },
      'transfer_balance_received',
    );
    const row = await ledgerRows(trx, sender.id)
      .where('t.serial', '=', sent.serial)
      .executeTakeFirstOrThrow();
    return {
      amount: fromPiasters(amount),
      balance: fromPiasters(after.balance),
      transaction: transactionView(row, sender),
      serial: sent.serial,
    };
  });
}
