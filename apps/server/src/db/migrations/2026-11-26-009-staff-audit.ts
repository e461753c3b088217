import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Every change a staff member makes through the staff API (ADR 022): who, when, what, and the
  // row before and after as JSON. Rows are only ever added; a deleted staff account keeps its
  // entries (user_id set null, the name kept).
  await createTable(db, 'staff_audit_log')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    /** 'create', 'update', 'delete', 'reorder', 'upload', 'login'… */
    .addColumn('action', 'text', (c) => c.notNull())
    /** The API's resource name: 'courses', 'settings'… */
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Admins read it newest first, by staff member or by resource.
  await db.schema
    .createIndex('staff_audit_log_by_time')
    .on('staff_audit_log')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('staff_audit_log_by_user')
    .on('staff_audit_log')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_audit_log_by_resource')
    .on('staff_audit_log')
    .columns(['resource', 'resource_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_audit_log').ifExists().execute();
}
