import { sql, type Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A student's one attempt at an exam (ADR 016). `deadline_at` is start + duration cut at the
  // exam's end, null for an open exam; `finished_at` is set once, by one conditional update.
  await createTable(db, 'exam_sessions')
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text')
    .addColumn('finished_at', 'text')
    /** 'student' (submitted) or 'time' (submitted by the server at the deadline). */
    .addColumn('finished_by', 'text')
    .addColumn('correction_mark', 'double precision')
    .addColumn('total_mark', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer')
    /** 1 when no essay answer waits for marks. */
    .addColumn('corrected', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('exam_sessions_one_per_student', ['user_id', 'exam_id'])
    .execute();
  await db.schema
    .createIndex('exam_sessions_by_student')
    .on('exam_sessions')
    .columns(['user_id', 'started_at'])
    .execute();
  // The sweep's question: which running sessions are past their deadline.
  await db.schema
    .createIndex('exam_sessions_running')
    .on('exam_sessions')
    .column('deadline_at')
    .where(sql.ref('finished_at'), 'is', null)
    .execute();

  // One saved answer per question of a session (an answer is an upsert).
  await createTable(db, 'answer_attempts')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('exam_sessions.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('answer_option_id', 'integer', (c) =>
      c.references('answer_options.id').onDelete('set null'),
    )
    .addColumn('answer_text', 'text')
    .addColumn('image_path', 'text')
    /** The highest client sequence number written; an older one changes nothing. */
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct', 'integer')
    .addColumn('correction_mark', 'double precision')
    .addColumn('comment', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('answer_attempts_one_per_question', ['session_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('answer_attempts').ifExists().execute();
  await db.schema.dropTable('exam_sessions').ifExists().execute();
}
