import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, purchaseLectureResponseSchema } from '@dars/contract';
import { PAYCARD_FAILURES } from '../../src/modules/paycards/paycard-attempts';
import { startTestServer, type TestServer } from '../helpers';
import { makeCourse, makeLecture, type LectureSpec } from '../factories/courses';
import { makePaycard } from '../factories/paycards';
import { makeStudent } from '../factories/students';
import { studentClient } from '../denial-client';

// The refusing side of every money rule: a refused purchase answers its code in Arabic and
// changes nothing — no charge, no ledger row, no purchase, no seat, the pay card still unused.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
});
afterAll(() => server.close());

type Reply = { statusCode: number; json: () => unknown };
function expectRefusal(res: Reply, code: string) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/[\u0600-\u06FF]/);
  return body;
}

/** Everything a refused purchase must leave as it was. */
async function snapshot(userId: number, lectureId: number, courseId: number) {
  return {
    balance: await as.balance(userId),
    ledger: (await as.ledger(userId)).length,
    purchases: (await as.purchases(userId, lectureId)).length,
    joined: await as.joined(userId, courseId),
  };
}

/** A course sold lecture by lecture, with these lectures. */
const lectureShop = <const L extends readonly LectureSpec[]>(...lectures: L) =>
  makeCourse(server, { payType: 'lectures', lectures });
/** One lecture of a course sold lecture by lecture. */
const lectureOnSale = (spec: LectureSpec) => makeLecture(server, spec);
/** A course bought whole. */
const wholeCourse = (price: number) => makeCourse(server, { price });
const paycard = (value: number, target: { courseId?: number; lectureId?: number } = {}) =>
  makePaycard(server.db, { value, ...target });

describe('pay cards bound to a lecture or a course', () => {
  it('a card made for one lecture buys that lecture only: not another lecture, not a course', async () => {
    const student = await makeStudent(server.db);
    const {
      id: courseId,
      lectures: [meant, other],
    } = await lectureShop({ price: 40 }, { price: 50 });
    const code = await paycard(100, { lectureId: meant.id });
    const before = await snapshot(student.userId, other.id, courseId);

    const wrong = await as.buyLecture(other.id, student.token, { pay_by: 'paycard', code });
    expect(expectRefusal(wrong, 'PAYCARD_TARGET_VALIDATION_FAILD').message).toBe(
      'لا يمكن شراء هذه المحاضرة بالبطاقة المُدخلة',
    );
    const story = await wholeCourse(80);
    expectRefusal(
      await as.post(`/courses/${story.id}/purchase`, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(await snapshot(student.userId, other.id, courseId)).toEqual(before);
    expect(await as.joined(student.userId, story.id)).toBe(false);
    expect(await as.cardUsedBy(code)).toBeNull();

    // The card still buys what it was made for; the rest of its value goes to the wallet.
    const right = await as.buyLecture(meant.id, student.token, { pay_by: 'paycard', code });
    expect(right.statusCode).toBe(200);
    expect(purchaseLectureResponseSchema.parse(right.json()).balance * 100).toBe(
      10_000 - meant.price,
    );
    expect(await as.cardUsedBy(code)).toBe(student.userId);
  });

  it("a card made for a course buys that course's lectures, not another course's", async () => {
    const student = await makeStudent(server.db);
    const [mine, theirs] = [await lectureShop({ price: 30 }), await lectureShop({ price: 30 })];
    const code = await paycard(100, { courseId: mine.id });
    const elsewhere = theirs.lectures[0];
    const before = await snapshot(student.userId, elsewhere.id, theirs.id);
    expectRefusal(
      await as.buyLecture(elsewhere.id, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(await snapshot(student.userId, elsewhere.id, theirs.id)).toEqual(before);
    expect(await as.cardUsedBy(code)).toBeNull();
    const here = mine.lectures[0];
    expect(
      (await as.buyLecture(here.id, student.token, { pay_by: 'paycard', code })).statusCode,
    ).toBe(200);
  });

  it('a card made for one course does not buy another whole course', async () => {
    const student = await makeStudent(server.db);
    const [physics, story] = [await wholeCourse(350), await wholeCourse(80)];
    const code = await paycard(400, { courseId: physics.id });
    const refused = expectRefusal(
      await as.post(`/courses/${story.id}/purchase`, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(refused.message).toBe('هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة');
    expect(await as.joined(student.userId, story.id)).toBe(false);
    expect(await as.balance(student.userId)).toBe(0);
    expect(await as.cardUsedBy(code)).toBeNull();
  });

  it('a card worth less than the price is refused and stays unused', async () => {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale({ price: 50 });
    const courseId = lecture.course_id;
    const code = await paycard(49.99);
    const before = await snapshot(student.userId, lecture.id, courseId);
    expectRefusal(
      await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_MAX_PRICE_EXCEEDED',
    );
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
    expect(await as.cardUsedBy(code)).toBeNull();
    // Exactly the price is enough, and leaves nothing over.
    const exact = await paycard(50);
    const paid = await as.buyLecture(lecture.id, student.token, {
      pay_by: 'paycard',
      code: exact,
    });
    expect(paid.statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(0);
    expect(await as.ledger(student.userId)).toHaveLength(0);
  });

  it('an expired card, or one already used, buys nothing', async () => {
    const [student, other] = [await makeStudent(server.db), await makeStudent(server.db)];
    const lecture = await lectureOnSale({ price: 30 });
    const courseId = lecture.course_id;
    const expired = await makePaycard(server.db, { value: 100, expired: true });
    const before = await snapshot(student.userId, lecture.id, courseId);
    expectRefusal(
      await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: expired }),
      'EXPIRED_PAYCARD',
    );
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);

    const used = await paycard(100);
    expect(
      (await as.buyLecture(lecture.id, other.token, { pay_by: 'paycard', code: used })).statusCode,
    ).toBe(200);
    expectRefusal(
      await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: used }),
      'PAYCARD_USED_BY_ANOTHER_USER',
    );
    // For a course the same card answers plainly "used".
    const story = await wholeCourse(80);
    expectRefusal(
      await as.post(`/courses/${story.id}/purchase`, student.token, {
        pay_by: 'paycard',
        code: used,
      }),
      'USED_PAYCARD',
    );
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
    expect(await as.joined(student.userId, story.id)).toBe(false);
    expect(await as.cardUsedBy(used)).toBe(other.userId);
  });

  it('a lecture that refuses pay cards still sells for the wallet', async () => {
    const student = await makeStudent(server.db);
    const noCards = await lectureOnSale({ price: 40, paycardDisabled: true });
    const code = await paycard(100);
    expectRefusal(
      await as.buyLecture(noCards.id, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(await as.cardUsedBy(code)).toBeNull();
    expect(await as.purchases(student.userId, noCards.id)).toHaveLength(0);
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(noCards.id, student.token)).statusCode).toBe(200);
  });
});

describe('buying a lecture again', () => {
  async function boughtAndExpired(spec: LectureSpec) {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale(spec);
    const courseId = lecture.course_id;
    await as.topUp(student.userId, 200);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    await as.expirePurchase(student.userId, lecture.id);
    return { student, lecture: lecture!, courseId };
  }

  it('refuses to sell an expired lecture again unless it is repurchasable', async () => {
    const { student, lecture, courseId } = await boughtAndExpired({ price: 50, expiryDays: 30 });
    const before = await snapshot(student.userId, lecture.id, courseId);
    const again = await as.buyLecture(lecture.id, student.token);
    expect(expectRefusal(again, 'ALREADY_PURCHASED').message).toBe('لقد حصلت على المحاضرة سابقاً');
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
  });

  it('refuses to sell a lecture whose views are used up again unless it is repurchasable', async () => {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale({ price: 30, videos: [null, 3] });
    const courseId = lecture.course_id;
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    const video = await as.firstVideo(lecture.id, true);
    for (let i = 0; i < video.views_limit!; i++) {
      const { vt } = await as.openVideo(video.id, student.token);
      expect((await as.countView(vt!)).json()).toMatchObject({
        counted: true,
        counted_views: i + 1,
      });
    }
    const before = await snapshot(student.userId, lecture.id, courseId);
    expectRefusal(await as.buyLecture(lecture.id, student.token), 'ALREADY_PURCHASED');
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
  });

  it('sells an expired repurchasable lecture again at its repurchase price, with a new expiry', async () => {
    const { student, lecture, courseId } = await boughtAndExpired({
      price: 30,
      repurchasable: true,
      repurchasePrice: 20,
      expiryDays: 7,
    });
    const before = await as.balance(student.userId);
    const again = await as.buyLecture(lecture.id, student.token);
    expect(again.statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(before - lecture.repurchase_price!);
    const rows = await as.purchases(student.userId, lecture.id);
    expect(rows.map((r) => r.price_paid)).toEqual([lecture.price, lecture.repurchase_price]);
    expect(Date.parse(rows[1]!.expires_at!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await as.contents(lecture.id, student.token)).statusCode).toBe(200);
    const [last] = (await as.ledger(student.userId)).slice(-1);
    expect(last).toMatchObject({
      type: 'lecture_purchase',
      value: -lecture.repurchase_price!,
      lecture_id: lecture.id,
      course_id: courseId,
      balance_after: before - lecture.repurchase_price!,
    });
  });

  it('refuses a repurchasable lecture that is neither expired nor spent: a double click charges once', async () => {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale({ price: 30, repurchasable: true, repurchasePrice: 20 });
    await as.topUp(student.userId, 100);
    const answers = await Promise.all([1, 2].map(() => as.buyLecture(lecture.id, student.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await as.balance(student.userId)).toBe(10_000 - lecture.price);
    expect(await as.purchases(student.userId, lecture.id)).toHaveLength(1);
  });
});

describe('the wallet', () => {
  it('refuses a lecture the balance does not cover, and takes no seat on the way', async () => {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale({ price: 30 });
    const courseId = lecture.course_id;
    await as.topUp(student.userId, 29);
    const before = await snapshot(student.userId, lecture.id, courseId);
    expect(before.joined).toBe(false);
    const res = await as.buyLecture(lecture.id, student.token);
    expect(expectRefusal(res, 'BALANCE_NOT_ENOUGH').message).toBe(
      'رصيد المحفظة غير كافي لإتمام العملية',
    );
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
    // Exactly the price is enough.
    await as.topUp(student.userId, 1);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(0);
    const [, debit] = await as.ledger(student.userId).then((rows) => rows.slice(-2));
    expect(debit).toMatchObject({
      type: 'lecture_purchase',
      value: -lecture.price,
      balance_after: 0,
      lecture_id: lecture.id,
      course_id: courseId,
    });
  });

  it('asks for a payment method for a priced lecture, and charges nothing for a free one', async () => {
    const student = await makeStudent(server.db);
    const {
      id: courseId,
      lectures: [free, priced],
    } = await lectureShop({ free: true }, { price: 30 });
    await as.topUp(student.userId, 100);
    const before = await snapshot(student.userId, priced.id, courseId);
    const res = await as.buyLecture(priced.id, student.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pay_by).toEqual(['اختر طريقة الدفع']);
    expect(await snapshot(student.userId, priced.id, courseId)).toEqual(before);
    // A card payment without a code is no payment either.
    expect((await as.buyLecture(priced.id, student.token, { pay_by: 'paycard' })).statusCode).toBe(
      422,
    );
    expect(await snapshot(student.userId, priced.id, courseId)).toEqual(before);

    expect((await as.buyLecture(free.id, student.token)).statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(10_000);
    expect((await as.purchases(student.userId, free.id))[0]).toMatchObject({
      price_paid: 0,
      pay_by: 'free',
    });
  });

  it('refuses to join a paid whole course, or buy a per-lecture course whole', async () => {
    const student = await makeStudent(server.db);
    await as.topUp(student.userId, 500);
    const physics = await wholeCourse(350);
    const perLecture = await lectureShop({ price: 30 });
    const join = await as.post(`/courses/${physics.id}/join`, student.token);
    expect(join.statusCode).toBe(403);
    expect(await as.joined(student.userId, physics.id)).toBe(false);
    const whole = await as.post(`/courses/${perLecture.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(whole.statusCode).toBe(403);
    expect(await as.joined(student.userId, perLecture.id)).toBe(false);
    expect(await as.balance(student.userId)).toBe(50_000);
    expect((await as.post('/courses/999999/purchase', student.token, {})).statusCode).toBe(404);
    expect((await as.post('/courses/999999/join', student.token)).statusCode).toBe(404);
    expect((await as.buyLecture(999_999, student.token)).statusCode).toBe(404);
  });
});

describe('pay-card guessing', () => {
  it('counts only refused cards: card purchases refused for another reason never lock the student out', async () => {
    const student = await makeStudent(server.db);
    const {
      lectures: [lecture, next],
    } = await lectureShop({ price: 30 }, { price: 50 });
    const first = await paycard(100);
    expect(
      (await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: first }))
        .statusCode,
    ).toBe(200);
    const spare = await paycard(100);
    for (let i = 0; i <= PAYCARD_FAILURES.limit; i++)
      expectRefusal(
        await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: spare }),
        'ALREADY_PURCHASED',
      );
    expect(
      (await as.buyLecture(next.id, student.token, { pay_by: 'paycard', code: spare })).statusCode,
    ).toBe(200);
  });

  it(`stops after ${PAYCARD_FAILURES.limit} wrong codes in an hour, even for a valid card, and counts only card mistakes`, async () => {
    const student = await makeStudent(server.db);
    const lecture = await lectureOnSale({ price: 30 });
    // A short wallet is not a card mistake: it does not count towards the limit.
    for (let i = 0; i < 3; i++)
      expectRefusal(await as.buyLecture(lecture.id, student.token), 'BALANCE_NOT_ENOUGH');
    for (let i = 0; i < PAYCARD_FAILURES.limit - 1; i++)
      expectRefusal(
        await as.buyLecture(lecture.id, student.token, {
          pay_by: 'paycard',
          code: `WRNG${i}CODE${i}XYZW`,
        }),
        'INVALID_PAYCARD_CODE',
      );
    // One attempt left: a used card counts too.
    const used = await paycard(100);
    const other = await makeStudent(server.db);
    await as.buyLecture(lecture.id, other.token, { pay_by: 'paycard', code: used });
    expectRefusal(
      await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: used }),
      'PAYCARD_USED_BY_ANOTHER_USER',
    );
    const valid = await paycard(100);
    const blocked = await as.buyLecture(lecture.id, student.token, {
      pay_by: 'paycard',
      code: valid,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('محاولات كثيرة بأكواد غير صحيحة، حاول مرة أخرى بعد ساعة');
    expect(await as.cardUsedBy(valid)).toBeNull();
    // The wallet is not blocked by card guessing.
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
  });
});
