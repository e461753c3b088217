import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, purchaseLectureResponseSchema } from '@dars/contract';
import { issuePaycards } from '../src/modules/paycards/issue-paycards';
import { PAYCARD_FAILURES } from '../src/modules/purchases/purchase-service';
import { startTestServer, type TestServer } from './helpers';
import { newStudent } from './sign-in';
import { courseNamed, lecturesOf, NAMES } from './catalog-fixtures';
import { perLectureCourses, studentClient } from './denial-client';

// The refusing side of every money rule: a refused purchase answers its code in Arabic and
// changes nothing — no charge, no ledger row, no purchase, no seat, the pay card still unused.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
let courses: { id: number }[];
beforeAll(async () => {
  server = await startTestServer();
  as = studentClient(server);
  courses = await perLectureCourses(server);
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

describe('pay cards bound to a lecture or a course', () => {
  it('a card made for one lecture buys that lecture only: not another lecture, not a course', async () => {
    const student = await newStudent(server.db);
    const courseId = courses[0]!.id;
    const [, meant, other] = await lecturesOf(server.db, courseId);
    const [code] = await issuePaycards(server.db, { value: 100, count: 1, lectureId: meant!.id });
    const before = await snapshot(student.userId, other!.id, courseId);

    const wrong = await as.buyLecture(other!.id, student.token, { pay_by: 'paycard', code });
    expect(expectRefusal(wrong, 'PAYCARD_TARGET_VALIDATION_FAILD').message).toBe(
      'لا يمكن شراء هذه المحاضرة بالبطاقة المُدخلة',
    );
    const story = await courseNamed(server.db, NAMES.story); // 80 pounds, whole course
    expectRefusal(
      await as.post(`/courses/${story.id}/purchase`, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(await snapshot(student.userId, other!.id, courseId)).toEqual(before);
    expect(await as.joined(student.userId, story.id)).toBe(false);
    expect(await as.cardUsedBy(code!)).toBeNull();

    // The card still buys what it was made for; the rest of its value goes to the wallet.
    const right = await as.buyLecture(meant!.id, student.token, { pay_by: 'paycard', code });
    expect(right.statusCode).toBe(200);
    expect(purchaseLectureResponseSchema.parse(right.json()).balance * 100).toBe(
      10_000 - meant!.price,
    );
    expect(await as.cardUsedBy(code!)).toBe(student.userId);
  });

  it("a card made for a course buys that course's lectures, not another course's", async () => {
    const student = await newStudent(server.db);
    const [mine, theirs] = [courses[1]!.id, courses[2]!.id];
    const [code] = await issuePaycards(server.db, { value: 100, count: 1, courseId: mine });
    const elsewhere = (await lecturesOf(server.db, theirs))[3]!;
    const before = await snapshot(student.userId, elsewhere.id, theirs);
    expectRefusal(
      await as.buyLecture(elsewhere.id, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(await snapshot(student.userId, elsewhere.id, theirs)).toEqual(before);
    expect(await as.cardUsedBy(code!)).toBeNull();
    const here = (await lecturesOf(server.db, mine))[3]!;
    expect(
      (await as.buyLecture(here.id, student.token, { pay_by: 'paycard', code })).statusCode,
    ).toBe(200);
  });

  it('a card made for one course does not buy another whole course', async () => {
    const student = await newStudent(server.db);
    const [physics, story] = [
      await courseNamed(server.db, NAMES.physics),
      await courseNamed(server.db, NAMES.story),
    ];
    const [code] = await issuePaycards(server.db, { value: 400, count: 1, courseId: physics.id });
    const refused = expectRefusal(
      await as.post(`/courses/${story.id}/purchase`, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(refused.message).toBe('هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة');
    expect(await as.joined(student.userId, story.id)).toBe(false);
    expect(await as.balance(student.userId)).toBe(0);
    expect(await as.cardUsedBy(code!)).toBeNull();
  });

  it('a card worth less than the price is refused and stays unused', async () => {
    const student = await newStudent(server.db);
    const courseId = courses[3]!.id;
    const lecture = (await lecturesOf(server.db, courseId))[2]!; // 50 pounds
    const [code] = await issuePaycards(server.db, { value: lecture.price / 100 - 0.01, count: 1 });
    const before = await snapshot(student.userId, lecture.id, courseId);
    expectRefusal(
      await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_MAX_PRICE_EXCEEDED',
    );
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
    expect(await as.cardUsedBy(code!)).toBeNull();
    // Exactly the price is enough, and leaves nothing over.
    const [exact] = await issuePaycards(server.db, { value: lecture.price / 100, count: 1 });
    const paid = await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: exact });
    expect(paid.statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(0);
    expect(await as.ledger(student.userId)).toHaveLength(0);
  });

  it('an expired card, or one already used, buys nothing', async () => {
    const [student, other] = [await newStudent(server.db), await newStudent(server.db)];
    const courseId = courses[4]!.id;
    const [, , , lecture] = await lecturesOf(server.db, courseId);
    const [expired] = await issuePaycards(server.db, { value: 100, count: 1, expiresInDays: 1 });
    await server.db
      .updateTable('paycards')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_by', 'is', null)
      .where('expires_at', 'is not', null)
      .execute();
    const before = await snapshot(student.userId, lecture!.id, courseId);
    expectRefusal(
      await as.buyLecture(lecture!.id, student.token, { pay_by: 'paycard', code: expired }),
      'EXPIRED_PAYCARD',
    );
    expect(await snapshot(student.userId, lecture!.id, courseId)).toEqual(before);

    const [used] = await issuePaycards(server.db, { value: 100, count: 1, expiresInDays: 10 });
    expect(
      (await as.buyLecture(lecture!.id, other.token, { pay_by: 'paycard', code: used })).statusCode,
    ).toBe(200);
    expectRefusal(
      await as.buyLecture(lecture!.id, student.token, { pay_by: 'paycard', code: used }),
      'PAYCARD_USED_BY_ANOTHER_USER',
    );
    // For a course the same card answers plainly "used".
    const story = await courseNamed(server.db, NAMES.story);
    expectRefusal(
      await as.post(`/courses/${story.id}/purchase`, student.token, {
        pay_by: 'paycard',
        code: used,
      }),
      'USED_PAYCARD',
    );
    expect(await snapshot(student.userId, lecture!.id, courseId)).toEqual(before);
    expect(await as.joined(student.userId, story.id)).toBe(false);
    expect(await as.cardUsedBy(used!)).toBe(other.userId);
  });

  it('a lecture that refuses pay cards still sells for the wallet', async () => {
    const student = await newStudent(server.db);
    const organic = await courseNamed(server.db, NAMES.organic);
    const noCards = (await lecturesOf(server.db, organic.id))[4]!;
    expect(noCards.paycard_disabled).toBe(1);
    const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
    expectRefusal(
      await as.buyLecture(noCards.id, student.token, { pay_by: 'paycard', code }),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    expect(await as.cardUsedBy(code!)).toBeNull();
    expect(await as.purchases(student.userId, noCards.id)).toHaveLength(0);
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(noCards.id, student.token)).statusCode).toBe(200);
  });
});

describe('buying a lecture again', () => {
  async function boughtAndExpired(courseIndex: number, lectureIndex: number) {
    const student = await newStudent(server.db);
    const courseId = courses[courseIndex]!.id;
    const lecture = (await lecturesOf(server.db, courseId))[lectureIndex]!;
    await as.topUp(student.userId, 200);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    await as.expirePurchase(student.userId, lecture.id);
    return { student, lecture, courseId };
  }

  it('refuses to sell an expired lecture again unless it is repurchasable', async () => {
    const { student, lecture, courseId } = await boughtAndExpired(5, 2); // expiry 30 days
    expect(lecture.repurchasable).toBe(0);
    const before = await snapshot(student.userId, lecture.id, courseId);
    const again = await as.buyLecture(lecture.id, student.token);
    expect(expectRefusal(again, 'ALREADY_PURCHASED').message).toBe('لقد حصلت على المحاضرة سابقاً');
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
  });

  it('refuses to sell a lecture whose views are used up again unless it is repurchasable', async () => {
    const student = await newStudent(server.db);
    const courseId = courses[0]!.id;
    const lecture = (await lecturesOf(server.db, courseId))[3]!;
    await server.db
      .updateTable('lectures')
      .set({ repurchasable: 0 })
      .where('id', '=', lecture.id)
      .execute();
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    const video = await as.firstVideo(lecture.id, true);
    for (let i = 0; i < video.views_limit!; i++) {
      const { vt } = await as.openVideo(video.id, student.token);
      expect((await as.countView(vt!)).json()).toEqual({ counted: true });
    }
    const before = await snapshot(student.userId, lecture.id, courseId);
    expectRefusal(await as.buyLecture(lecture.id, student.token), 'ALREADY_PURCHASED');
    expect(await snapshot(student.userId, lecture.id, courseId)).toEqual(before);
  });

  it('sells an expired repurchasable lecture again at its repurchase price, with a new expiry', async () => {
    const courseId = courses[1]!.id;
    const lecture = (await lecturesOf(server.db, courseId))[3]!; // 30, again 20
    await server.db
      .updateTable('lectures')
      .set({ expiry_days: 7 })
      .where('id', '=', lecture.id)
      .execute();
    const { student } = await boughtAndExpired(1, 3);
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
    await server.db
      .updateTable('lectures')
      .set({ expiry_days: null })
      .where('id', '=', lecture.id)
      .execute();
  });

  it('refuses a repurchasable lecture that is neither expired nor spent: a double click charges once', async () => {
    const student = await newStudent(server.db);
    const courseId = courses[2]!.id;
    const lecture = (await lecturesOf(server.db, courseId))[3]!;
    await as.topUp(student.userId, 100);
    const answers = await Promise.all([1, 2].map(() => as.buyLecture(lecture.id, student.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await as.balance(student.userId)).toBe(10_000 - lecture.price);
    expect(await as.purchases(student.userId, lecture.id)).toHaveLength(1);
  });
});

describe('the wallet', () => {
  it('refuses a lecture the balance does not cover, and takes no seat on the way', async () => {
    const student = await newStudent(server.db);
    const courseId = courses[3]!.id;
    const lecture = (await lecturesOf(server.db, courseId))[3]!;
    await as.topUp(student.userId, lecture.price / 100 - 1);
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
    const student = await newStudent(server.db);
    const courseId = courses[4]!.id;
    const [free, , , priced] = await lecturesOf(server.db, courseId);
    await as.topUp(student.userId, 100);
    const before = await snapshot(student.userId, priced!.id, courseId);
    const res = await as.buyLecture(priced!.id, student.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pay_by).toEqual(['اختر طريقة الدفع']);
    expect(await snapshot(student.userId, priced!.id, courseId)).toEqual(before);
    // A card payment without a code is no payment either.
    expect((await as.buyLecture(priced!.id, student.token, { pay_by: 'paycard' })).statusCode).toBe(
      422,
    );
    expect(await snapshot(student.userId, priced!.id, courseId)).toEqual(before);

    expect((await as.buyLecture(free!.id, student.token)).statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(10_000);
    expect((await as.purchases(student.userId, free!.id))[0]).toMatchObject({
      price_paid: 0,
      pay_by: 'free',
    });
  });

  it('refuses to join a paid whole course, or buy a per-lecture course whole', async () => {
    const student = await newStudent(server.db);
    await as.topUp(student.userId, 500);
    const physics = await courseNamed(server.db, NAMES.physics);
    const join = await as.post(`/courses/${physics.id}/join`, student.token);
    expect(join.statusCode).toBe(403);
    expect(await as.joined(student.userId, physics.id)).toBe(false);
    const whole = await as.post(`/courses/${courses[5]!.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(whole.statusCode).toBe(403);
    expect(await as.joined(student.userId, courses[5]!.id)).toBe(false);
    expect(await as.balance(student.userId)).toBe(50_000);
    expect((await as.post('/courses/999999/purchase', student.token, {})).statusCode).toBe(404);
    expect((await as.post('/courses/999999/join', student.token)).statusCode).toBe(404);
    expect((await as.buyLecture(999_999, student.token)).statusCode).toBe(404);
  });
});

describe('pay-card guessing', () => {
  it('counts only refused cards: card purchases refused for another reason never lock the student out', async () => {
    const student = await newStudent(server.db);
    const [, , next, lecture] = await lecturesOf(server.db, courses[0]!.id);
    const [first] = await issuePaycards(server.db, { value: 100, count: 1 });
    expect(
      (await as.buyLecture(lecture!.id, student.token, { pay_by: 'paycard', code: first }))
        .statusCode,
    ).toBe(200);
    const [spare] = await issuePaycards(server.db, { value: 100, count: 1 });
    for (let i = 0; i <= PAYCARD_FAILURES.limit; i++)
      expectRefusal(
        await as.buyLecture(lecture!.id, student.token, { pay_by: 'paycard', code: spare }),
        'ALREADY_PURCHASED',
      );
    expect(
      (await as.buyLecture(next!.id, student.token, { pay_by: 'paycard', code: spare })).statusCode,
    ).toBe(200);
  });

  it(`stops after ${PAYCARD_FAILURES.limit} wrong codes in an hour, even for a valid card, and counts only card mistakes`, async () => {
    const student = await newStudent(server.db);
    const lecture = (await lecturesOf(server.db, courses[5]!.id))[3]!;
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
    const [used] = await issuePaycards(server.db, { value: 100, count: 1 });
    const other = await newStudent(server.db);
    await as.buyLecture(lecture.id, other.token, { pay_by: 'paycard', code: used });
    expectRefusal(
      await as.buyLecture(lecture.id, student.token, { pay_by: 'paycard', code: used }),
      'PAYCARD_USED_BY_ANOTHER_USER',
    );
    const [valid] = await issuePaycards(server.db, { value: 100, count: 1 });
    const blocked = await as.buyLecture(lecture.id, student.token, {
      pay_by: 'paycard',
      code: valid,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('محاولات كثيرة بأكواد غير صحيحة، حاول مرة أخرى بعد ساعة');
    expect(await as.cardUsedBy(valid!)).toBeNull();
    // The wallet is not blocked by card guessing.
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
  });
});
