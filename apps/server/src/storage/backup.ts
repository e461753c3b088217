import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { localStorage } from './local-storage';
import { moveFiles } from './move-to-bucket';

export type BackupReport = { database: string; files: number; bytes: number };

/**
 * Something the operator asked for that cannot be done as asked (no database where DATA_DIR
 * points, a target that is not empty): the command prints its message, not a stack.
 */
export class BackupRefusal extends Error {}

const DB_FILE = 'dars.sqlite';
const SECRET_FILE = 'app-secret.key';
/** The most pages better-sqlite3 passes to one backup step: more than any file has. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a running one-box server's data (ADR 024): the SQLite database through
 * SQLite's online backup API (a snapshot, while the server keeps reading and writing), then the
 * files of the local storage (each written whole by the server: a temporary name, then a
 * rename) and the key that signs links. Files written after the snapshot are copied too and are
 * simply unused after a restore.
 * @example await backupDataDir('./data', './backups/2026-11-26T03-00')
 */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupReport> {
  const database = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(database)) {
    throw new BackupRefusal(
      `لا توجد قاعدة بيانات في ${database}: اجعل DATA_DIR مجلد بيانات الخادم.\n` +
        `No database at ${database}: set DATA_DIR to the server's data folder, ` +
        'e.g. DATA_DIR=/srv/dars/data npm run backup',
    );
  }
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new BackupRefusal(`${target} is not empty: back up into a new folder`);
  }
  fs.mkdirSync(target, { recursive: true });
  const source = new SQLite(database, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in each step after the first (which only opens the copy). A write by the
    // server between two steps restarts the copy from page 1 at the next step, so a step must
    // be able to copy the whole file: asking for the pages that remained livelocked behind a
    // busy writer once the file grew (the restarted step fell short, the short step after it was
    // restarted again; a CI run timed out on it). A step reads in one transaction, and in WAL
    // mode the server is not held up meanwhile.
    await source.backup(path.join(target, DB_FILE), { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const files = await moveFiles(localStorage(dataDir), localStorage(target));
  const secret = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(target, SECRET_FILE));
  return { database: path.join(target, DB_FILE), files: files.copied, bytes: files.bytes };
}

/**
 * Puts a backup into an empty data folder, after SQLite's integrity check of the copy.
 * @example await restoreDataDir('./backups/2026-11-26T03-00', './data')
 */
export async function restoreDataDir(backup: string, dataDir: string): Promise<BackupReport> {
  if (fs.existsSync(path.join(dataDir, DB_FILE))) {
    throw new BackupRefusal(`${dataDir} already has a database: restore into an empty folder`);
  }
  if (!fs.existsSync(path.join(backup, DB_FILE))) {
    throw new BackupRefusal(`${backup} holds no backup (no ${DB_FILE} in it)`);
  }
  const copy = new SQLite(path.join(backup, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupRefusal(`the backup's database is damaged: ${String(check)}`);
  } finally {
    copy.close();
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(path.join(backup, DB_FILE), path.join(dataDir, DB_FILE));
  const files = await moveFiles(localStorage(backup), localStorage(dataDir));
  const secret = path.join(backup, SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(dataDir, SECRET_FILE));
  return { database: path.join(dataDir, DB_FILE), files: files.copied, bytes: files.bytes };
}
