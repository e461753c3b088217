import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Staff may approve a mobile-wallet recharge for another amount than the student claimed
  // (the receipt shows less, issue 23, ADR 025 follow-up): what was credited, in piasters (null
  // while pending or rejected; `amount` keeps the claim), and the reviewer's note, required
  // when the two differ.
  await db.schema.alterTable('mobile_payments').addColumn('approved_amount', 'integer').execute();
  await db.schema.alterTable('mobile_payments').addColumn('review_note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mobile_payments').dropColumn('review_note').execute();
  await db.schema.alterTable('mobile_payments').dropColumn('approved_amount').execute();
}
