import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoCourses } from './demo-courses';
import { seedDemoQuestionBank } from './demo-banks';
import {
  seedDemoAccommodations,
  seedDemoAttemptGrant,
  seedDemoGeneralExams,
  seedDemoIntegrityRecord,
} from './demo-exams';
import { seedDemoPaycards } from './demo-paycards';
import { seedDemoSales } from './demo-sales';
import { seedDemoSettings } from './demo-settings';
import { DEMO_PASSWORD, seedDemoStudents } from './demo-students';
import { seedDemoStaff } from './demo-staff';
import type { Storage } from '../../storage';
import { seedFiles } from './seed-files';

const DAY = 86_400_000;

/**
 * Fills an empty database with the demo school: settings, grades, categories, teachers, courses
 * with lectures, videos, attachments and exams, general exams in every state (their windows
 * count from `now`), two students, pay cards, and sales in this Cairo month and the last (so the
 * demo teacher's statement has lines). Does nothing when the database already has grades, so
 * restarts keep what users did. Each part is built by its own demo-*.ts file on the record
 * builders beside it, which the server tests' factories use too.
 * Files go to the data folder given, or to a storage (the bucket, ADR 024).
 * @example await seedDemoIfEmpty(db, './data')
 */
export async function seedDemoIfEmpty(
  db: Kysely<DB>,
  files: string | Storage,
  now = new Date(),
): Promise<boolean> {
  const existing = await db.selectFrom('grades').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const writer = seedFiles(files);
  writer.sampleVideo();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    await seedDemoSettings(trx, writer);
    const catalog = await seedDemoCatalog(trx, writer, daysAgo(400));
    const { courseIds, lectureIds } = await seedDemoCourses(trx, writer, catalog, daysAgo);
    await seedDemoGeneralExams(trx, writer, now);
    await seedDemoQuestionBank(trx, now);
    const studentIds = await seedDemoStudents(
      trx,
      { gradeIds: catalog.gradeIds, courseIds, lectureIds },
      passwordHash,
      daysAgo,
    );
    await seedDemoAccommodations(trx, studentIds, now);
    await seedDemoIntegrityRecord(trx, studentIds, now);
    await seedDemoAttemptGrant(trx, studentIds, now);
    await seedDemoPaycards(trx, { courseIds, studentIds }, now, daysAgo);
    const [adminId] = await seedDemoStaff(trx, passwordHash, daysAgo, catalog.teacherIds);
    await seedDemoSales(trx, { courseIds, lectureIds, studentIds, adminId: adminId! }, now);
    // The rows land only with their files.
    await writer.flush();
  });
  return true;
}
