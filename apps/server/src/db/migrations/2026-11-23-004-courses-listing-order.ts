import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // The list's whole order, newest first with the id breaking ties (ADR 010). SQLite's old
  // (published, created_at) index already ended in the rowid; PostgreSQL's did not, so it sorted
  // each page again (an incremental sort) and could not answer the keyset start or the skipped
  // rows of a page by number from the index alone (6.5 ms for page 400 by number, 1.0 ms now).
  await db.schema.dropIndex('courses_listing').ifExists().execute();
  await db.schema
    .createIndex('courses_listing_order')
    .on('courses')
    .columns(['published', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('courses_listing_order').ifExists().execute();
  await db.schema
    .createIndex('courses_listing')
    .on('courses')
    .columns(['published', 'created_at'])
    .execute();
}
