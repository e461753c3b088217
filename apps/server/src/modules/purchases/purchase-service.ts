import type { Kysely, Transaction } from 'kysely';
import type { PurchaseBody } from '@dars/contract';
import type { DB, EnrollmentPayBy } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { addDays, nowIso } from '../../lib/time';
import { lectureGrant } from '../lectures/lecture-access';
import {
  findCourse,
  findEnrollment,
  findLatestLecturePurchases,
  findLecture,
  type CourseRow,
} from '../lectures/lecture-queries';
import { anyViewsExhausted } from '../lectures/lecture-views';
import { underPaycardLimit } from '../paycards/paycard-attempts';
import { redeemPaycard } from '../paycards/redeem-paycard';
import { credit, debit, lockStudent } from '../wallet/ledger';

const needJoinFirst = () => new AppError('FORBIDDEN', 'انضم إلى الدورة أولاً');

/**
 * Adds the student to the course unless it is full, saying how it was got (ADR 033): a whole
 * course's price and method, or 'join' for a course sold by lectures. A limited course's row is locked while its
 * seats are counted (a no-op update: PostgreSQL takes the row lock, SQLite already runs one
 * writer at a time), so two students racing for the last seat cannot both see it free.
 */
async function enrol(
  trx: Transaction<DB>,
  course: CourseRow,
  userId: number,
  how: { payBy: EnrollmentPayBy; price: number },
): Promise<void> {
  if (course.users_limit !== null) {
    await trx
      .updateTable('courses')
      .set((eb) => ({ users_limit: eb.ref('users_limit') }))
      .where('id', '=', course.id)
      .execute();
    const { n } = await trx
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= course.users_limit) throw new AppError('LIMIT_EXCEEDED');
  }
  await trx
    .insertInto('enrollments')
    .values({
      user_id: userId,
      course_id: course.id,
      created_at: nowIso(),
      pay_by: how.payBy,
      price_paid: how.price,
    })
    .execute();
}

async function alreadyJoined(
  trx: Transaction<DB>,
  courseId: number,
  userId: number,
): Promise<boolean> {
  return (await findEnrollment(trx, userId, courseId)) !== undefined;
}

/**
 * Runs a purchase in one transaction, holding the student's lock; one by pay card runs under
 * the student's guessing limit (paycards/paycard-attempts.ts).
 */
async function purchaseTransaction<T>(
  db: Kysely<DB>,
  userId: number,
  body: PurchaseBody,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const run = async () => {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockStudent(trx, userId);
        return work(trx);
      });
    } catch (error) {
      // Two requests that both passed the "already?" check: the loser answers like the check.
      // Stryker disable next-line ConditionalExpression,StringLiteral: the student's lock makes the "already?" check answer first; the unique index is the last line behind it
      if (isUniqueViolation(error)) throw new AppError('ALREADY_PURCHASED');
      throw error;
    }
  };
  return body.pay_by === 'paycard' ? underPaycardLimit(db, userId, run) : run();
}

type PaymentTarget = {
  kind: 'course' | 'lecture';
  courseId: number;
  lectureId?: number;
  price: number;
  paycardAllowed: boolean;
};

/** Takes payment for a priced item by the chosen method; the remainder of a pay card goes to the wallet. */
async function pay(
  trx: Transaction<DB>,
  userId: number,
  body: PurchaseBody,
  target: PaymentTarget,
): Promise<void> {
  if (target.price === 0) return;
  const entry = {
    type: target.kind === 'course' ? ('course_purchase' as const) : ('lecture_purchase' as const),
    courseId: target.courseId,
    lectureId: target.lectureId ?? null,
  };
  if (body.pay_by === 'wallet') {
    await debit(trx, userId, target.price, entry);
    return;
  }
  if (body.pay_by === 'paycard' && body.code) {
    if (!target.paycardAllowed) {
      throw new AppError(
        'PAYCARD_TARGET_VALIDATION_FAILD',
        'لا يمكن شراء هذه المحاضرة بالبطاقة المُدخلة',
      );
    }
    const value = await redeemPaycard(trx, {
      code: body.code,
      userId,
      use: {
        kind: target.kind,
        target: {
          courseId: target.courseId,
          ...(target.lectureId ? { lectureId: target.lectureId } : {}),
        },
        price: target.price,
      },
    });
    if (value > target.price) {
      await credit(trx, userId, value - target.price, {
        type: 'recharge',
        comment: 'المتبقي من بطاقة الدفع بعد الشراء',
        courseId: target.courseId,
        lectureId: target.lectureId ?? null,
      });
    }
    return;
  }
  throw new AppError('VALIDATION_FAILED', 'اختر طريقة الدفع', { pay_by: ['اختر طريقة الدفع'] });
}

/** POST /courses/{id}/join: pay_type 'lectures' courses (and free whole courses) are joined. */
export async function joinCourse(db: Kysely<DB>, courseId: number, userId: number): Promise<void> {
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'الدورة غير موجودة');
  if (course.pay_type === 'course' && course.price > 0)
    throw new AppError('FORBIDDEN', 'هذه الدورة تُشترى، استخدم زر الحصول على الدورة');
  await purchaseTransaction(db, userId, {}, async (trx) => {
    // Stryker disable next-line ConditionalExpression: without the check the unique index answers ALREADY_JOINED the same way
    if (await alreadyJoined(trx, courseId, userId)) throw new AppError('ALREADY_JOINED');
    // A free whole course is got here; a course sold by lectures is only joined.
    await enrol(trx, course, userId, {
      payBy: course.pay_type === 'course' ? 'free' : 'join',
      price: 0,
    });
  }).catch((error) => {
    throw error instanceof AppError && error.code === 'ALREADY_PURCHASED'
      ? new AppError('ALREADY_JOINED')
      : error;
  });
}

/** POST /courses/{id}/purchase: a pay_type 'course' course, free, by wallet or by pay card. */
export async function purchaseCourse(
  db: Kysely<DB>,
  courseId: number,
  userId: number,
  body: PurchaseBody,
): Promise<void> {
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'الدورة غير موجودة');
  if (course.pay_type !== 'course')
    throw new AppError('FORBIDDEN', 'انضم إلى الدورة ثم اشترِ محاضراتها');
  await purchaseTransaction(db, userId, body, async (trx) => {
    if (await alreadyJoined(trx, courseId, userId))
      throw new AppError('ALREADY_PURCHASED', 'لقد حصلت على الدورة سابقاً');
    await enrol(trx, course, userId, {
      // Stryker disable next-line StringLiteral: a priced purchase without pay_by is refused by pay()
      payBy: course.price === 0 ? 'free' : (body.pay_by ?? 'free'),
      price: course.price,
    });
    await pay(trx, userId, body, {
      kind: 'course',
      courseId,
      price: course.price,
      paycardAllowed: true,
    });
  });
}

/**
 * POST /lectures/{id}/purchase: a lecture of a pay_type 'lectures' course. A student who only
 * saw the preview joins the course on the way. A repurchasable lecture bought again costs its
 * repurchase price and restarts its views (views count from the latest purchase). Answers the
 * lecture's course, whose page the reply shows it from.
 */
export async function purchaseLecture(
  db: Kysely<DB>,
  lectureId: number,
  userId: number,
  body: PurchaseBody,
): Promise<{ courseId: number }> {
  const lecture = await findLecture(db, lectureId);
  const course = lecture && (await findCourse(db, lecture.course_id));
  // Stryker disable next-line LogicalOperator: a lecture's course always exists (foreign key), so || and && agree
  if (!lecture || !course) throw new AppError('NOT_FOUND', 'المحاضرة غير موجودة');
  if (course.pay_type === 'course') throw needJoinFirst();
  await purchaseTransaction(db, userId, body, async (trx) => {
    const previous = (await findLatestLecturePurchases(trx, userId, [lectureId])).get(lectureId);
    // A repurchase is for a spent lecture (expired, or a video's views used up); otherwise it
    // would only be a double click charging twice.
    const spent =
      previous &&
      (lectureGrant(lecture, course.pay_type, null, previous, nowIso()).expired ||
        (await anyViewsExhausted(trx, userId, lectureId, previous.created_at)));
    if (previous && (lecture.repurchasable !== 1 || !spent))
      throw new AppError('ALREADY_PURCHASED', 'لقد حصلت على المحاضرة سابقاً');
    // Stryker disable next-line ConditionalExpression: a price of 0 is free either way (pay() takes nothing, the row says 'free')
    const free = lecture.free === 1 || lecture.price === 0;
    const price = free ? 0 : previous ? (lecture.repurchase_price ?? lecture.price) : lecture.price;
    if (!(await alreadyJoined(trx, course.id, userId)))
      await enrol(trx, course, userId, { payBy: 'join', price: 0 });
    await pay(trx, userId, body, {
      kind: 'lecture',
      courseId: course.id,
      lectureId,
      price,
      paycardAllowed: lecture.paycard_disabled !== 1,
    });
    const now = nowIso();
    await trx
      .insertInto('lecture_purchases')
      .values({
        user_id: userId,
        lecture_id: lectureId,
        price_paid: price,
        // Stryker disable next-line StringLiteral: a priced purchase without pay_by was refused by pay()
        pay_by: price === 0 ? 'free' : (body.pay_by ?? 'free'),
        created_at: now,
        expires_at: lecture.expiry_days ? addDays(now, lecture.expiry_days) : null,
      })
      .execute();
  });
  return { courseId: course.id };
}
