import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSchema, purchaseLectureResponseSchema } from '@dars/contract';
import { redeemPaycard } from '../../src/modules/paycards/redeem-paycard';
import { balanceOf, credit, debit, lockStudent } from '../../src/modules/wallet/ledger';
import { startTestServer, type TestServer } from '../helpers';
import { makeCourse, makeLecture, type LectureSpec } from '../factories/courses';
import { makePaycard } from '../factories/paycards';
import { makeStudent } from '../factories/students';
import { studentClient } from '../denial-client';

// The details money depends on: what a lecture costs (free, zero, repurchase), what each
// purchase and ledger row records, what each refusal says, and the ledger's own guards.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
});
afterAll(() => server.close());

/** A course sold lecture by lecture, with these lectures. */
const lectureShop = <const L extends readonly LectureSpec[]>(...lectures: L) =>
  makeCourse(server, { payType: 'lectures', lectures });
/** One lecture of a course sold lecture by lecture. */
const lectureOnSale = (spec: LectureSpec) => makeLecture(server, spec);
const paycard = (value: number) => makePaycard(server.db, { value });

describe('what a lecture costs', () => {
  it('charges nothing for a lecture marked free, whatever its price, and nothing for a price of 0', async () => {
    const student = await makeStudent(server.db);
    const {
      lectures: [a, b],
    } = await lectureShop({ price: 40, free: true }, { price: 0 });
    await as.topUp(student.userId, 100);
    for (const lecture of [a, b]) {
      const res = await as.buyLecture(lecture.id, student.token, {});
      expect(res.statusCode).toBe(200);
      expect((await as.purchases(student.userId, lecture.id))[0]).toMatchObject({
        price_paid: 0,
        pay_by: 'free',
      });
    }
    expect(await as.balance(student.userId)).toBe(10_000);
    expect(await as.ledger(student.userId)).toHaveLength(1); // the top-up only
  });

  it('charges the full price again when a repurchasable lecture has no repurchase price', async () => {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale({ price: 30, repurchasable: true });
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    await as.expirePurchase(student.userId, lecture.id);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(10_000 - 2 * lecture.price);
  });

  it('records how each lecture was paid and until when it lasts', async () => {
    const student = await makeStudent(server.db);
    const {
      id: courseId,
      lectures: [expiring, lasting],
    } = await lectureShop({ price: 50, expiryDays: 30 }, { price: 30 });
    await as.topUp(student.userId, 100);
    const code = await paycard(100);
    const started = Date.now();
    expect((await as.buyLecture(expiring.id, student.token)).statusCode).toBe(200);
    const paid = await as.buyLecture(lasting.id, student.token, { pay_by: 'paycard', code });
    expect(paid.statusCode).toBe(200);
    const [byWallet] = await as.purchases(student.userId, expiring.id);
    expect(byWallet).toMatchObject({ pay_by: 'wallet', price_paid: expiring.price });
    const days = (Date.parse(byWallet!.expires_at!) - started) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect((await as.purchases(student.userId, lasting.id))[0]).toMatchObject({
      pay_by: 'paycard',
      price_paid: lasting.price,
      expires_at: null,
    });
    // The card's remainder went to the wallet, on a ledger row that says where it came from.
    const body = purchaseLectureResponseSchema.parse(paid.json());
    expect(body.balance * 100).toBe(10_000 - expiring.price + 10_000 - lasting.price);
    expect(body.data).toMatchObject({ id: lasting.id, purchased: true });
    const [remainder] = (await as.ledger(student.userId)).slice(-1);
    expect(remainder).toMatchObject({
      type: 'recharge',
      value: 10_000 - lasting.price,
      comment: 'المتبقي من بطاقة الدفع بعد الشراء',
      course_id: courseId,
      lecture_id: lasting.id,
      balance_after: body.balance * 100,
    });
  });

  it("a whole course's card remainder goes to the wallet under the course", async () => {
    const student = await makeStudent(server.db);
    const story = await makeCourse(server, { price: 80 });
    const code = await paycard(100);
    const res = await as.post(`/courses/${story.id}/purchase`, student.token, {
      pay_by: 'paycard',
      code,
    });
    expect(res.statusCode).toBe(200);
    expect(courseSchema.parse(res.json().data)).toMatchObject({ joined: true, purchased: true });
    expect(await as.ledger(student.userId)).toEqual([
      expect.objectContaining({
        type: 'recharge',
        value: 2000,
        balance_after: 2000,
        course_id: story.id,
        lecture_id: null,
      }),
    ]);
  });
});

describe('what each refusal says', () => {
  it('names the way in when a lecture or course is bought the wrong way', async () => {
    const student = await makeStudent(server.db);
    const physics = await makeCourse(server, { price: 350 });
    const [first] = physics.lectures;
    const perLecture = await lectureShop({ price: 30 });
    const asLecture = await as.buyLecture(first!.id, student.token);
    expect(asLecture.json()).toMatchObject({ message: 'انضم إلى الدورة أولاً' });
    const join = await as.post(`/courses/${physics.id}/join`, student.token);
    expect(join.json()).toMatchObject({
      message: 'هذه الدورة تُشترى، استخدم زر الحصول على الدورة',
    });
    const whole = await as.post(`/courses/${perLecture.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(whole.statusCode).toBe(403);
    expect(whole.json()).toMatchObject({ message: 'انضم إلى الدورة ثم اشترِ محاضراتها' });
  });

  it('says what is missing', async () => {
    const student = await makeStudent(server.db);
    const missingCourse = await as.post('/courses/999999/purchase', student.token, {});
    expect(missingCourse.json()).toMatchObject({ message: 'الدورة غير موجودة' });
    const missingJoin = await as.post('/courses/999999/join', student.token);
    expect(missingJoin.json()).toMatchObject({ message: 'الدورة غير موجودة' });
    const missingLecture = await as.buyLecture(999_999, student.token);
    expect(missingLecture.statusCode).toBe(404);
    expect(missingLecture.json()).toMatchObject({ message: 'المحاضرة غير موجودة' });
    const contents = await as.contents(999_999, student.token);
    expect(contents.statusCode).toBe(404);
    expect(contents.json()).toMatchObject({ message: 'المحاضرة غير موجودة' });
    const priced = await lectureOnSale({ price: 30 });
    const noMethod = await as.buyLecture(priced.id, student.token, {});
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'اختر طريقة الدفع',
    });
    // A card code alone is not a choice of paying by card: nothing is charged to it.
    const code = await paycard(100);
    const codeOnly = await as.buyLecture(priced.id, student.token, { code });
    expect(codeOnly.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'اختر طريقة الدفع',
    });
    expect(await as.cardUsedBy(code)).toBeNull();
    expect(await as.purchases(student.userId, priced.id)).toHaveLength(0);
  });

  it('refuses a card for a lecture that takes none with the lecture message, before looking at the card', async () => {
    const student = await makeStudent(server.db);
    const noCards = await lectureOnSale({ price: 40, paycardDisabled: true });
    const res = await as.buyLecture(noCards.id, student.token, {
      pay_by: 'paycard',
      code: 'AAAA BBBB CCCC DDDD',
    });
    expect(res.json()).toMatchObject({
      code: 'PAYCARD_TARGET_VALIDATION_FAILD',
      message: 'لا يمكن شراء هذه المحاضرة بالبطاقة المُدخلة',
    });
  });

  it('answers ALREADY_JOINED for a second join, and a free whole course only once', async () => {
    const student = await makeStudent(server.db);
    const perLecture = await lectureShop({ price: 30 });
    expect((await as.post(`/courses/${perLecture.id}/join`, student.token)).statusCode).toBe(200);
    const again = await as.post(`/courses/${perLecture.id}/join`, student.token);
    expect(again.json()).toMatchObject({ code: 'ALREADY_JOINED' });
    const grammar = await makeCourse(server); // free, whole
    expect((await as.post(`/courses/${grammar.id}/join`, student.token)).statusCode).toBe(200);
    expect(await as.joined(student.userId, grammar.id)).toBe(true);
    const twice = await as.post(`/courses/${grammar.id}/purchase`, student.token, {});
    expect(twice.json()).toMatchObject({ code: 'ALREADY_PURCHASED' });
  });
});

describe('joining', () => {
  it('joins a per-lecture course whatever its price: the lectures are what is paid for', async () => {
    const student = await makeStudent(server.db);
    const { id: courseId } = await makeCourse(server, { payType: 'lectures', price: 100 });
    expect((await as.post(`/courses/${courseId}/join`, student.token)).statusCode).toBe(200);
    expect(await as.joined(student.userId, courseId)).toBe(true);
    expect(await as.balance(student.userId)).toBe(0);
  });

  it('answers LIMIT_EXCEEDED, not ALREADY_JOINED, when a per-lecture course is full', async () => {
    const [first, second] = [await makeStudent(server.db), await makeStudent(server.db)];
    const { id: courseId } = await makeCourse(server, { payType: 'lectures', usersLimit: 1 });
    expect((await as.post(`/courses/${courseId}/join`, first.token)).statusCode).toBe(200);
    const full = await as.post(`/courses/${courseId}/join`, second.token);
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(await as.joined(second.userId, courseId)).toBe(false);
  });
});

describe('one pay card, two transactions at once', () => {
  // Only PostgreSQL runs two transactions at once; SQLite has one writer.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'uses the card once: the second transaction, which read it unused, is refused',
    async () => {
      const { id: courseId } = await makeCourse(server, { price: 100 });
      const code = await paycard(100);
      const [a, b] = [await makeStudent(server.db), await makeStudent(server.db)];
      const redeem = (userId: number) =>
        ({
          code,
          userId,
          use: { kind: 'course', target: { courseId }, price: 100 },
        }) as const;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let redeemed!: () => void;
      const firstRedeemed = new Promise<void>((resolve) => (redeemed = resolve));
      const first = server.db.transaction().execute(async (trx) => {
        await redeemPaycard(trx, redeem(a.userId));
        redeemed();
        await held;
      });
      await firstRedeemed;
      // The second reads the card before the first commits, then waits for its row lock.
      const second = server.db.transaction().execute((trx) => redeemPaycard(trx, redeem(b.userId)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await first;
      await expect(second).rejects.toMatchObject({ code: 'USED_PAYCARD' });
      expect(await as.cardUsedBy(code)).toBe(a.userId);
    },
  );
});

describe('the ledger', () => {
  it('refuses to move zero, negative or fractional piasters, and changes nothing', async () => {
    const student = await makeStudent(server.db);
    await as.topUp(student.userId, 10);
    const entry = { type: 'support' as const };
    for (const amount of [0, -100, 1.5]) {
      await expect(
        server.db.transaction().execute((trx) => debit(trx, student.userId, amount, entry)),
      ).rejects.toThrow(`debit of ${amount} piasters`);
      await expect(
        server.db.transaction().execute((trx) => credit(trx, student.userId, amount, entry)),
      ).rejects.toThrow(`credit of ${amount} piasters`);
    }
    expect(await balanceOf(server.db, student.userId)).toBe(1000);
    expect(await as.ledger(student.userId)).toHaveLength(1);
  });

  it('debits down to exactly zero, not one piaster further, and writes every field of the row', async () => {
    const student = await makeStudent(server.db);
    const other = await makeStudent(server.db);
    await as.topUp(student.userId, 10);
    const lecture = await lectureOnSale({ free: true });
    const courseId = lecture.course_id;
    await expect(
      server.db
        .transaction()
        .execute((trx) => debit(trx, student.userId, 1001, { type: 'support' })),
    ).rejects.toMatchObject({ code: 'BALANCE_NOT_ENOUGH' });
    const done = await server.db.transaction().execute(async (trx) => {
      expect(await lockStudent(trx, student.userId)).toBe(1000);
      return debit(trx, student.userId, 1000, {
        type: 'balance_transfer',
        comment: 'تحويل',
        courseId,
        lectureId: lecture.id,
        counterpartUserId: other.userId,
      });
    });
    expect(done.balance).toBe(0);
    const [, row] = await as.ledger(student.userId);
    expect(row).toMatchObject({
      serial: done.serial,
      user_id: student.userId,
      type: 'balance_transfer',
      value: -1000,
      balance_after: 0,
      comment: 'تحويل',
      course_id: courseId,
      lecture_id: lecture.id,
      counterpart_user_id: other.userId,
    });
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
    expect(await balanceOf(server.db, student.userId)).toBe(0);
    // A bare entry records no course, lecture, comment or counterpart.
    await server.db
      .transaction()
      .execute((trx) => credit(trx, student.userId, 5, { type: 'support' }));
    const [, , bare] = await as.ledger(student.userId);
    expect(bare).toMatchObject({
      value: 5,
      balance_after: 5,
      comment: null,
      course_id: null,
      lecture_id: null,
      counterpart_user_id: null,
    });
  });
});
