import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rechargeCardResponseSchema } from '@dars/contract';
import { PAYCARD_FAILURES } from '../../src/modules/paycards/paycard-attempts';
import { putSettings } from '../../src/modules/settings/settings-service';
import { DEFAULT_SETTINGS } from '../../src/modules/settings/defaults';
import type { TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makePaycard } from '../factories/paycards';
import { makeStudent } from '../factories/students';
import { expectRefusal, startWalletServer, type WalletClient } from './wallet-client';

let server: TestServer;
let w: WalletClient;
beforeAll(async () => ({ server, w } = await startWalletServer()));
afterAll(() => server.close());
beforeEach(() =>
  putSettings(server.db, {
    enable_wallet_system: true,
    recharge_info: { ...DEFAULT_SETTINGS.recharge_info, supported_methods: ['recharge_card'] },
  }),
);

describe('POST /wallet/recharge/recharge-card', () => {
  it('adds the whole value of the card as a recharge, with its notification, and uses the card up', async () => {
    const student = await makeStudent(server.db, { balance: 20 });
    const code = await makePaycard(server.db, { value: 150.5 });
    const res = await w.rechargeCard(student.token, ` ${code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    const body = rechargeCardResponseSchema.parse(res.json());
    expect(body.balance).toBe(170.5);
    expect(body.message).toBe('تم شحن البطاقة وإضافة 150.50 جنيه إلى رصيدك');
    expect(await w.balance(student.userId)).toBe(17_050);
    const last = (await w.ledger(student.userId)).at(-1)!;
    expect(last).toMatchObject({ type: 'recharge', value: 15_050, balance_after: 17_050 });
    expect(await w.ledgerSum(student.userId)).toBe(17_050);
    expect(await w.notifications(student.userId)).toEqual([
      {
        type: 'recharge',
        data: {
          type: 'recharge',
          title: 'تم شحن رصيدك',
          content: 'أُضيف 150.50 جنيه إلى محفظتك (شحن بكارت شحن). رصيدك الآن 170.50 جنيه.',
          to: '/wallet',
        },
      },
    ]);
    expect(last.comment).toBe('شحن بكارت شحن');
    const page = await w.walletBody(student.token);
    expect(page.transactions.data[0]).toMatchObject({ type: 'recharge', value: 150.5 });
    expectRefusal(await w.rechargeCard(student.token, code), 'USED_PAYCARD');
    expect(await w.balance(student.userId)).toBe(17_050);
  });

  it('refuses an unknown, a used and an expired card, in the spec’s words, crediting nothing', async () => {
    const student = await makeStudent(server.db);
    const other = await makeStudent(server.db);
    const wrong = await w.rechargeCard(student.token, 'WRNG CODE XYZW 2345');
    expectRefusal(wrong, 'INVALID_PAYCARD_CODE');
    expect(wrong.json().message).toBe('كود بطاقة الدفع غير صحيح');
    const used = await makePaycard(server.db, { value: 50, usedBy: other.userId });
    const usedRes = await w.rechargeCard(student.token, used);
    expectRefusal(usedRes, 'USED_PAYCARD');
    expect(usedRes.json().message).toBe('البطاقة مُستخدمة سابقاً');
    const expired = await makePaycard(server.db, { value: 50, expired: true });
    const expiredRes = await w.rechargeCard(student.token, expired);
    expectRefusal(expiredRes, 'EXPIRED_PAYCARD');
    expect(expiredRes.json().message).toBe('البطاقة منتهية الصلاحية');
    expect(await w.balance(student.userId)).toBe(0);
    expect(await w.ledger(student.userId)).toEqual([]);
    expect(await w.notifications(student.userId)).toEqual([]);
  });

  it('refuses a card made for a course or a lecture and leaves it for that purchase', async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, { payType: 'lectures', lectures: [{ price: 30 }] });
    const forCourse = await makePaycard(server.db, { value: 100, courseId: course.id });
    const forLecture = await makePaycard(server.db, {
      value: 100,
      courseId: course.id,
      lectureId: course.lectures[0].id,
    });
    // Staff may issue a card for a lecture alone (npm run paycards -- --lecture ID).
    const lectureOnly = await makePaycard(server.db, {
      value: 100,
      lectureId: course.lectures[0].id,
    });
    for (const code of [forCourse, forLecture, lectureOnly]) {
      const res = await w.rechargeCard(student.token, code);
      expectRefusal(res, 'PAYCARD_TARGET_VALIDATION_FAILD');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'هذه البطاقة مخصصة لشراء دورة أو محاضرة، ولا يمكن شحن المحفظة بها',
      );
    }
    expect(await w.balance(student.userId)).toBe(0);
    const bought = await server.app.inject({
      method: 'POST',
      url: `/api/v1/lectures/${course.lectures[0].id}/purchase`,
      payload: { pay_by: 'paycard', code: forLecture },
      headers: { authorization: `Bearer ${student.token}`, 'app-platform': 'web' },
    });
    expect(bought.statusCode).toBe(200);
  });

  it('takes a card until its expiry', async () => {
    const student = await makeStudent(server.db);
    const code = await makePaycard(server.db, { value: 25 });
    const { hashPaycardCode } = await import('../../src/modules/paycards/paycard-code');
    await server.db
      .updateTable('paycards')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('code_hash', '=', hashPaycardCode(code))
      .execute();
    expect((await w.rechargeCard(student.token, code)).statusCode).toBe(200);
    expect(await w.balance(student.userId)).toBe(2_500);
  });

  it('credits a card used twice at once only once', async () => {
    const [a, b] = [await makeStudent(server.db), await makeStudent(server.db)];
    const code = await makePaycard(server.db, { value: 80 });
    const replies = await Promise.all([
      w.rechargeCard(a.token, code),
      w.rechargeCard(a.token, code),
      w.rechargeCard(b.token, code),
      w.rechargeCard(b.token, code),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422]);
    for (const r of replies.filter((r) => r.statusCode !== 200))
      expect(r.json().code).toBe('USED_PAYCARD');
    const balances = [await w.balance(a.userId), await w.balance(b.userId)];
    expect(balances.sort((x, y) => x - y)).toEqual([0, 8_000]);
    for (const s of [a, b]) expect(await w.ledgerSum(s.userId)).toBe(await w.balance(s.userId));
  });

  it(`stops after ${PAYCARD_FAILURES.limit} wrong codes an hour, counted with purchases, and a targeted card is no guess`, async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, { payType: 'lectures', lectures: [{ price: 30 }] });
    const targeted = await makePaycard(server.db, { value: 10, courseId: course.id });
    for (let i = 0; i < 3; i++)
      expectRefusal(
        await w.rechargeCard(student.token, targeted),
        'PAYCARD_TARGET_VALIDATION_FAILD',
      );
    // Half the guesses through a purchase, half through the wallet: one budget.
    for (let i = 0; i < PAYCARD_FAILURES.limit / 2; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/v1/lectures/${course.lectures[0].id}/purchase`,
        payload: { pay_by: 'paycard', code: `WRNG${i}CODE${i}PURC` },
        headers: { authorization: `Bearer ${student.token}`, 'app-platform': 'web' },
      });
      expectRefusal(res, 'INVALID_PAYCARD_CODE');
    }
    for (let i = 0; i < PAYCARD_FAILURES.limit / 2; i++)
      expectRefusal(
        await w.rechargeCard(student.token, `WRNG${i}CODE${i}WALT`),
        'INVALID_PAYCARD_CODE',
      );
    const valid = await makePaycard(server.db, { value: 40 });
    const blocked = await w.rechargeCard(student.token, valid);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('محاولات كثيرة بأكواد غير صحيحة، حاول مرة أخرى بعد ساعة');
    expect(await w.balance(student.userId)).toBe(0);
    // Another student is not blocked by this one's guesses.
    const other = await makeStudent(server.db);
    expect((await w.rechargeCard(other.token, valid)).statusCode).toBe(200);
  });

  it('is not served to a guest, with the wallet off, or once staff took the method out', async () => {
    const student = await makeStudent(server.db);
    const code = await makePaycard(server.db, { value: 30 });
    expect((await w.rechargeCard(undefined, code)).statusCode).toBe(401);
    await putSettings(server.db, { enable_wallet_system: false });
    expectRefusal(await w.rechargeCard(student.token, code), 'FEATURE_DISABLED');
    await putSettings(server.db, {
      enable_wallet_system: true,
      recharge_info: { ...DEFAULT_SETTINGS.recharge_info, supported_methods: ['mobile_wallets'] },
    });
    const off = await w.rechargeCard(student.token, code);
    expect(off.statusCode).toBe(404);
    expectRefusal(off, 'FEATURE_DISABLED');
    expect(await w.balance(student.userId)).toBe(0);
    const { hashPaycardCode } = await import('../../src/modules/paycards/paycard-code');
    const card = await server.db
      .selectFrom('paycards')
      .select('used_by')
      .where('code_hash', '=', hashPaycardCode(code))
      .executeTakeFirstOrThrow();
    expect(card.used_by).toBeNull();
  });
});
