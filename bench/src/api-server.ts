// The real API on a seeded SQLite file with a bulk catalogue, as its own process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '@dars/server/app';
import { loadConfig } from '@dars/server/config';
import { openDatabase } from '@dars/server/db';
import { migrateToLatest } from '@dars/server/migrate';
import { seedDemoIfEmpty } from '@dars/server/seed';
import { seedBulkCourses } from '@dars/server/seed-bulk';

const courses = Number(process.env.BENCH_COURSES ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
});
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(dataDir, 'dars.sqlite'),
});
await migrateToLatest(database.db);
await seedDemoIfEmpty(database.db, dataDir);
await seedBulkCourses(database.db, courses);
// Fresh tables have no planner statistics nor visibility map until autovacuum comes round; a
// catalogue in service has both, so measure it that way.
if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
const app = await buildApp({ db: database.db, dialect: database.dialect, config });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, dialect: database.dialect, courses });
// The bench asks for our CPU time around each measurement.
process.on('message', (m) => {
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', async () => {
  await app.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
