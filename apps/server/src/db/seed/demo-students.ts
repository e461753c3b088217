import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { insertUser } from '../../modules/auth/auth-service';
import type { DemoCatalogIds } from './demo-catalog';
import { insertEnrollments, insertLecturePurchases } from './enrollments';
import { insertWalletHistory } from './wallet-history';

export const DEMO_PASSWORD = 'dars12345';
/** The README's demo logins; `balance` in pounds, as their ledgers add up. */
export const DEMO_STUDENTS = [
  { name: 'أحمد محمود', email: 'student@dars.test', phone: '01012345678', grade: 3, balance: 500 },
  { name: 'مريم علي', email: 'student2@dars.test', phone: '01112345678', grade: 2, balance: 0 },
] as const;

/**
 * The demo's two students. The first recharged 540 pounds, joined two courses and bought a
 * lecture of the second course (catalog-data.ts) for 40, leaving 500 in the wallet.
 * @example const [ahmed, mariam] = await seedDemoStudents(trx, { ...catalog, courseIds, lectureIds }, passwordHash, iso)
 */
export async function seedDemoStudents(
  db: Kysely<DB>,
  ids: Pick<DemoCatalogIds, 'gradeIds'> & { courseIds: number[]; lectureIds: number[][] },
  passwordHash: string,
  daysAgo: (days: number) => string,
): Promise<number[]> {
  const studentIds: number[] = [];
  for (const [i, s] of DEMO_STUDENTS.entries()) {
    const user = await insertUser(db, {
      name: s.name,
      email: s.email,
      phone: s.phone,
      passwordHash,
      gradeId: ids.gradeIds[s.grade]!,
      emailVerifiedAt: daysAgo(30),
      centerName: i === 0 ? 'سنتر النور التعليمي' : null,
      profileQrCode: i === 0 ? `DARS-STUDENT-${1000 + i}` : null,
      createdAt: daysAgo(60),
    });
    studentIds.push(user.id);
  }

  const first = studentIds[0]!;
  const organicCourse = ids.courseIds[1]!;
  const [freeLecture, boughtLecture] = ids.lectureIds[1]! as [number, number];
  await insertWalletHistory(db, first, [
    {
      type: 'recharge',
      value: toPiasters(540),
      comment: 'شحن بكارت شحن',
      courseId: null,
      lectureId: null,
      at: daysAgo(20),
    },
    {
      type: 'lecture_purchase',
      value: -toPiasters(40),
      comment: null,
      courseId: organicCourse,
      lectureId: boughtLecture,
      at: daysAgo(19),
    },
  ]);
  await insertEnrollments(db, [
    // A course sold by lectures (its lectures are the purchases), and the free whole course.
    { userId: first, courseId: organicCourse, at: daysAgo(21), payBy: 'join', pricePaid: 0 },
    { userId: first, courseId: ids.courseIds[3]!, at: daysAgo(25), payBy: 'free', pricePaid: 0 },
  ]);
  await insertLecturePurchases(db, [
    {
      userId: first,
      lectureId: freeLecture,
      pricePaid: 0,
      payBy: 'free',
      at: daysAgo(21),
      expiresAt: null,
    },
    {
      userId: first,
      lectureId: boughtLecture,
      pricePaid: 40,
      payBy: 'wallet',
      at: daysAgo(19),
      expiresAt: null,
    },
  ]);
  return studentIds;
}
