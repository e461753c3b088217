import {
  Migrator,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import * as initial from './migrations/2026-11-22-001-initial';
import * as accounts from './migrations/2026-11-22-002-accounts';
import * as videoViews from './migrations/2026-11-22-003-video-views';
import * as sessions from './migrations/2026-11-23-003-sessions';
import * as coursesListingOrder from './migrations/2026-11-23-004-courses-listing-order';
import * as catalogVersion from './migrations/2026-11-23-005-catalog-version';
import * as examSessions from './migrations/2026-11-23-006-exam-sessions';
import * as mobilePayments from './migrations/2026-11-23-007-mobile-payments';
import * as paymentOrders from './migrations/2026-11-23-008-payment-orders';
import * as staffAudit from './migrations/2026-11-26-009-staff-audit';
import * as studentBlocks from './migrations/2026-11-26-010-student-blocks-and-grants';
import * as paycardBatches from './migrations/2026-11-26-011-paycard-batches';
import * as supportReplies from './migrations/2026-11-26-012-support-replies';
import * as courseSalesAndCash from './migrations/2026-11-28-013-course-sales-and-cash';
import * as approvedAmounts from './migrations/2026-11-28-014-recharge-approved-amounts';
import * as supportConversation from './migrations/2026-11-29-015-support-conversation';
import * as replyNotifications from './migrations/2026-11-29-016-reply-notifications';
import * as examAccommodations from './migrations/2026-11-29-017-exam-accommodations';
import * as examQuestionOrder from './migrations/2026-11-29-018-exam-question-order';
import * as examSessionEvents from './migrations/2026-11-29-019-exam-session-events';
import * as regradeKeptAccess from './migrations/2026-11-29-020-regrade-kept-access';
import * as questionBanks from './migrations/2026-11-29-021-question-banks';
import * as examAttempts from './migrations/2026-11-30-022-exam-attempts';
import * as teacherLogins from './migrations/2026-11-30-023-teacher-logins';
import * as teacherShares from './migrations/2026-11-30-024-teacher-shares';
import * as refunds from './migrations/2026-11-30-025-refunds';
import * as supportCourse from './migrations/2026-11-30-026-support-course';
import * as devices from './migrations/2026-11-30-027-devices';
import * as studentsImport from './migrations/2026-11-30-028-students-import';
import * as messages from './migrations/2026-11-30-029-messages';
import * as progress from './migrations/2026-11-30-030-progress';
import * as videoLadders from './migrations/2026-11-30-031-video-ladders';

// A static list (not a folder scan) so migrations work the same from source, tests and bundles.
const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-accounts': accounts,
  '2026-11-22-003-video-views': videoViews,
  '2026-11-23-003-sessions': sessions,
  '2026-11-23-004-courses-listing-order': coursesListingOrder,
  '2026-11-23-005-catalog-version': catalogVersion,
  '2026-11-23-006-exam-sessions': examSessions,
  '2026-11-23-007-mobile-payments': mobilePayments,
  '2026-11-23-008-payment-orders': paymentOrders,
  '2026-11-26-009-staff-audit': staffAudit,
  '2026-11-26-010-student-blocks-and-grants': studentBlocks,
  '2026-11-26-011-paycard-batches': paycardBatches,
  '2026-11-26-012-support-replies': supportReplies,
  '2026-11-28-013-course-sales-and-cash': courseSalesAndCash,
  '2026-11-28-014-recharge-approved-amounts': approvedAmounts,
  '2026-11-29-015-support-conversation': supportConversation,
  '2026-11-29-016-reply-notifications': replyNotifications,
  '2026-11-29-017-exam-accommodations': examAccommodations,
  '2026-11-29-018-exam-question-order': examQuestionOrder,
  '2026-11-29-019-exam-session-events': examSessionEvents,
  '2026-11-29-020-regrade-kept-access': regradeKeptAccess,
  '2026-11-29-021-question-banks': questionBanks,
  '2026-11-30-022-exam-attempts': examAttempts,
  '2026-11-30-023-teacher-logins': teacherLogins,
  '2026-11-30-024-teacher-shares': teacherShares,
  '2026-11-30-025-refunds': refunds,
  '2026-11-30-026-support-course': supportCourse,
  '2026-11-30-027-devices': devices,
  '2026-11-30-028-students-import': studentsImport,
  '2026-11-30-029-messages': messages,
  '2026-11-30-030-progress': progress,
  '2026-11-30-031-video-ladders': videoLadders,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; throws if any migration fails.
 * @example await migrateToLatest(db)
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const schema = await migrationTableSchemaOf(db);
  const migrator = new Migrator({
    db: schema === undefined ? db : lookingInto(db, schema),
    provider,
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Kysely looks for its bookkeeping tables by reading every table of every schema and asking
 * PostgreSQL about each schema by name: a schema someone else drops meanwhile (several schools
 * or test files in one database) failed that look with "schema … does not exist" before
 * anything was migrated. The migrator gets the same database whose look reads our schema only,
 * by its catalogue ids, not by names.
 */
function lookingInto(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => [{ name: schema }],
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      // Kysely's methods read its private fields: they run on the database itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * On PostgreSQL, the schema our search_path points at. Kysely looks for its bookkeeping tables
 * in every schema unless told which one: a fresh schema in a database where another schema
 * already has them (tests run one schema per file, side by side) would skip creating its own
 * and then fail on them. SQLite has one schema, so nothing is needed there.
 */
async function migrationTableSchemaOf(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
