import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transferBalanceResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import type { TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { expectRefusal, startWalletServer, type WalletClient } from './wallet-client';

let server: TestServer;
let w: WalletClient;
beforeAll(async () => ({ server, w } = await startWalletServer()));
afterAll(() => server.close());
beforeEach(() =>
  putSettings(server.db, {
    enable_wallet_system: true,
    enable_wallet_transfers: true,
    transfer_fees: 1.5,
  }),
);

/** Both students' ledgers sum to their balances. */
async function expectLedgersBalance(...students: TestStudent[]) {
  for (const s of students) expect(await w.ledgerSum(s.userId)).toBe(await w.balance(s.userId));
}

describe('POST /wallet/transfer', () => {
  it('moves exactly the amount to the recipient and takes the amount and the fee from the sender', async () => {
    const sender = await makeStudent(server.db, { balance: 100, name: 'سارة أحمد' });
    const recipient = await makeStudent(server.db, { balance: 5, name: 'عمر خالد' });
    const address = await w.addressOf(recipient.userId);
    // Typed with blanks and in lower case, as read off a phone.
    const typed = `${address.slice(0, 4).toLowerCase()} ${address.slice(4)}`;
    const res = await w.transfer(sender.token, 40.25, typed);
    expect(res.statusCode, res.body).toBe(200);
    const body = transferBalanceResponseSchema.parse(res.json());
    expect(body).toMatchObject({ amount: 40.25, balance: 58.25 });
    expect(body.transaction).toMatchObject({
      serial: body.serial,
      type: 'balance_transfer',
      value: -40.25,
      balance_after: 59.75,
      transfer_resource: { sender_user_name: 'سارة أحمد', recipient_user_name: 'عمر خالد' },
    });
    expect(await w.balance(sender.userId)).toBe(5_825);
    expect(await w.balance(recipient.userId)).toBe(4_525);
    const senderRows = (await w.ledger(sender.userId)).slice(1);
    expect(senderRows).toMatchObject([
      { type: 'balance_transfer', value: -4_025, counterpart_user_id: recipient.userId },
      { type: 'balance_transfer', value: -150, comment: 'رسوم تحويل الرصيد' },
    ]);
    const recipientRows = (await w.ledger(recipient.userId)).slice(1);
    expect(recipientRows).toMatchObject([
      { type: 'balance_transfer', value: 4_025, counterpart_user_id: sender.userId },
    ]);
    await expectLedgersBalance(sender, recipient);
    // Each side's wallet page names the other.
    const theirs = await w.walletBody(recipient.token);
    expect(theirs.transactions.data[0]).toMatchObject({
      value: 40.25,
      transfer_resource: { sender_user_name: 'سارة أحمد', recipient_user_name: 'عمر خالد' },
    });
    expect(await w.notifications(sender.userId)).toEqual([
      {
        type: 'transfer_balance_sent',
        data: {
          type: 'transfer_balance_sent',
          title: 'تم تحويل الرصيد',
          content: 'حوّلت 40.25 جنيه إلى عمر خالد ورسوم التحويل 1.50 جنيه. رصيدك الآن 58.25 جنيه.',
          to: '/wallet',
        },
      },
    ]);
    const [received] = await w.notifications(recipient.userId);
    expect(received).toMatchObject({
      type: 'transfer_balance_received',
      data: { type: 'transfer_balance_received', to: '/wallet' },
    });
    expect(received!.data).toMatchObject({
      title: 'وصلك تحويل رصيد',
      content: 'حوّل إليك سارة أحمد 40.25 جنيه. رصيدك الآن 45.25 جنيه.',
    });
  });

  it('takes no fee row when transfer_fees is 0', async () => {
    await putSettings(server.db, { transfer_fees: 0 });
    const sender = await makeStudent(server.db, { balance: 10 });
    const recipient = await makeStudent(server.db);
    const res = await w.transfer(sender.token, 10, await w.addressOf(recipient.userId));
    expect(res.statusCode).toBe(200);
    expect(await w.balance(sender.userId)).toBe(0);
    expect(await w.balance(recipient.userId)).toBe(1_000);
    expect(await w.ledger(sender.userId)).toHaveLength(2);
    const [sent] = await w.notifications(sender.userId);
    expect(sent!.data.content).toBe(`حوّلت 10.00 جنيه إلى ${recipient.name}. رصيدك الآن 0.00 جنيه.`);
    await expectLedgersBalance(sender, recipient);
  });

  it('refuses when the balance covers the amount but not the fee, and moves nothing', async () => {
    const sender = await makeStudent(server.db, { balance: 50 });
    const recipient = await makeStudent(server.db);
    const address = await w.addressOf(recipient.userId);
    const short = await w.transfer(sender.token, 50, address);
    expectRefusal(short, 'NO_ENOUGH_BALANCE');
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('رصيدك غير كافٍ');
    expectRefusal(await w.transfer(sender.token, 48.51, address), 'NO_ENOUGH_BALANCE');
    expect(await w.balance(sender.userId)).toBe(5_000);
    expect(await w.balance(recipient.userId)).toBe(0);
    expect(await w.ledger(sender.userId)).toHaveLength(1);
    expect(await w.notifications(recipient.userId)).toEqual([]);
    // Exactly the balance, fee included, goes through.
    expect((await w.transfer(sender.token, 48.5, address)).statusCode).toBe(200);
    expect(await w.balance(sender.userId)).toBe(0);
    await expectLedgersBalance(sender, recipient);
  });

  it('refuses an unknown address and the student’s own, in the spec’s words', async () => {
    const sender = await makeStudent(server.db, { balance: 50 });
    const unknown = await w.transfer(sender.token, 5, 'DW0000000000');
    expectRefusal(unknown, 'WALLET_NOT_FOUND');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('لم يتم العثور على المحفظة المُرسل إليها');
    const own = await w.transfer(sender.token, 5, await w.addressOf(sender.userId));
    expectRefusal(own, 'CANNOT_TRANSFER_TO_YOURSELF');
    expect(own.json().message).toBe('لا يمكنك التحويل إلى محفظتك');
    expect(await w.balance(sender.userId)).toBe(5_000);
    expect(await w.ledger(sender.userId)).toHaveLength(1);
  });

  it('refuses amounts below 0.5, with more than two decimals, or without an address', async () => {
    const sender = await makeStudent(server.db, { balance: 50 });
    const address = await w.addressOf((await makeStudent(server.db)).userId);
    for (const [amount, to] of [
      [0.49, address],
      [0, address],
      [-5, address],
      [1.005, address],
      [5, '   '],
    ] as const) {
      const res = await w.transfer(sender.token, amount, to);
      expect(res.statusCode, `${amount} ${to}`).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await w.balance(sender.userId)).toBe(5_000);
  });

  it('is refused while transfers or the wallet are off, and to a guest', async () => {
    const sender = await makeStudent(server.db, { balance: 50 });
    const recipient = await makeStudent(server.db);
    const address = await w.addressOf(recipient.userId);
    expect((await w.transfer(undefined, 5, address)).statusCode).toBe(401);
    await putSettings(server.db, { enable_wallet_transfers: false });
    const off = await w.transfer(sender.token, 5, address);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({
      code: 'FEATURE_DISABLED',
      message: 'تحويل الرصيد غير متاح حالياً',
    });
    await putSettings(server.db, { enable_wallet_transfers: true, enable_wallet_system: false });
    expectRefusal(await w.transfer(sender.token, 5, address), 'FEATURE_DISABLED');
    expect(await w.balance(sender.userId)).toBe(5_000);
    expect(await w.balance(recipient.userId)).toBe(0);
  });

  it('never takes a wallet below zero when the same student sends many at once', async () => {
    const sender = await makeStudent(server.db, { balance: 30 });
    const recipients = [await makeStudent(server.db), await makeStudent(server.db)];
    const addresses = await Promise.all(recipients.map((r) => w.addressOf(r.userId)));
    // 10 × (5 + 1.5) = 65 asked for, 30 held: four go through.
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => w.transfer(sender.token, 5, addresses[i % 2]!)),
    );
    const ok = replies.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(4);
    for (const r of replies.filter((r) => r.statusCode !== 200))
      expect(r.json().code).toBe('NO_ENOUGH_BALANCE');
    expect(await w.balance(sender.userId)).toBe(3_000 - ok * 650);
    const received =
      (await w.balance(recipients[0]!.userId)) + (await w.balance(recipients[1]!.userId));
    expect(received).toBe(ok * 500);
    await expectLedgersBalance(sender, ...recipients);
  });

  it('lets A→B and B→A race without a deadlock, and every transfer lands once', async () => {
    const a = await makeStudent(server.db, { balance: 100 });
    const b = await makeStudent(server.db, { balance: 100 });
    const [toA, toB] = [await w.addressOf(a.userId), await w.addressOf(b.userId)];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? w.transfer(a.token, 2, toB) : w.transfer(b.token, 2, toA),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Each sent 10 × 2 and received 10 × 2, and paid 10 fees of 1.5.
    expect(await w.balance(a.userId)).toBe(10_000 - 1_500);
    expect(await w.balance(b.userId)).toBe(10_000 - 1_500);
    await expectLedgersBalance(a, b);
  });
});
