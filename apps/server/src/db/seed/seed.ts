import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoCourses } from './demo-courses';
import { seedDemoGeneralExams } from './demo-exams';
import { seedDemoPaycards } from './demo-paycards';
import { seedDemoSettings } from './demo-settings';
import { DEMO_PASSWORD, seedDemoStudents } from './demo-students';
import { seedFiles } from './seed-files';

const DAY = 86_400_000;

/**
 * Fills an empty database with the demo school: settings, grades, categories, teachers, courses
 * with lectures, videos, attachments and exams, general exams in every state (their windows
 * count from `now`), two students and pay cards. Does nothing when the database already has
 * grades, so restarts keep what users did. Each part is built by its own demo-*.ts file on the
 * record builders beside it, which the server tests' factories use too.
 * @example await seedDemoIfEmpty(db, './data')
 */
export async function seedDemoIfEmpty(
  db: Kysely<DB>,
  dataDir: string,
  now = new Date(),
): Promise<boolean> {
  const existing = await db.selectFrom('grades').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const files = seedFiles(dataDir);
  files.sampleVideo();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    await seedDemoSettings(trx, files);
    const catalog = await seedDemoCatalog(trx, files, daysAgo(400));
    const { courseIds, lectureIds } = await seedDemoCourses(trx, files, catalog, daysAgo);
    await seedDemoGeneralExams(trx, files, now);
    const studentIds = await seedDemoStudents(
      trx,
      { gradeIds: catalog.gradeIds, courseIds, lectureIds },
      passwordHash,
      daysAgo,
    );
    await seedDemoPaycards(trx, { courseIds, studentIds }, now, daysAgo);
  });
  return true;
}
