import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A blocked student (ADR 029): signed out everywhere at once and refused at sign-in until an
  // admin unblocks the account. The reason is for staff only.
  await db.schema.alterTable('users').addColumn('blocked_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('blocked_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('blocked_by', 'integer').execute();

  // A course or lecture an admin granted without payment: the staff member who granted it (the
  // lecture purchase also says pay_by 'grant'). Null for a student's own join or purchase.
  await db.schema.alterTable('enrollments').addColumn('granted_by', 'integer').execute();
  await db.schema.alterTable('lecture_purchases').addColumn('granted_by', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lecture_purchases').dropColumn('granted_by').execute();
  await db.schema.alterTable('enrollments').dropColumn('granted_by').execute();
  await db.schema.alterTable('users').dropColumn('blocked_by').execute();
  await db.schema.alterTable('users').dropColumn('blocked_reason').execute();
  await db.schema.alterTable('users').dropColumn('blocked_at').execute();
}
