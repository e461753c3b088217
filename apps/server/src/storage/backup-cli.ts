import path from 'node:path';
import { loadConfig } from '../config';
import { BackupRefusal, backupDataDir, restoreDataDir } from './backup';

// npm run backup [-- --to DIR]: a consistent copy of DATA_DIR (SQLite and local files) while
// the server runs; default DIR: ./backups/<time>.
// npm run backup -- --restore DIR: puts a backup into DATA_DIR, which must have no database.
// PostgreSQL and buckets have their own tools: docs/operations.md.

// What the operator got wrong (no database where DATA_DIR points, a bad variable) is said in
// words, not as a stack.
process.on('uncaughtException', (error) => {
  const said = error instanceof BackupRefusal || error.message.startsWith('Invalid configuration');
  console.error(said ? error.message : error);
  process.exit(1);
});

const config = loadConfig();
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const base = process.env.INIT_CWD ?? process.cwd();

if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md).');
  process.exit(1);
}
const restoreFrom = arg('--restore');
if (restoreFrom) {
  const report = await restoreDataDir(path.resolve(base, restoreFrom), config.dataDir);
  console.log(`restored ${report.database} and ${report.files} files into ${config.dataDir}`);
} else {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(base, arg('--to') ?? path.join('backups', stamp));
  const report = await backupDataDir(config.dataDir, target);
  console.log(`backed up ${report.database} and ${report.files} files (${report.bytes} bytes)`);
  if (config.storage.kind === 's3') {
    console.log('Files in the S3 bucket are not copied: see docs/operations.md (bucket backups).');
  }
}
