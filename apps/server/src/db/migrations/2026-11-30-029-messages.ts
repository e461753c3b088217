import { sql, type Kysely } from 'kysely';
import { createTable, isPostgres } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Text messages to a phone, by SMS or WhatsApp (issue 28, ADR 053): to a student's parent
  // (an exam result, the weekly summary, a message from staff) or to the student (the
  // set-password link of an imported student). The row is the message: what was written, to
  // whom, and where its delivery stands; the job queue only carries its id.
  await createTable(db, 'messages')
    // E.164, '+201XXXXXXXXX'
    .addColumn('recipient_phone', 'text', (c) => c.notNull())
    // 'parent' or 'student': whom the phone belongs to
    .addColumn('recipient', 'text', (c) => c.notNull())
    // The student the message is about (null: since removed).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // 'sms' or 'whatsapp', as asked; `provider` is who carried it ('cequens', 'whatsapp',
    // 'sandbox'), set when it went.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    // 'exam_result', 'weekly_summary', 'staff_message', 'student_invitation'
    .addColumn('template', 'text', (c) => c.notNull())
    // The template's parameters (JSON), in its order: what a WhatsApp template is sent with.
    .addColumn('params', 'text', (c) => c.notNull())
    // The Arabic text as the recipient reads it (an SMS's text).
    .addColumn('body', 'text', (c) => c.notNull())
    // 'queued' → 'sent' → 'delivered'; or 'failed'
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    // Calls made to the provider for it.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Each staff retry of a failed message starts a new round of attempts.
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_message_id', 'text')
    // Why it failed (Arabic, for staff), or the last attempt's error while it is retried.
    .addColumn('error', 'text')
    // A message made once per event (an exam session's result, a week's summary): a second is
    // refused by this key.
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    // The staff member who sent it (null: the platform did, or the account was removed).
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('failed_at', 'text')
    .execute();
  await db.schema.createIndex('messages_by_time').on('messages').columns(['created_at']).execute();
  await db.schema
    .createIndex('messages_by_state')
    .on('messages')
    .columns(['state', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_by_user')
    .on('messages')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_by_provider_id')
    .on('messages')
    .columns(['provider', 'provider_message_id'])
    .execute();

  // Phones that asked for no more messages: nothing is sent to them, and a message to one
  // fails saying so.
  await createTable(db, 'message_opt_outs')
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The job queue of the embedded database (lib/jobs/sqlite-jobs.ts). PostgreSQL's queue is
  // pg-boss, in a schema of its own that it makes and upgrades itself.
  if (!isPostgres(db)) {
    await db.schema
      .createTable('job_queue')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      // 'created' | 'retry' | 'active' | 'completed' | 'failed'
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('singleton_key', 'text')
      .addColumn('retry_limit', 'integer', (c) => c.notNull())
      // seconds; doubled for each retry
      .addColumn('retry_delay', 'integer', (c) => c.notNull())
      .addColumn('expire_seconds', 'integer', (c) => c.notNull())
      // runs started
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // epoch milliseconds
      .addColumn('run_at', 'integer', (c) => c.notNull())
      .addColumn('lease_until', 'integer')
      .addColumn('worker', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'integer')
      .execute();
    await sql`create unique index job_queue_singleton on job_queue (name, singleton_key)
      where singleton_key is not null`.execute(db);
    await db.schema
      .createIndex('job_queue_next')
      .on('job_queue')
      .columns(['name', 'state', 'run_at'])
      .execute();
    await db.schema
      .createTable('job_schedules')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('cron', 'text', (c) => c.notNull())
      .addColumn('tz', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('next_run_at', 'integer', (c) => c.notNull())
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await db.schema.dropTable('job_schedules').execute();
    await db.schema.dropTable('job_queue').execute();
  }
  await db.schema.dropTable('message_opt_outs').execute();
  await db.schema.dropTable('messages').execute();
}
