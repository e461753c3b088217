// `npm run paycards -- --value 100 --count 50 [--course ID] [--lecture ID] [--expires-days N]`
// Issues pay cards into the configured database (DATA_DIR / DATABASE_URL) and prints the codes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { issuePaycards } from './issue-paycards';

const { values } = parseArgs({
  options: {
    value: { type: 'string' },
    count: { type: 'string', default: '1' },
    course: { type: 'string' },
    lecture: { type: 'string' },
    'expires-days': { type: 'string' },
  },
});
if (!values.value) {
  console.error(
    'usage: npm run paycards -- --value 100 --count 50 [--course ID] [--lecture ID] [--expires-days N]',
  );
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'dars.sqlite'),
});
try {
  await migrateToLatest(database.db);
  const codes = await issuePaycards(database.db, {
    // The text as typed: read once, exactly, by the batch service (parsePiasters).
    value: values.value,
    count: Number(values.count),
    courseId: values.course ? Number(values.course) : null,
    lectureId: values.lecture ? Number(values.lecture) : null,
    expiresInDays: values['expires-days'] ? Number(values['expires-days']) : null,
  });
  console.log(codes.join('\n'));
  console.error(
    `\n${codes.length} pay card(s) of ${values.value} جنيه issued. Only their hashes are stored: keep this list.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
