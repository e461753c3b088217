import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { CopyRefusal, copySqliteToPostgres } from './copy-to-postgres';
import { openDatabase } from './database';

// npm run db:to-postgres: copies the school in DATA_DIR's SQLite file into the PostgreSQL
// database at DATABASE_URL, which must hold no school yet (docs/operations.md). Stop the server
// first: what it writes after the copy begins is not copied.

process.on('uncaughtException', (error) => {
  const said = error instanceof CopyRefusal || error.message.startsWith('Invalid configuration');
  console.error(said ? error.message : error);
  process.exit(1);
});

const config = loadConfig();
const file = path.join(config.dataDir, 'dars.sqlite');
if (!config.databaseUrl) {
  throw new CopyRefusal(
    'اجعل DATABASE_URL قاعدة PostgreSQL التي تُنقل إليها المدرسة.\n' +
      'Set DATABASE_URL to the PostgreSQL database to copy the school into.',
  );
}
if (!fs.existsSync(file)) {
  throw new CopyRefusal(
    `لا توجد قاعدة بيانات في ${file}: اجعل DATA_DIR مجلد بيانات الخادم.\n` +
      `No database at ${file}: set DATA_DIR to the server's data folder.`,
  );
}
const source = openDatabase({ sqliteFile: file });
const target = openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
try {
  const report = await copySqliteToPostgres(source.db, target.db, (line) => console.log(line));
  console.log(`copied ${report.rows} rows in ${report.tables.length} tables into PostgreSQL`);
  console.log(
    'Start the server with this DATABASE_URL; keep DATA_DIR for the files and app-secret.key ' +
      '(or move the files with npm run storage:to-bucket and set APP_SECRET).',
  );
} finally {
  await Promise.all([source.destroy(), target.destroy()]);
}
