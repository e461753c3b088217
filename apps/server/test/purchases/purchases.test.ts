import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  getCourseResponseSchema,
  purchaseLectureResponseSchema,
} from '@dars/contract';
import { issuePaycards } from '../../src/modules/paycards/issue-paycards';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makePaycard } from '../factories/paycards';
import { makeStudent } from '../factories/students';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const post = (url: string, token: string, payload?: object) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload ?? {},
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });

async function balance(userId: number) {
  return (
    await server.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).balance;
}

async function ledgerMatchesBalance(userId: number) {
  const rows = await server.db
    .selectFrom('wallet_transactions')
    .select(['value', 'balance_after'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  let running = 0;
  for (const row of rows) {
    running += row.value;
    expect(row.balance_after).toBe(running);
  }
  expect(running).toBe(await balance(userId));
}

function expectError(res: { statusCode: number; json: () => unknown }, code: string) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(apiErrorSchema.parse(res.json()).code).toBe(code);
}

/** A course sold lecture by lecture: free, 40, 50 (30 days), 30 (again 20), 40 (no cards). */
const perLecture = () =>
  makeCourse(server, {
    payType: 'lectures',
    lectures: [
      { free: true },
      { price: 40 },
      { price: 50, expiryDays: 30 },
      { price: 30, repurchasable: true, repurchasePrice: 20 },
      { price: 40, paycardDisabled: true },
    ],
  });

describe('joining', () => {
  it('joins a pay_type lectures course, then answers ALREADY_JOINED', async () => {
    const course = await perLecture();
    const student = await makeStudent(server.db);
    const res = await post(`/courses/${course.id}/join`, student.token);
    expect(res.statusCode).toBe(200);
    expect(getCourseResponseSchema.parse(res.json()).data.joined).toBe(true);
    expectError(await post(`/courses/${course.id}/join`, student.token), 'ALREADY_JOINED');
  });

  it('requires sign-in', async () => {
    const course = await perLecture();
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.id}/join`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers LIMIT_EXCEEDED once the course is full, and only one of two racing students gets the last seat', async () => {
    const full = await makeCourse(server, { price: 99, usersLimit: 1 });
    const [a1, b1] = [await makeStudent(server.db), await makeStudent(server.db)];
    const codes = [
      await makePaycard(server.db, { value: 99 }),
      await makePaycard(server.db, { value: 99 }),
    ];
    const [a, b] = await Promise.all([
      post(`/courses/${full.id}/purchase`, a1.token, { pay_by: 'paycard', code: codes[0] }),
      post(`/courses/${full.id}/purchase`, b1.token, { pay_by: 'paycard', code: codes[1] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expectError(a.statusCode === 200 ? b : a, 'LIMIT_EXCEEDED');
    const seats = await server.db
      .selectFrom('enrollments')
      .select('user_id')
      .where('course_id', '=', full.id)
      .execute();
    expect(seats).toHaveLength(1);
    // The loser's card was not used up.
    const unused = await server.db
      .selectFrom('paycards')
      .select('id')
      .where('used_by', 'is', null)
      .where('value', '=', 9900)
      .execute();
    expect(unused).toHaveLength(1);
  });
});

describe('buying a course', () => {
  it('takes a free course with no payment data', async () => {
    const free = await makeCourse(server);
    const student = await makeStudent(server.db);
    const res = await post(`/courses/${free.id}/purchase`, student.token, {});
    expect(res.statusCode).toBe(200);
    expect(getCourseResponseSchema.parse(res.json()).data).toMatchObject({
      joined: true,
      purchased: true,
    });
  });

  it('buys with the wallet, writes the ledger, and refuses a second purchase without charging', async () => {
    const course = await makeCourse(server, { price: 80 });
    const student = await makeStudent(server.db, { balance: 500 });
    const res = await post(`/courses/${course.id}/purchase`, student.token, { pay_by: 'wallet' });
    expect(res.statusCode).toBe(200);
    expect(await balance(student.userId)).toBe(42_000);
    const again = await post(`/courses/${course.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expectError(again, 'ALREADY_PURCHASED');
    expect(again.json().message).toBe('لقد حصلت على الدورة سابقاً');
    expect(await balance(student.userId)).toBe(42_000);
    const row = await server.db
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('user_id', '=', student.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'course_purchase', value: -8000, course_id: course.id });
    await ledgerMatchesBalance(student.userId);
  });

  it('answers BALANCE_NOT_ENOUGH and changes nothing when the wallet is short', async () => {
    const course = await makeCourse(server, { price: 350 });
    const student = await makeStudent(server.db, { balance: 349.99 });
    const res = await post(`/courses/${course.id}/purchase`, student.token, { pay_by: 'wallet' });
    expectError(res, 'BALANCE_NOT_ENOUGH');
    expect(res.json().message).toBe('رصيد المحفظة غير كافي لإتمام العملية');
    const joined = await server.db
      .selectFrom('enrollments')
      .select('user_id')
      .where('course_id', '=', course.id)
      .where('user_id', '=', student.userId)
      .execute();
    expect(joined).toHaveLength(0);
    expect(await balance(student.userId)).toBe(34_999);
  });

  it('buys with a pay card typed loosely; the remainder of the card goes to the wallet', async () => {
    const course = await makeCourse(server, { price: 120 });
    const student = await makeStudent(server.db);
    const code = await makePaycard(server.db, { value: 500 });
    const res = await post(`/courses/${course.id}/purchase`, student.token, {
      pay_by: 'paycard',
      code: ` ${code.toLowerCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(await balance(student.userId)).toBe(38_000);
    await ledgerMatchesBalance(student.userId);
  });

  it('answers every pay-card refusal with its code, and keeps the card for a later valid use', async () => {
    const course = await makeCourse(server, { price: 250 });
    const other = await makeCourse(server, { price: 180 });
    const student = await makeStudent(server.db);
    const someoneElse = await makeStudent(server.db);
    const buy = (code: string) =>
      post(`/courses/${course.id}/purchase`, student.token, { pay_by: 'paycard', code });
    expectError(await buy('AAAA BBBB CCCC DDDD'), 'INVALID_PAYCARD_CODE');
    expectError(
      await buy(await makePaycard(server.db, { value: 300, usedBy: someoneElse.userId })),
      'USED_PAYCARD',
    );
    expectError(
      await buy(await makePaycard(server.db, { value: 300, expired: true })),
      'EXPIRED_PAYCARD',
    );
    const forOther = await makePaycard(server.db, { value: 350, courseId: other.id });
    const wrongTarget = await buy(forOther);
    expectError(wrongTarget, 'PAYCARD_TARGET_VALIDATION_FAILD');
    expect(wrongTarget.json().message).toBe('هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة');
    expectError(
      await buy(await makePaycard(server.db, { value: 100 })),
      'PAYCARD_MAX_PRICE_EXCEEDED',
    );
    const empty = await buy('   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual(['أدخل كود البطاقة بشكل صحيح']);
    // The card refused above still works where it was meant to.
    const meant = await post(`/courses/${other.id}/purchase`, student.token, {
      pay_by: 'paycard',
      code: forOther,
    });
    expect(meant.statusCode).toBe(200);
    expect(await balance(student.userId)).toBe(17_000);
  });

  it('lets exactly one of two simultaneous purchases use one pay card', async () => {
    const course = await makeCourse(server, { price: 250 });
    const code = await makePaycard(server.db, { value: 250 });
    const [one, two] = [await makeStudent(server.db), await makeStudent(server.db)];
    const [a, b] = await Promise.all([
      post(`/courses/${course.id}/purchase`, one.token, { pay_by: 'paycard', code }),
      post(`/courses/${course.id}/purchase`, two.token, { pay_by: 'paycard', code }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect((a.statusCode === 200 ? b : a).json().code).toBe('USED_PAYCARD');
  });

  it('lets exactly one of two simultaneous wallet purchases through when the balance covers one', async () => {
    const [first, second] = [
      await makeCourse(server, { price: 180 }),
      await makeCourse(server, { price: 200 }),
    ];
    // 250 pounds: enough for either, not both.
    const student = await makeStudent(server.db, { balance: 250 });
    const [a, b] = await Promise.all([
      post(`/courses/${first.id}/purchase`, student.token, { pay_by: 'wallet' }),
      post(`/courses/${second.id}/purchase`, student.token, { pay_by: 'wallet' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect((a.statusCode === 200 ? b : a).json().code).toBe('BALANCE_NOT_ENOUGH');
    expect(await balance(student.userId)).toBeGreaterThanOrEqual(0);
    await ledgerMatchesBalance(student.userId);
  });

  it('charges once for a double click', async () => {
    const { id } = await makeCourse(server, { price: 80 });
    const student = await makeStudent(server.db, { balance: 200 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(`/courses/${id}/purchase`, student.token, { pay_by: 'wallet' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balance(student.userId)).toBe(12_000);
    await ledgerMatchesBalance(student.userId);
  });
});

describe('buying a lecture', () => {
  it('buys a free lecture with no payment data, joining the course on the way', async () => {
    const [free] = (await perLecture()).lectures;
    const student = await makeStudent(server.db);
    const res = await post(`/lectures/${free!.id}/purchase`, student.token, {});
    expect(res.statusCode).toBe(200);
    const body = purchaseLectureResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({ id: free!.id, purchased: true, free: true });
    expectError(
      await post(`/lectures/${free!.id}/purchase`, student.token, {}),
      'ALREADY_PURCHASED',
    );
  });

  it('buys with the wallet and answers the new balance', async () => {
    const [, lecture] = (await perLecture()).lectures;
    const student = await makeStudent(server.db, { balance: 500 });
    const res = await post(`/lectures/${lecture!.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(res.statusCode).toBe(200);
    const body = purchaseLectureResponseSchema.parse(res.json());
    expect(body.balance).toBe(460);
    const again = await post(`/lectures/${lecture!.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(again.json()).toMatchObject({
      code: 'ALREADY_PURCHASED',
      message: 'لقد حصلت على المحاضرة سابقاً',
    });
    await ledgerMatchesBalance(student.userId);
  });

  it('refuses a pay card for a lecture that disables them, and one used by another student', async () => {
    const lectures = (await perLecture()).lectures;
    const [owner, other] = [await makeStudent(server.db), await makeStudent(server.db)];
    const code = await makePaycard(server.db, { value: 100 });
    const disabled = await post(`/lectures/${lectures[4]!.id}/purchase`, other.token, {
      pay_by: 'paycard',
      code,
    });
    expectError(disabled, 'PAYCARD_TARGET_VALIDATION_FAILD');
    expect(
      (
        await post(`/lectures/${lectures[2]!.id}/purchase`, owner.token, {
          pay_by: 'paycard',
          code,
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await post(`/lectures/${lectures[3]!.id}/purchase`, other.token, {
        pay_by: 'paycard',
        code,
      }),
      'PAYCARD_USED_BY_ANOTHER_USER',
    );
    expectError(
      await post(`/lectures/${lectures[3]!.id}/purchase`, owner.token, { pay_by: 'paycard', code }),
      'USED_PAYCARD',
    );
  });

  it('refuses to sell a lecture of a whole-course course on its own', async () => {
    const [first] = (await makeCourse(server, { price: 350, lectures: [{ price: 50 }] })).lectures;
    const student = await makeStudent(server.db, { balance: 500 });
    expect(
      (await post(`/lectures/${first!.id}/purchase`, student.token, { pay_by: 'wallet' }))
        .statusCode,
    ).toBe(403);
  });

  it('slows down pay-card guessing: the 11th wrong code in an hour is a 429', async () => {
    const lectures = (await perLecture()).lectures;
    const guesser = await makeStudent(server.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await post(`/lectures/${lectures[3]!.id}/purchase`, guesser.token, {
            pay_by: 'paycard',
            code: `WRONG${i}CODE${i}XYZ`,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('counts parallel pay-card guesses before trying them: 30 at once try at most 10 codes', async () => {
    const lectures = (await perLecture()).lectures;
    const guesser = await makeStudent(server.db);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(`/lectures/${lectures[3]!.id}/purchase`, guesser.token, {
          pay_by: 'paycard',
          code: `PARALLEL${i}GUESS${i}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('does not count a pay card that works, nor a purchase by wallet, against the guessing limit', async () => {
    const lectures = (await perLecture()).lectures;
    const buyer = await makeStudent(server.db);
    for (let i = 0; i < 9; i++) {
      await post(`/lectures/${lectures[3]!.id}/purchase`, buyer.token, {
        pay_by: 'paycard',
        code: `WRONG${i}CODE${i}XYZ`,
      });
    }
    const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
    const bought = await post(`/lectures/${lectures[3]!.id}/purchase`, buyer.token, {
      pay_by: 'paycard',
      code: code!,
    });
    expect(bought.statusCode).toBe(200);
    const wrong = await post(`/lectures/${lectures[2]!.id}/purchase`, buyer.token, {
      pay_by: 'paycard',
      code: 'WRONG9CODE9XYZ',
    });
    expect(wrong.statusCode).toBe(422);
    const next = await post(`/lectures/${lectures[2]!.id}/purchase`, buyer.token, {
      pay_by: 'paycard',
      code: 'WRONG10CODE10XYZ',
    });
    expect(next.statusCode).toBe(429);
  });
});
