import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSchema, purchaseLectureResponseSchema } from '@dars/contract';
import { issuePaycards } from '../src/modules/paycards/issue-paycards';
import { redeemPaycard } from '../src/modules/paycards/redeem-paycard';
import { balanceOf, credit, debit, lockStudent } from '../src/modules/wallet/ledger';
import { startTestServer, type TestServer } from './helpers';
import { newStudent } from './sign-in';
import { courseNamed, lecturesOf, NAMES } from './catalog-fixtures';
import { perLectureCourses, studentClient } from './denial-client';

// The details money depends on: what a lecture costs (free, zero, repurchase), what each
// purchase and ledger row records, what each refusal says, and the ledger's own guards.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
let courses: { id: number }[];
beforeAll(async () => {
  server = await startTestServer();
  as = studentClient(server);
  courses = await perLectureCourses(server);
});
afterAll(() => server.close());

async function setLecture(id: number, values: Record<string, number | null>) {
  await server.db.updateTable('lectures').set(values).where('id', '=', id).execute();
}

describe('what a lecture costs', () => {
  it('charges nothing for a lecture marked free, whatever its price, and nothing for a price of 0', async () => {
    const student = await newStudent(server.db);
    const [, a, b] = await lecturesOf(server.db, courses[0]!.id);
    await setLecture(a!.id, { free: 1 }); // keeps its price of 40
    await setLecture(b!.id, { free: 0, price: 0 });
    await as.topUp(student.userId, 100);
    for (const lecture of [a!, b!]) {
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
    const student = await newStudent(server.db);
    const lecture = (await lecturesOf(server.db, courses[1]!.id))[3]!;
    await setLecture(lecture.id, { repurchase_price: null });
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    await as.expirePurchase(student.userId, lecture.id);
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    expect(await as.balance(student.userId)).toBe(10_000 - 2 * lecture.price);
  });

  it('records how each lecture was paid and until when it lasts', async () => {
    const student = await newStudent(server.db);
    const [, , expiring, lasting] = await lecturesOf(server.db, courses[2]!.id);
    await as.topUp(student.userId, 100);
    const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
    const started = Date.now();
    expect((await as.buyLecture(expiring!.id, student.token)).statusCode).toBe(200);
    const paid = await as.buyLecture(lasting!.id, student.token, { pay_by: 'paycard', code });
    expect(paid.statusCode).toBe(200);
    const [byWallet] = await as.purchases(student.userId, expiring!.id);
    expect(byWallet).toMatchObject({ pay_by: 'wallet', price_paid: expiring!.price });
    const days = (Date.parse(byWallet!.expires_at!) - started) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect((await as.purchases(student.userId, lasting!.id))[0]).toMatchObject({
      pay_by: 'paycard',
      price_paid: lasting!.price,
      expires_at: null,
    });
    // The card's remainder went to the wallet, on a ledger row that says where it came from.
    const body = purchaseLectureResponseSchema.parse(paid.json());
    expect(body.balance * 100).toBe(10_000 - expiring!.price + 10_000 - lasting!.price);
    expect(body.data).toMatchObject({ id: lasting!.id, purchased: true });
    const [remainder] = (await as.ledger(student.userId)).slice(-1);
    expect(remainder).toMatchObject({
      type: 'recharge',
      value: 10_000 - lasting!.price,
      comment: 'المتبقي من بطاقة الدفع بعد الشراء',
      course_id: courses[2]!.id,
      lecture_id: lasting!.id,
      balance_after: body.balance * 100,
    });
  });

  it("a whole course's card remainder goes to the wallet under the course", async () => {
    const student = await newStudent(server.db);
    const story = await courseNamed(server.db, NAMES.story); // 80 pounds
    const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
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
    const student = await newStudent(server.db);
    const physics = await courseNamed(server.db, NAMES.physics);
    const [first] = await lecturesOf(server.db, physics.id);
    const asLecture = await as.buyLecture(first!.id, student.token);
    expect(asLecture.json()).toMatchObject({ message: 'انضم إلى الدورة أولاً' });
    const join = await as.post(`/courses/${physics.id}/join`, student.token);
    expect(join.json()).toMatchObject({
      message: 'هذه الدورة تُشترى، استخدم زر الحصول على الدورة',
    });
    const whole = await as.post(`/courses/${courses[0]!.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(whole.statusCode).toBe(403);
    expect(whole.json()).toMatchObject({ message: 'انضم إلى الدورة ثم اشترِ محاضراتها' });
  });

  it('says what is missing', async () => {
    const student = await newStudent(server.db);
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
    const priced = (await lecturesOf(server.db, courses[0]!.id))[3]!;
    const noMethod = await as.buyLecture(priced.id, student.token, {});
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'اختر طريقة الدفع',
    });
    // A card code alone is not a choice of paying by card: nothing is charged to it.
    const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
    const codeOnly = await as.buyLecture(priced.id, student.token, { code });
    expect(codeOnly.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'اختر طريقة الدفع',
    });
    expect(await as.cardUsedBy(code!)).toBeNull();
    expect(await as.purchases(student.userId, priced.id)).toHaveLength(0);
  });

  it('refuses a card for a lecture that takes none with the lecture message, before looking at the card', async () => {
    const student = await newStudent(server.db);
    const organic = await courseNamed(server.db, NAMES.organic);
    const noCards = (await lecturesOf(server.db, organic.id))[4]!;
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
    const student = await newStudent(server.db);
    expect((await as.post(`/courses/${courses[0]!.id}/join`, student.token)).statusCode).toBe(200);
    const again = await as.post(`/courses/${courses[0]!.id}/join`, student.token);
    expect(again.json()).toMatchObject({ code: 'ALREADY_JOINED' });
    const grammar = await courseNamed(server.db, NAMES.grammar); // free, whole
    expect((await as.post(`/courses/${grammar.id}/join`, student.token)).statusCode).toBe(200);
    expect(await as.joined(student.userId, grammar.id)).toBe(true);
    const twice = await as.post(`/courses/${grammar.id}/purchase`, student.token, {});
    expect(twice.json()).toMatchObject({ code: 'ALREADY_PURCHASED' });
  });
});

describe('joining', () => {
  it('joins a per-lecture course whatever its price: the lectures are what is paid for', async () => {
    const student = await newStudent(server.db);
    const courseId = courses[3]!.id;
    await server.db
      .updateTable('courses')
      .set({ price: 10_000 })
      .where('id', '=', courseId)
      .execute();
    expect((await as.post(`/courses/${courseId}/join`, student.token)).statusCode).toBe(200);
    expect(await as.joined(student.userId, courseId)).toBe(true);
    expect(await as.balance(student.userId)).toBe(0);
  });

  it('answers LIMIT_EXCEEDED, not ALREADY_JOINED, when a per-lecture course is full', async () => {
    const [first, second] = [await newStudent(server.db), await newStudent(server.db)];
    const courseId = courses[4]!.id;
    const { n } = await server.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('courses')
      .set({ users_limit: Number(n) + 1 })
      .where('id', '=', courseId)
      .execute();
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
      const [code] = await issuePaycards(server.db, { value: 100, count: 1 });
      const [a, b] = [await newStudent(server.db), await newStudent(server.db)];
      const redeem = (userId: number) =>
        ({
          code: code!,
          userId,
          target: { courseId: courses[0]!.id },
          price: 100,
          kind: 'course',
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
      expect(await as.cardUsedBy(code!)).toBe(a.userId);
    },
  );
});

describe('the ledger', () => {
  it('refuses to move zero, negative or fractional piasters, and changes nothing', async () => {
    const student = await newStudent(server.db);
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
    const student = await newStudent(server.db);
    const other = await newStudent(server.db);
    await as.topUp(student.userId, 10);
    const courseId = courses[0]!.id;
    const [lecture] = await lecturesOf(server.db, courseId);
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
        lectureId: lecture!.id,
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
      lecture_id: lecture!.id,
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
