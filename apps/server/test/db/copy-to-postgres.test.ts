import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { DB } from '../../src/db/schema';
import { seedDemoIfEmpty } from '../../src/db/seed/seed';
import { createPgSchema, SERVER_DIR, type PgSchema } from '../server-process';

// `npm run db:to-postgres` (docs/operations.md, ADR 032): a school that started on the embedded
// SQLite file moves to PostgreSQL with every row and id, and goes on there: a new row gets the
// next id, its students sign in. A target that already holds a school is refused; a copy that
// fails halfway leaves the target as it was. Needs TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const NOW = '2026-11-20T10:00:00.000Z';

let work: string;
let sqlite: Database;
let schema: PgSchema;

/** Every table the school's life fills that the demo leaves empty gets a row of its own. */
async function aSchoolDay(db: Kysely<DB>) {
  const student = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'student@dars.test')
    .executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@dars.test')
    .executeTakeFirstOrThrow();
  const question = await db
    .selectFrom('questions')
    .innerJoin('answer_options', 'answer_options.question_id', 'questions.id')
    .select(['questions.id', 'questions.exam_id', 'answer_options.id as option_id'])
    .orderBy('questions.id')
    .executeTakeFirstOrThrow();
  const video = await db
    .selectFrom('videos')
    .select(['id', 'lecture_id'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const user_id = student.id;
  // A known device (ADR 051) and a session on it, with where it was used from.
  const device = await db
    .insertInto('student_devices')
    .values({
      user_id,
      device_hash: 'd'.repeat(64),
      platform: 'android',
      app_version: '1.0.7',
      user_agent: 'Mozilla/5.0 (Linux; Android 14; SM-A525F; wv)',
      first_seen_at: NOW,
      last_seen_at: NOW,
      last_ip: '10.0.0.7',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await db
    .insertInto('auth_tokens')
    .values({
      user_id,
      token_hash: 'h1',
      platform: 'web',
      created_at: NOW,
      last_used_at: NOW,
      device_id: device.id,
      app_version: '1.0.7',
      user_agent: 'Mozilla/5.0',
      created_ip: '10.0.0.7',
      last_ip: '10.0.0.8',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('known_sign_ins')
    .values({ user_id, address: '10.0.0.7', last_at: NOW })
    .execute();
  await db
    .insertInto('rate_limits')
    .values({ key: 'login:ip:10.0.0.7', window_start: NOW, count: 2 })
    .execute();
  await db
    .insertInto('push_devices')
    .values({
      user_id,
      platform: 'android',
      device_token: 'fcm-1',
      created_at: NOW,
      auth_token_id: token.id,
    })
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      user_id,
      purpose: 'reset',
      code_hash: 'c',
      attempts: 1,
      expires_at: NOW,
      used_at: null,
      created_at: NOW,
    })
    .execute();
  const session = await db
    .insertInto('exam_sessions')
    .values({
      token: 'session-1',
      user_id,
      exam_id: question.exam_id!,
      started_at: NOW,
      deadline_at: null,
      finished_at: NOW,
      finished_by: 'student',
      correction_mark: 1.5,
      succeeded: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A question bank with a question of its own, and a rule drawing from it (ADR 046).
  const bank = await db
    .insertInto('question_banks')
    .values({ course_id: null, name: 'بنك الميكانيكا', created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('questions')
    .values({
      exam_id: null,
      bank_id: bank.id,
      difficulty: 'hard',
      tags: '|حركة|',
      position: 0,
      type: 'essay',
      text: 'اشرح قانون نيوتن الثاني',
      image_path: null,
      mark: 2,
      answer_explain_text: null,
      answer_explain_image: null,
    })
    .execute();
  await db
    .insertInto('exam_draw_rules')
    .values({
      exam_id: question.exam_id!,
      bank_id: bank.id,
      tag: 'حركة',
      difficulty: 'hard',
      mark: 2,
      count: 1,
      position: 0,
    })
    .execute();
  // Its integrity record: a report from the page and what the server saw (ADR 044).
  await db
    .insertInto('exam_session_events')
    .values([
      {
        session_id: session.id,
        client_id: 'evt-00000001',
        kind: 'hidden',
        client_at: NOW,
        detail: null,
        created_at: NOW,
      },
      {
        session_id: session.id,
        client_id: null,
        kind: 'opened',
        client_at: null,
        detail: JSON.stringify({ device: 1, address: '10.0.0.1' }),
        created_at: NOW,
      },
    ])
    .execute();
  await db
    .insertInto('answer_attempts')
    .values({
      session_id: session.id,
      question_id: question.id,
      answer_option_id: question.option_id,
      answer_text: null,
      image_path: null,
      correct: 1,
      correction_mark: 1.5,
      comment: 'أحسنت',
      updated_at: NOW,
    })
    .execute();
  await db
    .insertInto('video_views')
    .values({
      user_id,
      video_id: video.id,
      lecture_id: video.lecture_id,
      token_hash: 'v1',
      created_at: NOW,
    })
    .execute();
  // What the student watched and opened (ADR 054).
  await db
    .insertInto('video_progress')
    .values({
      user_id,
      video_id: video.id,
      lecture_id: video.lecture_id,
      watched_seconds: 125,
      position_seconds: 130,
      first_at: NOW,
      last_at: NOW,
    })
    .execute();
  const attachment = await db
    .selectFrom('attachments')
    .select(['id', 'lecture_id'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('attachment_opens')
    .values({
      user_id,
      attachment_id: attachment.id,
      lecture_id: attachment.lecture_id,
      first_at: NOW,
      last_at: NOW,
      opens: 2,
    })
    .execute();
  await db
    .insertInto('mobile_payments')
    .values({
      user_id,
      amount: 12_345,
      payer_number: '01012345678',
      message: null,
      receipt_path: 'receipts/1.png',
      status: 'approved',
      reject_reason: null,
      reviewed_by: admin.id,
      reviewed_at: NOW,
      transaction_serial: 'T-1',
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('payment_orders')
    .values({
      id: '100000000000000001',
      user_id,
      method: 'paymob_card',
      provider: 'paymob',
      amount: 5_000,
      status: 'paid',
      created_at: NOW,
      updated_at: NOW,
      paid_at: NOW,
    })
    .execute();
  await db
    .insertInto('notifications')
    .values({
      user_id,
      type: 'message',
      data: JSON.stringify({ title: 'رسالة', content: 'مرحبًا' }),
      read_at: null,
      created_at: NOW,
    })
    .execute();
  const ticket = await db
    .insertInto('support_tickets')
    .values({
      user_id,
      title: 'سؤال',
      content: 'كيف أشحن؟',
      name: null,
      email: null,
      phone: null,
      platform: 'web',
      status: 'closed',
      created_at: NOW,
      closed_at: NOW,
      closed_by: admin.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('support_ticket_replies')
    .values({
      ticket_id: ticket.id,
      staff_user_id: admin.id,
      author_name: 'مدير المنصة',
      content: 'من المحفظة',
      emailed_to: null,
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('support_follow_tokens')
    .values({ ticket_id: ticket.id, token_hash: 'a'.repeat(64), created_at: NOW })
    .execute();
  // A refund (ADR 050): the student's lecture, given back in cash at the centre.
  await db
    .insertInto('refunds')
    .values({
      user_id,
      course_id: (
        await db
          .selectFrom('lectures')
          .select('course_id')
          .where('id', '=', video.lecture_id)
          .executeTakeFirstOrThrow()
      ).course_id,
      lecture_id: video.lecture_id,
      sale_at: NOW,
      sale_pay_by: 'cash',
      sale_amount: 5_000,
      amount: 2_500,
      refund_to: 'cash',
      reason: 'خصم',
      staff_id: admin.id,
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('staff_audit_log')
    .values({
      user_id: admin.id,
      user_name: 'مدير المنصة',
      action: 'update',
      resource: 'courses',
      resource_id: '1',
      before: '{"name":"أ"}',
      after: '{"name":"ب"}',
      created_at: NOW,
    })
    .execute();
  // A text message to the student's parent, delivered, and a number that opted out (ADR 053).
  await db
    .insertInto('messages')
    .values({
      recipient_phone: '+201001112223',
      recipient: 'parent',
      user_id,
      channel: 'whatsapp',
      provider: 'whatsapp',
      template: 'staff_message',
      params: JSON.stringify(['دَرس', 'غدًا إجازة']),
      body: 'دَرس: غدًا إجازة',
      state: 'delivered',
      attempts: 1,
      round: 0,
      provider_message_id: 'wamid.HBgLMjAxMDAxMTEyMjIz',
      error: null,
      dedupe_key: null,
      sent_by: admin.id,
      created_at: NOW,
      updated_at: NOW,
      sent_at: NOW,
      delivered_at: NOW,
      failed_at: null,
    })
    .execute();
  await db
    .insertInto('message_opt_outs')
    .values({
      phone: '+201009998887',
      reason: 'طلب ولي الأمر',
      created_by: admin.id,
      created_at: NOW,
    })
    .execute();
}

async function tablesOf(db: Kysely<DB>, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          db,
        );
  return (
    rows
      .map((r) => r.name)
      // Kysely's bookkeeping and the embedded job queue's tables stay on their side (ADR 053).
      .filter((n) => !n.startsWith('kysely_') && !n.startsWith('job_'))
      .sort()
  );
}

/** A table's rows in one order, each as JSON (PostgreSQL and SQLite give the same JS values). */
async function rowsOf(db: Kysely<DB>, table: string): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
    db,
  );
  return rows
    .map((r) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))),
    )
    .sort();
}

function copy(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/db/to-postgres-cli.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
}

describe.skipIf(!pgUrl)('npm run db:to-postgres', () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-to-pg-'));
    sqlite = openDatabase({ sqliteFile: path.join(work, 'dars.sqlite') });
    await migrateToLatest(sqlite.db);
    await seedDemoIfEmpty(sqlite.db, work);
    await aSchoolDay(sqlite.db);
    schema = await createPgSchema(pgUrl!);
  }, 120_000);
  afterAll(async () => {
    await sqlite?.destroy();
    await schema?.drop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies every table, row for row with its ids, into an empty PostgreSQL database', async () => {
    const run = copy({ DATA_DIR: work, DATABASE_URL: schema.url });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/copied \d+ rows in \d+ tables into PostgreSQL/);

    const target = openDatabase({ databaseUrl: pgUrl, pgSchema: schema.name, poolSize: 2 });
    try {
      const tables = await tablesOf(sqlite.db, 'sqlite');
      expect(await tablesOf(target.db, 'postgres')).toEqual(tables);
      for (const table of tables) {
        const rows = await rowsOf(sqlite.db, table);
        expect(rows.length, `${table} has rows to copy`).toBeGreaterThan(0);
        expect(await rowsOf(target.db, table), table).toEqual(rows);
      }
    } finally {
      await target.destroy();
    }
  }, 120_000);

  it('goes on on PostgreSQL: a student signs in, and a new row takes the next id', async () => {
    const target = openDatabase({ databaseUrl: pgUrl, pgSchema: schema.name, poolSize: 2 });
    const app = await buildApp({
      db: target.db,
      dialect: 'postgres',
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: work, LOG_LEVEL: 'silent', SEED: 'demo' }),
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'app-platform': 'web', 'app-version': '1.0.2' },
        payload: { login: 'student@dars.test', password: 'dars12345' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const largest = await sqlite.db
        .selectFrom('auth_tokens')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const newest = await target.db
        .selectFrom('auth_tokens')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      expect(Number(newest.id)).toBe(Number(largest.id) + 1);
      // The catalogue's triggers are awake again: a new grade counts as a change.
      const version = () =>
        target.db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow();
      const before = Number((await version()).version);
      await target.db.insertInto('grades').values({ name: 'الصف الرابع', position: 99 }).execute();
      expect(Number((await version()).version)).toBe(before + 1);
    } finally {
      await app.close();
      await target.destroy();
    }
  }, 60_000);

  it('refuses a target that already holds a school, in Arabic and English, and changes nothing', async () => {
    const run = copy({ DATA_DIR: work, DATABASE_URL: schema.url });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('فيها مدرسة بالفعل');
    expect(run.stderr).toContain('already holds a school');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('leaves the target as it was when the copy fails halfway', async () => {
    const other = await createPgSchema(pgUrl!);
    // A column PostgreSQL does not have, in a table copied late: the copy fails after many rows.
    await sql`alter table support_ticket_replies add column stray text`.execute(sqlite.db);
    try {
      const run = copy({ DATA_DIR: work, DATABASE_URL: other.url });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('stray');
      const target = openDatabase({ databaseUrl: pgUrl, pgSchema: other.name, poolSize: 1 });
      try {
        const users = await target.db.selectFrom('users').select('id').execute();
        expect(users).toEqual([]);
      } finally {
        await target.destroy();
      }
    } finally {
      await sql`alter table support_ticket_replies drop column stray`.execute(sqlite.db);
      await other.drop();
    }
  }, 60_000);

  it('says what to set without DATABASE_URL or without a database in DATA_DIR', () => {
    const noTarget = copy({ DATA_DIR: work, DATABASE_URL: '' });
    expect(noTarget.status).toBe(1);
    expect(noTarget.stderr).toContain('Set DATABASE_URL');
    const noSource = copy({ DATA_DIR: path.join(work, 'none'), DATABASE_URL: schema.url });
    expect(noSource.status).toBe(1);
    expect(noSource.stderr).toContain('set DATA_DIR');
  });
});
