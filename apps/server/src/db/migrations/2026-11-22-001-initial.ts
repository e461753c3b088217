import { sql, type Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

const flag = (name: string) => [name, 'integer', (c: any) => c.notNull().defaultTo(0)] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  for (const name of ['grades', 'categories']) {
    await createTable(db, name)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  await createTable(db, 'teachers')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bio', 'text')
    .addColumn('avatar_path', 'text')
    .addColumn('banner_path', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('whatsapp_url', 'text')
    .addColumn('facebook_url', 'text')
    .addColumn('messenger_url', 'text')
    .addColumn('twitter_url', 'text')
    .addColumn('youtube_url', 'text')
    .addColumn('telegram_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await createTable(db, 'courses')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // name + description in searchKey() form, kept by whoever writes the course
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_path', 'text')
    .addColumn(...flag('featured'))
    .addColumn('pay_type', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('show_preview'))
    .addColumn('users_limit', 'integer')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courses_listing')
    .on('courses')
    .columns(['published', 'created_at'])
    .execute();

  const link = async (table: string, other: string, otherTable: string, extra = false) => {
    let builder = db.schema
      .createTable(table)
      .addColumn('course_id', 'integer', (c) =>
        c.notNull().references('courses.id').onDelete('cascade'),
      )
      .addColumn(other, 'integer', (c) =>
        c.notNull().references(`${otherTable}.id`).onDelete('cascade'),
      );
    if (extra) builder = builder.addColumn('position', 'integer', (c) => c.notNull().defaultTo(0));
    await builder.addPrimaryKeyConstraint(`${table}_pk`, ['course_id', other]).execute();
    await db.schema
      .createIndex(`${table}_by_${other}`)
      .on(table)
      .columns([other, 'course_id'])
      .execute();
  };
  await link('course_grades', 'grade_id', 'grades');
  await link('course_categories', 'category_id', 'categories');
  await link('course_teachers', 'teacher_id', 'teachers', true);

  await createTable(db, 'lectures')
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('free'))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('preview'))
    .addColumn('expiry_days', 'integer')
    .addColumn(...flag('repurchasable'))
    .addColumn('repurchase_price', 'integer')
    .addColumn(...flag('paycard_disabled'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lectures_by_course')
    .on('lectures')
    .columns(['course_id', 'position'])
    .execute();

  await createTable(db, 'videos')
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source_path', 'text')
    .addColumn('license_url', 'text')
    .addColumn('duration_seconds', 'integer')
    .addColumn('views_limit', 'integer')
    .addColumn(...flag('hide_attendance_chips'))
    .addColumn(...flag('attendance_required'))
    .addColumn('attendance_chip_text', 'text')
    .execute();
  await db.schema
    .createIndex('videos_by_lecture')
    .on('videos')
    .columns(['lecture_id', 'position'])
    .execute();

  await createTable(db, 'attachments')
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('extension', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_by_lecture')
    .on('attachments')
    .columns(['lecture_id', 'position'])
    .execute();

  await createTable(db, 'exams')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('exam_code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('exam'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn(...flag('is_general'))
    .addColumn('duration_minutes', 'integer')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('pass_percentage', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('show_result', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn(...flag('show_detailed_result'))
    .addColumn(...flag('shuffled_answers'))
    .addColumn(...flag('enable_images_answers'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await createTable(db, 'questions')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('answer_explain_text', 'text')
    .addColumn('answer_explain_image', 'text')
    .execute();
  await db.schema
    .createIndex('questions_by_exam')
    .on('questions')
    .columns(['exam_id', 'position'])
    .execute();

  await createTable(db, 'answer_options')
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn(...flag('correct'))
    .execute();
  await db.schema
    .createIndex('answer_options_by_question')
    .on('answer_options')
    .columns(['question_id', 'position'])
    .execute();

  await createTable(db, 'lecture_exams')
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('must_pass'))
    .addColumn(...flag('must_take'))
    .addColumn('alternative_exam_id', 'integer', (c) =>
      c.references('exams.id').onDelete('set null'),
    )
    .addColumn(...flag('navigate_to_alternative'))
    .execute();
  await db.schema
    .createIndex('lecture_exams_by_lecture')
    .on('lecture_exams')
    .columns(['lecture_id', 'position'])
    .execute();

  await createTable(db, 'users')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('set null'))
    .addColumn('avatar_path', 'text')
    .addColumn('group_id', 'integer')
    .addColumn('email_verified_at', 'text')
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wallet_address', 'text', (c) => c.notNull().unique())
    .addColumn('center_name', 'text')
    .addColumn('profile_qr_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_balance_not_negative', sql`balance >= 0`)
    .execute();

  await createTable(db, 'auth_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_by_user').on('auth_tokens').column('user_id').execute();

  await createTable(db, 'wallet_transactions')
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('lecture_id', 'integer', (c) => c.references('lectures.id').onDelete('set null'))
    .addColumn('counterpart_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_transactions_by_user')
    .on('wallet_transactions')
    .columns(['user_id', 'id'])
    .execute();

  await createTable(db, 'paycards')
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hint', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('lecture_id', 'integer', (c) => c.references('lectures.id').onDelete('cascade'))
    .addColumn('expires_at', 'text')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('enrollments')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrollments_pk', ['user_id', 'course_id'])
    .execute();
  await db.schema
    .createIndex('enrollments_by_course')
    .on('enrollments')
    .columns(['course_id', 'user_id'])
    .execute();

  await createTable(db, 'lecture_purchases')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('price_paid', 'integer', (c) => c.notNull())
    .addColumn('pay_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('lecture_purchases_by_user')
    .on('lecture_purchases')
    .columns(['user_id', 'lecture_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'lecture_purchases',
    'enrollments',
    'paycards',
    'wallet_transactions',
    'auth_tokens',
    'users',
    'lecture_exams',
    'answer_options',
    'questions',
    'exams',
    'attachments',
    'videos',
    'lectures',
    'course_teachers',
    'course_categories',
    'course_grades',
    'courses',
    'teachers',
    'categories',
    'grades',
    'settings',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
