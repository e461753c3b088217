import { sql, type Kysely } from 'kysely';
import { createTable, isPostgres, rebuildSqliteTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Question banks (issue 26, ADR 046): a course's named list of questions that exams draw
  // from. A bank's questions are rows of `questions` with `bank_id` and no `exam_id`.
  await createTable(db, 'question_banks')
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('question_banks_by_course')
    .on('question_banks')
    .column('course_id')
    .execute();

  if (isPostgres(db)) {
    await sql`alter table questions alter column exam_id drop not null`.execute(db);
  } else {
    // SQLite cannot drop a `not null`: the table is rebuilt (ADR 046), answers untouched.
    await rebuildSqliteTable(db, 'questions', (ddl) =>
      ddl.replace(/"exam_id" integer not null references/i, '"exam_id" integer references'),
    );
  }
  await db.schema
    .alterTable('questions')
    .addColumn('bank_id', 'integer', (c) => c.references('question_banks.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('questions').addColumn('difficulty', 'text').execute();
  /** Tags as `|a|b|`, so one `like '%|a|%'` finds a tag. */
  await db.schema.alterTable('questions').addColumn('tags', 'text').execute();
  await db.schema
    .createIndex('questions_by_bank')
    .on('questions')
    .columns(['bank_id', 'position'])
    .where(sql.ref('bank_id'), 'is not', null)
    .execute();

  // "count questions worth mark each from a bank (with a tag, of a difficulty)".
  await createTable(db, 'exam_draw_rules')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('bank_id', 'integer', (c) =>
      c.notNull().references('question_banks.id').onDelete('cascade'),
    )
    .addColumn('tag', 'text')
    .addColumn('difficulty', 'text')
    .addColumn('mark', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('exam_draw_rules_by_exam')
    .on('exam_draw_rules')
    .columns(['exam_id', 'position'])
    .execute();
  await db.schema
    .createIndex('exam_draw_rules_by_bank')
    .on('exam_draw_rules')
    .column('bank_id')
    .execute();

  // The questions a session drew, in draw order (JSON array); null for an exam without rules.
  await db.schema.alterTable('exam_sessions').addColumn('question_ids', 'text').execute();
}

/** Back to 020's shape: banks, their questions and the rules are gone; exams' questions stay. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').dropColumn('question_ids').execute();
  await db.schema.dropTable('exam_draw_rules').ifExists().execute();
  await db.deleteFrom('questions').where('bank_id', 'is not', null).execute();
  await db.schema.dropIndex('questions_by_bank').ifExists().execute();
  if (isPostgres(db)) {
    for (const column of ['tags', 'difficulty', 'bank_id']) {
      await db.schema.alterTable('questions').dropColumn(column).execute();
    }
    await sql`alter table questions alter column exam_id set not null`.execute(db);
  } else {
    // SQLite drops no column a reference names: rebuilt again, as 020 made it.
    await rebuildSqliteTable(
      db,
      'questions',
      (ddl) =>
        ddl
          .replace(/"exam_id" integer references/i, '"exam_id" integer not null references')
          .replace(/,\s*"bank_id"[^,]*?on delete cascade/i, '')
          .replace(/,\s*"difficulty" text/i, '')
          .replace(/,\s*"tags" text/i, ''),
      [
        'id',
        'exam_id',
        'position',
        'type',
        'text',
        'image_path',
        'mark',
        'answer_explain_text',
        'answer_explain_image',
      ],
    );
  }
  await db.schema.dropTable('question_banks').ifExists().execute();
}
