import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { startWalletServer, type WalletClient } from './wallet-client';

/**
 * POST /wallet/transfer/lookup (ADR 038): the name and masked phone behind a typed address,
 * shown before «تأكيد التحويل». Every expectation is written out here: the masked phone, the
 * Arabic refusals (the transfer's own, compared reply for reply), and the limits (10 a minute
 * and 50 a day per student, 200 an hour per network address).
 */

let server: TestServer;
let w: WalletClient;
let admin: TestStudent;
beforeAll(async () => {
  ({ server, w } = await startWalletServer());
  admin = await makeStaff(server.db, 'admin');
});
afterAll(() => server.close());
beforeEach(async () => {
  await putSettings(server.db, {
    enable_wallet_system: true,
    enable_wallet_transfers: true,
    transfer_fees: 1.5,
  });
  // Each test starts with no lookups counted (they are counted per student and per address).
  await server.db.deleteFrom('rate_limits').execute();
});

const NOT_FOUND = {
  status: 404,
  body: { code: 'WALLET_NOT_FOUND', message: 'لم يتم العثور على المحفظة المُرسل إليها' },
};
const TO_YOURSELF = {
  status: 422,
  body: { code: 'CANNOT_TRANSFER_TO_YOURSELF', message: 'لا يمكنك التحويل إلى محفظتك' },
};
const TOO_MANY = {
  status: 429,
  body: { code: 'TOO_MANY_REQUESTS', message: 'محاولات كثيرة، حاول مرة أخرى لاحقاً' },
};
const SIGN_IN_FIRST = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', message: 'يجب تسجيل الدخول أولاً' },
};
const TRANSFERS_OFF = {
  status: 404,
  body: { code: 'FEATURE_DISABLED', message: 'تحويل الرصيد غير متاح حالياً' },
};

type Reply = Awaited<ReturnType<WalletClient['lookup']>>;
const answer = (res: Reply) => ({ status: res.statusCode, body: res.json() as unknown });

function staff(method: 'POST', url: string, payload: object = {}) {
  return server.app.inject({
    method,
    url: `${API_BASE}/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    payload,
  });
}

/** Every open limit window moved `ms` into the past, as if that much time had passed. */
async function timePasses(ms: number) {
  const rows = await server.db.selectFrom('rate_limits').select(['key', 'window_start']).execute();
  for (const row of rows) {
    const earlier = new Date(Date.parse(row.window_start) - ms).toISOString();
    await server.db
      .updateTable('rate_limits')
      .set({ window_start: earlier })
      .where('key', '=', row.key)
      .execute();
  }
}

describe('POST /wallet/transfer/lookup', () => {
  it('names the receiving student and shows the phone with only its first 3 and last 2 digits', async () => {
    const sender = await makeStudent(server.db);
    const recipient = await makeStudent(server.db, {
      name: 'عمر خالد',
      phone: '01012345678',
      email: 'omar.khaled@dars.test',
      balance: 321,
    });
    const address = await w.addressOf(recipient.userId);
    const res = await w.lookup(sender.token, address);
    expect(answer(res)).toEqual({
      status: 200,
      body: { name: 'عمر خالد', phone_masked: '010******78' },
    });
    // Nothing else of the account: no id, e-mail, balance, address or whole phone.
    for (const secret of ['omar.khaled', '01012345678', '321', address, `"id"`])
      expect(res.body).not.toContain(secret);
    // Typed as read off a phone: blanks, lower case and Arabic-Indic digits, as the transfer.
    const digits = address.slice(2).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const typed = `dw ${digits.slice(0, 4)} ${digits.slice(4)}`;
    expect(answer(await w.lookup(sender.token, typed)).body).toEqual({
      name: 'عمر خالد',
      phone_masked: '010******78',
    });
    // The transfer finds the same wallet (and then finds the sender's balance short).
    expect((await w.transfer(sender.token, 0.5, typed)).json().code).toBe('NO_ENOUGH_BALANCE');
  });

  it('masks other lengths the same way: 3 first, 2 last, a * for each other character', async () => {
    const sender = await makeStudent(server.db);
    for (const [phone, masked] of [
      ['01598765432', '015******32'],
      ['+201012345678', '+20********78'],
      ['12345678', '123***78'],
      ['1234567', '*****67'],
    ] as const) {
      const recipient = await makeStudent(server.db, { phone });
      const res = await w.lookup(sender.token, await w.addressOf(recipient.userId));
      expect(res.json().phone_masked, phone).toBe(masked);
    }
  });

  it('refuses an unknown address and the student’s own exactly as the transfer does', async () => {
    const sender = await makeStudent(server.db, { balance: 50 });
    const own = await w.addressOf(sender.userId);
    for (const [typed, refusal] of [
      ['DW0000000000', NOT_FOUND],
      ['DW00000000001', NOT_FOUND],
      [own, TO_YOURSELF],
      [own.toLowerCase(), TO_YOURSELF],
    ] as const) {
      expect(answer(await w.lookup(sender.token, typed)), typed).toEqual(refusal);
      expect(answer(await w.transfer(sender.token, 5, typed)), typed).toEqual(refusal);
    }
    expect(await w.balance(sender.userId)).toBe(5_000);
  });

  it('refuses a blocked student’s wallet and a staff account’s like an unknown one, and so does the transfer', async () => {
    const sender = await makeStudent(server.db, { balance: 50 });
    const blocked = await makeStudent(server.db, { name: 'طالب موقوف' });
    const leader = await makeStaff(server.db, 'leader', { name: 'مشرف' });
    expect(
      (await staff('POST', `/students/${blocked.userId}/block`, { reason: 'غش' })).statusCode,
    ).toBe(200);
    for (const who of [blocked, leader, admin]) {
      const address = await w.addressOf(who.userId);
      expect(answer(await w.lookup(sender.token, address)), who.name).toEqual(NOT_FOUND);
      expect(answer(await w.transfer(sender.token, 5, address)), who.name).toEqual(NOT_FOUND);
      expect(await w.balance(who.userId)).toBe(0);
    }
    expect(await w.balance(sender.userId)).toBe(5_000);
    // Unblocked, the student receives again.
    expect((await staff('POST', `/students/${blocked.userId}/unblock`)).statusCode).toBe(200);
    const address = await w.addressOf(blocked.userId);
    expect(answer(await w.lookup(sender.token, address)).body).toMatchObject({
      name: 'طالب موقوف',
    });
    expect((await w.transfer(sender.token, 5, address)).statusCode).toBe(200);
    expect(await w.balance(blocked.userId)).toBe(500);
  });

  it('is refused while transfers or the wallet are off, without counting a lookup', async () => {
    const sender = await makeStudent(server.db);
    const recipient = await makeStudent(server.db);
    const address = await w.addressOf(recipient.userId);
    await putSettings(server.db, { enable_wallet_transfers: false });
    for (let i = 0; i < 12; i++)
      expect(answer(await w.lookup(sender.token, address))).toEqual(TRANSFERS_OFF);
    expect(answer(await w.transfer(sender.token, 5, address))).toEqual(TRANSFERS_OFF);
    await putSettings(server.db, { enable_wallet_transfers: true, enable_wallet_system: false });
    const walletOff = await w.lookup(sender.token, address);
    expect(walletOff.statusCode).toBe(404);
    expect(walletOff.json().code).toBe('FEATURE_DISABLED');
    await putSettings(server.db, { enable_wallet_system: true });
    expect((await w.lookup(sender.token, address)).statusCode).toBe(200);
  });

  it('answers 401 to a guest and to a blocked student’s token, and 422 to a blank address', async () => {
    const recipient = await makeStudent(server.db);
    const address = await w.addressOf(recipient.userId);
    expect(answer(await w.lookup(undefined, address))).toEqual(SIGN_IN_FIRST);
    const student = await makeStudent(server.db);
    expect((await w.lookup(student.token, address)).statusCode).toBe(200);
    expect((await staff('POST', `/students/${student.userId}/block`)).statusCode).toBe(200);
    expect(answer(await w.lookup(student.token, address))).toEqual(SIGN_IN_FIRST);
    const other = await makeStudent(server.db);
    const blank = await w.lookup(other.token, '   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().code).toBe('VALIDATION_FAILED');
  });

  it('lets a student look up 10 addresses a minute, found or not, then answers 429 in Arabic', async () => {
    const sender = await makeStudent(server.db);
    const other = await makeStudent(server.db);
    const recipient = await makeStudent(server.db, { name: 'منى علي', phone: '01112345678' });
    const address = await w.addressOf(recipient.userId);
    for (let i = 0; i < 10; i++) {
      const typed = i % 2 ? address : `DW${String(i).padStart(10, '0')}`;
      expect((await w.lookup(sender.token, typed)).statusCode, `lookup ${i + 1}`).not.toBe(429);
    }
    // The 11th, even of the right address, and the ones after it.
    expect(answer(await w.lookup(sender.token, address))).toEqual(TOO_MANY);
    expect(answer(await w.lookup(sender.token, 'DW1111111111'))).toEqual(TOO_MANY);
    // Counted per student: another one on the same network is not held back.
    expect(answer(await w.lookup(other.token, address)).body).toEqual({
      name: 'منى علي',
      phone_masked: '011******78',
    });
    // A minute later the student may look up again.
    await timePasses(61_000);
    expect((await w.lookup(sender.token, address)).statusCode).toBe(200);
  });

  it('caps a student at 50 lookups a day, however slowly they are made', async () => {
    const sender = await makeStudent(server.db);
    const address = await w.addressOf((await makeStudent(server.db)).userId);
    for (let minute = 0; minute < 5; minute++) {
      for (let i = 0; i < 10; i++)
        expect((await w.lookup(sender.token, address)).statusCode, `${minute}:${i}`).toBe(200);
      await timePasses(61_000);
    }
    expect(answer(await w.lookup(sender.token, address))).toEqual(TOO_MANY);
    await timePasses(60 * 60_000);
    expect(answer(await w.lookup(sender.token, address))).toEqual(TOO_MANY);
    // The next day.
    await timePasses(24 * 60 * 60_000);
    expect((await w.lookup(sender.token, address)).statusCode).toBe(200);
  });

  it('caps one network address at 200 lookups an hour over all its students', async () => {
    const address = await w.addressOf((await makeStudent(server.db)).userId);
    const students = [];
    for (let i = 0; i < 21; i++) students.push(await makeStudent(server.db));
    for (let i = 0; i < 200; i++) {
      const res = await w.lookup(students[i % 20]!.token, address, '203.0.113.7');
      expect(res.statusCode, `lookup ${i + 1}`).toBe(200);
    }
    // A student with none of their own used is refused there, and served from elsewhere.
    const fresh = students[20]!;
    expect(answer(await w.lookup(fresh.token, address, '203.0.113.7'))).toEqual(TOO_MANY);
    expect((await w.lookup(fresh.token, address, '198.51.100.4')).statusCode).toBe(200);
    await timePasses(60 * 60_000 + 1_000);
    expect((await w.lookup(fresh.token, address, '203.0.113.7')).statusCode).toBe(200);
  });
});
