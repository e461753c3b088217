import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  getCourseResponseSchema,
  purchaseLectureResponseSchema,
} from '@dars/contract';
import { DEMO_PAYCARDS } from '../src/db/seed/demo-paycards';
import { issuePaycards } from '../src/modules/paycards/issue-paycards';
import { startTestServer, WEB_HEADERS, type TestServer } from './helpers';
import { newStudent, tokenFor } from './sign-in';
import { courseNamed, lecturesOf, NAMES } from './catalog-fixtures';

let server: TestServer;
let ahmed: { token: string; userId: number };
let mariam: { token: string; userId: number };

beforeAll(async () => {
  server = await startTestServer();
  ahmed = await tokenFor(server.db, 'student@dars.test');
  mariam = await tokenFor(server.db, 'student2@dars.test');
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

describe('joining', () => {
  it('joins a pay_type lectures course, then answers ALREADY_JOINED', async () => {
    const english = await courseNamed(server.db, NAMES.english);
    const res = await post(`/courses/${english.id}/join`, mariam.token);
    expect(res.statusCode).toBe(200);
    expect(getCourseResponseSchema.parse(res.json()).data.joined).toBe(true);
    expectError(await post(`/courses/${english.id}/join`, mariam.token), 'ALREADY_JOINED');
  });

  it('requires sign-in', async () => {
    const english = await courseNamed(server.db, NAMES.english);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${english.id}/join`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers LIMIT_EXCEEDED once the course is full, and only one of two racing students gets the last seat', async () => {
    const full = await courseNamed(server.db, NAMES.lastNight); // users_limit 1, 99 pounds
    const codes = await issuePaycards(server.db, { value: 99, count: 2 });
    const [a, b] = await Promise.all([
      post(`/courses/${full.id}/purchase`, ahmed.token, { pay_by: 'paycard', code: codes[0] }),
      post(`/courses/${full.id}/purchase`, mariam.token, { pay_by: 'paycard', code: codes[1] }),
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
    const grammar = await courseNamed(server.db, NAMES.grammar);
    const res = await post(`/courses/${grammar.id}/purchase`, mariam.token, {});
    expect(res.statusCode).toBe(200);
    expect(getCourseResponseSchema.parse(res.json()).data).toMatchObject({
      joined: true,
      purchased: true,
    });
  });

  it('buys with the wallet, writes the ledger, and refuses a second purchase without charging', async () => {
    const story = await courseNamed(server.db, NAMES.story); // 80 pounds
    const before = await balance(ahmed.userId);
    const res = await post(`/courses/${story.id}/purchase`, ahmed.token, { pay_by: 'wallet' });
    expect(res.statusCode).toBe(200);
    expect(await balance(ahmed.userId)).toBe(before - 8000);
    const again = await post(`/courses/${story.id}/purchase`, ahmed.token, { pay_by: 'wallet' });
    expectError(again, 'ALREADY_PURCHASED');
    expect(again.json().message).toBe('لقد حصلت على الدورة سابقاً');
    expect(await balance(ahmed.userId)).toBe(before - 8000);
    const row = await server.db
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('user_id', '=', ahmed.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'course_purchase', value: -8000, course_id: story.id });
    await ledgerMatchesBalance(ahmed.userId);
  });

  it('answers BALANCE_NOT_ENOUGH and changes nothing when the wallet is short', async () => {
    const physics = await courseNamed(server.db, NAMES.physics); // 350 pounds; Mariam has 0
    const res = await post(`/courses/${physics.id}/purchase`, mariam.token, { pay_by: 'wallet' });
    expectError(res, 'BALANCE_NOT_ENOUGH');
    expect(res.json().message).toBe('رصيد المحفظة غير كافي لإتمام العملية');
    const joined = await server.db
      .selectFrom('enrollments')
      .select('user_id')
      .where('course_id', '=', physics.id)
      .where('user_id', '=', mariam.userId)
      .execute();
    expect(joined).toHaveLength(0);
  });

  it('buys with a demo pay card; the remainder of the card goes to the wallet', async () => {
    const reading = await courseNamed(server.db, NAMES.reading); // 120 pounds
    const before = await balance(mariam.userId);
    const res = await post(`/courses/${reading.id}/purchase`, mariam.token, {
      pay_by: 'paycard',
      code: 'p4xn 7kqt 3hdm 9rza',
    }); // 500 card, typed loosely
    expect(res.statusCode).toBe(200);
    expect(await balance(mariam.userId)).toBe(before + 38000);
    await ledgerMatchesBalance(mariam.userId);
  });

  it('answers every pay-card refusal with its code, and keeps the card for a later valid use', async () => {
    const calculus = await courseNamed(server.db, NAMES.calculus); // 250 pounds
    expectError(
      await post(`/courses/${calculus.id}/purchase`, ahmed.token, {
        pay_by: 'paycard',
        code: 'AAAA BBBB CCCC DDDD',
      }),
      'INVALID_PAYCARD_CODE',
    );
    expectError(
      await post(`/courses/${calculus.id}/purchase`, ahmed.token, {
        pay_by: 'paycard',
        code: DEMO_PAYCARDS[6].code,
      }),
      'USED_PAYCARD',
    );
    expectError(
      await post(`/courses/${calculus.id}/purchase`, ahmed.token, {
        pay_by: 'paycard',
        code: DEMO_PAYCARDS[5].code,
      }),
      'EXPIRED_PAYCARD',
    );
    const wrongTarget = await post(`/courses/${calculus.id}/purchase`, ahmed.token, {
      pay_by: 'paycard',
      code: DEMO_PAYCARDS[4].code,
    });
    expectError(wrongTarget, 'PAYCARD_TARGET_VALIDATION_FAILD');
    expect(wrongTarget.json().message).toBe('هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة');
    expectError(
      await post(`/courses/${calculus.id}/purchase`, ahmed.token, {
        pay_by: 'paycard',
        code: DEMO_PAYCARDS[0].code,
      }),
      'PAYCARD_MAX_PRICE_EXCEEDED',
    );
    const empty = await post(`/courses/${calculus.id}/purchase`, ahmed.token, {
      pay_by: 'paycard',
      code: '   ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual(['أدخل كود البطاقة بشكل صحيح']);
    // The 100 card refused above still works where it fits.
    const electro = await courseNamed(server.db, NAMES.electro);
    expect(
      (
        await post(`/courses/${electro.id}/purchase`, ahmed.token, {
          pay_by: 'paycard',
          code: DEMO_PAYCARDS[4].code,
        })
      ).statusCode,
    ).toBe(422); // targeted at physics
  });

  it('lets exactly one of two simultaneous purchases use one pay card', async () => {
    const [code] = await issuePaycards(server.db, { value: 250, count: 1 });
    const calculus = await courseNamed(server.db, NAMES.calculus);
    const [one, two] = [await newStudent(server.db), await newStudent(server.db)];
    const [a, b] = await Promise.all([
      post(`/courses/${calculus.id}/purchase`, one.token, { pay_by: 'paycard', code }),
      post(`/courses/${calculus.id}/purchase`, two.token, { pay_by: 'paycard', code }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect((a.statusCode === 200 ? b : a).json().code).toBe('USED_PAYCARD');
  });

  it('lets exactly one of two simultaneous wallet purchases through when the balance covers one', async () => {
    const electro = await courseNamed(server.db, NAMES.electro); // 180
    const biology = await courseNamed(server.db, NAMES.biology); // 200
    const start = await balance(ahmed.userId);
    // Leave the wallet with 250 pounds: enough for either, not both.
    await server.db.transaction().execute(async (trx) => {
      const { debit } = await import('../src/modules/wallet/ledger');
      if (start > 25000)
        await debit(trx, ahmed.userId, start - 25000, {
          type: 'admin_balance_update',
          comment: 'test',
        });
    });
    const [a, b] = await Promise.all([
      post(`/courses/${electro.id}/purchase`, ahmed.token, { pay_by: 'wallet' }),
      post(`/courses/${biology.id}/purchase`, ahmed.token, { pay_by: 'wallet' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect((a.statusCode === 200 ? b : a).json().code).toBe('BALANCE_NOT_ENOUGH');
    expect(await balance(ahmed.userId)).toBeGreaterThanOrEqual(0);
    await ledgerMatchesBalance(ahmed.userId);
  });

  it('charges once for a double click', async () => {
    const { id } = await courseNamed(server.db, NAMES.story);
    const fresh = await newStudent(server.db);
    await server.db.transaction().execute(async (trx) => {
      const { credit } = await import('../src/modules/wallet/ledger');
      await credit(trx, fresh.userId, 20000, {
        type: 'admin_balance_update',
        comment: 'test top-up',
      });
    });
    const before = await balance(fresh.userId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(`/courses/${id}/purchase`, fresh.token, { pay_by: 'wallet' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balance(fresh.userId)).toBe(before - 8000);
    await ledgerMatchesBalance(fresh.userId);
  });
});

describe('buying a lecture', () => {
  it('buys a free lecture with no payment data, joining the course on the way', async () => {
    const english = await courseNamed(server.db, NAMES.english);
    const [free] = await lecturesOf(server.db, english.id);
    const fresh = await tokenFor(server.db, 'student@dars.test');
    const res = await post(`/lectures/${free!.id}/purchase`, fresh.token, {});
    expect(res.statusCode).toBe(200);
    const body = purchaseLectureResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({ id: free!.id, purchased: true, free: true });
    expectError(await post(`/lectures/${free!.id}/purchase`, fresh.token, {}), 'ALREADY_PURCHASED');
  });

  it('buys with the wallet and answers the new balance', async () => {
    const english = await courseNamed(server.db, NAMES.english);
    const lectures = await lecturesOf(server.db, english.id);
    const before = await balance(ahmed.userId);
    const res = await post(`/lectures/${lectures[1]!.id}/purchase`, ahmed.token, {
      pay_by: 'wallet',
    });
    expect(res.statusCode).toBe(200);
    const body = purchaseLectureResponseSchema.parse(res.json());
    expect(body.balance * 100).toBe(before - lectures[1]!.price);
    const again = await post(`/lectures/${lectures[1]!.id}/purchase`, ahmed.token, {
      pay_by: 'wallet',
    });
    expect(again.json()).toMatchObject({
      code: 'ALREADY_PURCHASED',
      message: 'لقد حصلت على المحاضرة سابقاً',
    });
    await ledgerMatchesBalance(ahmed.userId);
  });

  it('refuses a pay card for a lecture that disables them, and one used by another student', async () => {
    const english = await courseNamed(server.db, NAMES.english);
    const lectures = await lecturesOf(server.db, english.id);
    const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
    const disabled = await post(`/lectures/${lectures[4]!.id}/purchase`, mariam.token, {
      pay_by: 'paycard',
      code,
    });
    expectError(disabled, 'PAYCARD_TARGET_VALIDATION_FAILD');
    expect(
      (
        await post(`/lectures/${lectures[2]!.id}/purchase`, ahmed.token, {
          pay_by: 'paycard',
          code,
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await post(`/lectures/${lectures[3]!.id}/purchase`, mariam.token, {
        pay_by: 'paycard',
        code,
      }),
      'PAYCARD_USED_BY_ANOTHER_USER',
    );
    expectError(
      await post(`/lectures/${lectures[3]!.id}/purchase`, ahmed.token, { pay_by: 'paycard', code }),
      'USED_PAYCARD',
    );
  });

  it('refuses to sell a lecture of a whole-course course on its own', async () => {
    const physics = await courseNamed(server.db, NAMES.physics);
    const [first] = await lecturesOf(server.db, physics.id);
    expect(
      (await post(`/lectures/${first!.id}/purchase`, ahmed.token, { pay_by: 'wallet' })).statusCode,
    ).toBe(403);
  });

  it('slows down pay-card guessing: the 11th wrong code in an hour is a 429', async () => {
    const english = await courseNamed(server.db, NAMES.english);
    const lectures = await lecturesOf(server.db, english.id);
    const guesser = await newStudent(server.db);
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
    const english = await courseNamed(server.db, NAMES.english);
    const lectures = await lecturesOf(server.db, english.id);
    const guesser = await newStudent(server.db);
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
    const english = await courseNamed(server.db, NAMES.english);
    const lectures = await lecturesOf(server.db, english.id);
    const buyer = await newStudent(server.db);
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
