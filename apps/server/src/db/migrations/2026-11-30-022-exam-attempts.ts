import { sql, type Kysely } from 'kysely';
import { createTable, isPostgres, rebuildSqliteTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

const ONE_PER_STUDENT =
  /constraint "exam_sessions_one_per_student" unique \("user_id", "exam_id"\)/i;
const ONE_PER_ATTEMPT =
  /constraint "exam_sessions_one_per_attempt" unique \("user_id", "exam_id", "attempt"\)/i;

export async function up(db: Kysely<any>): Promise<void> {
  // More than one attempt at an exam (issue 26, ADR 047): how many, the wait between two, and
  // which one counts. 1, 0 and 'best' keep every exam as it was.
  await db.schema
    .alterTable('exams')
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('attempt_wait_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('attempt_rule', 'text', (c) => c.notNull().defaultTo('best'))
    .execute();

  // Every session so far is its student's first attempt; one session per attempt from now on.
  await db.schema
    .alterTable('exam_sessions')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  if (isPostgres(db)) {
    await sql`alter table exam_sessions drop constraint exam_sessions_one_per_student`.execute(db);
    await sql`alter table exam_sessions add constraint exam_sessions_one_per_attempt
      unique (user_id, exam_id, attempt)`.execute(db);
  } else {
    // SQLite cannot drop a constraint: the table is rebuilt, answers and events untouched.
    await rebuildSqliteTable(db, 'exam_sessions', (ddl) =>
      ddl.replace(
        ONE_PER_STUDENT,
        'constraint "exam_sessions_one_per_attempt" unique ("user_id", "exam_id", "attempt")',
      ),
    );
  }

  // Attempts staff give one student beyond the exam's own (one row per student and exam).
  await createTable(db, 'exam_attempt_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('extra_attempts', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('exam_attempt_grants_one_per_exam', ['user_id', 'exam_id'])
    .execute();
  await db.schema
    .createIndex('exam_attempt_grants_by_exam')
    .on('exam_attempt_grants')
    .column('exam_id')
    .execute();
}

/** Back to 021's shape: only each student's first attempt stays (its answers with it). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exam_attempt_grants').ifExists().execute();
  await db.deleteFrom('exam_sessions').where('attempt', '>', 1).execute();
  if (isPostgres(db)) {
    await sql`alter table exam_sessions drop constraint exam_sessions_one_per_attempt`.execute(db);
    await sql`alter table exam_sessions drop column attempt`.execute(db);
    await sql`alter table exam_sessions add constraint exam_sessions_one_per_student
      unique (user_id, exam_id)`.execute(db);
  } else {
    const { rows } = await sql<{ name: string }>`
      select name from pragma_table_info('exam_sessions')`.execute(db);
    await rebuildSqliteTable(
      db,
      'exam_sessions',
      (ddl) =>
        ddl
          .replace(
            ONE_PER_ATTEMPT,
            'constraint "exam_sessions_one_per_student" unique ("user_id", "exam_id")',
          )
          .replace(/,\s*"attempt" integer default 1 not null/i, ''),
      rows.map((r) => r.name).filter((name) => name !== 'attempt'),
    );
  }
  for (const column of ['attempt_rule', 'attempt_wait_minutes', 'max_attempts']) {
    await db.schema.alterTable('exams').dropColumn(column).execute();
  }
}
