import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(_db: Kysely<any>): Promise<void> {
  // Reserved for issue 10; filled in the same session, before any release.
}

export async function down(_db: Kysely<any>): Promise<void> {}
