import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  staffAccountCreateSchema,
  staffAccountListQuerySchema,
  staffAccountUpdateSchema,
} from '@dars/contract';
import { STAFF_GROUP_IDS, STAFF_MESSAGES, type StaffAccount, type StaffRole } from '@dars/contract';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { insertUser } from './auth-service';
import { revokeAllTokens } from './session-tokens';
import {
  change,
  conflict,
  writeAudit,
  type Actor,
  type Db,
  type Trx,
} from '../../db/audited-change';
import { countOf, defined, likePattern, listPage } from '../../db/list-page';
import { sql } from 'kysely';

type Row = Selectable<UsersTable>;
const STAFF_GROUPS = [STAFF_GROUP_IDS.admin, STAFF_GROUP_IDS.leader];

function view(row: Row): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.group_id === STAFF_GROUP_IDS.admin ? 'admin' : 'leader',
    created_at: row.created_at,
  };
}

export async function getAccount(db: Db | Trx, id: number): Promise<StaffAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('group_id', 'in', STAFF_GROUPS)
    .executeTakeFirst();
  return row ? view(row) : undefined;
}

export async function listAccounts(db: Db, query: z.output<typeof staffAccountListQuerySchema>) {
  let base = db.selectFrom('users').where('group_id', 'in', STAFF_GROUPS);
  if (query.role) base = base.where('group_id', '=', STAFF_GROUP_IDS[query.role]);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(email) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const sortable = ['id', 'name', 'email', 'created_at'] as const;
  const { rows, total } = await listPage(base, query, sortable, 'id');
  return { data: rows.map(view), meta: { total } };
}

/** A taken e-mail or phone as a 422 on its field. */
async function takenFields(
  trx: Db | Trx,
  values: { email?: string | undefined; phone?: string | undefined },
  exceptId: number | null,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const field of ['email', 'phone'] as const) {
    const value = values[field];
    if (value === undefined) continue;
    let q = trx.selectFrom('users').select('id').where(field, '=', value);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      errors[field] = [field === 'email' ? STAFF_MESSAGES.emailTaken : STAFF_MESSAGES.phoneTaken];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0], errors);
  }
}

async function adminsLeft(trx: Trx, exceptId: number): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', STAFF_GROUP_IDS.admin)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return countOf(row);
}

/**
 * A new staff account (or a staff role for nobody yet): the users row every account is, with
 * its group. Used by the API and by `npm run staff -- create-admin`.
 */
export async function createAccount(
  db: Db,
  actor: Actor | null,
  body: z.output<typeof staffAccountCreateSchema>,
): Promise<StaffAccount> {
  const passwordHash = await hashPassword(body.password);
  const write = async (trx: Trx) => {
    await takenFields(trx, body, null);
    try {
      const user = await insertUser(trx, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        passwordHash,
        gradeId: null,
        emailVerifiedAt: nowIso(),
      });
      await trx
        .updateTable('users')
        .set({ group_id: STAFF_GROUP_IDS[body.role] })
        .where('id', '=', user.id)
        .execute();
      return user.id;
    } catch (error) {
      if (isUniqueViolation(error)) await takenFields(db, body, null);
      throw error;
    }
  };
  // The command line has no account of its own: its rows name it.
  const system: Actor = { id: null, name: 'سطر الأوامر', groupId: STAFF_GROUP_IDS.admin };
  const { after } = await change(
    db,
    actor ?? system,
    { resource: 'accounts', action: 'create' },
    getAccount,
    write,
  );
  return after!;
}

export async function updateAccount(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffAccountUpdateSchema>,
): Promise<StaffAccount> {
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const { after } = await change(
    db,
    actor,
    { resource: 'accounts', action: 'update', id },
    getAccount,
    async (trx, before) => {
      await takenFields(trx, body, id);
      if (before!.role === 'admin' && body.role === 'leader' && (await adminsLeft(trx, id)) === 0) {
        throw conflict(STAFF_MESSAGES.lastAdmin);
      }
      const values = defined({
        name: body.name,
        email: body.email,
        phone: body.phone,
        password_hash: passwordHash,
        group_id: body.role === undefined ? undefined : STAFF_GROUP_IDS[body.role as StaffRole],
      });
      if (Object.keys(values).length > 0) {
        await trx
          .updateTable('users')
          .set({ ...values, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
      }
      // A new password or a lower role signs the account out everywhere.
      if (passwordHash !== undefined || (body.role && body.role !== before!.role)) {
        await revokeAllTokens(trx, id);
      }
      return id;
    },
  );
  return after!;
}

/**
 * Takes the staff role away (the users row stays: a ledger or an audit row may name it) and
 * ends its sessions. The last admin cannot be removed (409).
 */
export async function deleteAccount(db: Db, actor: Actor, id: number): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'accounts', action: 'delete', id },
    getAccount,
    async (trx, before) => {
      if (before!.role === 'admin' && (await adminsLeft(trx, id)) === 0) {
        throw conflict(STAFF_MESSAGES.lastAdmin);
      }
      await trx
        .updateTable('users')
        .set({ group_id: null, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await revokeAllTokens(trx, id);
      return id;
    },
  );
}

/**
 * `npm run staff -- create-admin` on an account that exists: it becomes an admin (its password
 * changes only when a hash is given), audited as the command line's change of its role.
 */
export async function promoteToAdmin(
  db: Db,
  actor: Actor,
  user: { id: number; group_id: number | null },
  passwordHash: string | null,
): Promise<void> {
  const set: { group_id: number; updated_at: string; password_hash?: string } = {
    group_id: STAFF_GROUP_IDS.admin,
    updated_at: nowIso(),
  };
  if (passwordHash) set.password_hash = passwordHash;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(set).where('id', '=', user.id).execute();
    await writeAudit(trx, actor, {
      action: 'update',
      resource: 'accounts',
      resourceId: user.id,
      before: { role: user.group_id === 2 ? 'leader' : user.group_id === 1 ? 'admin' : null },
      after: { role: 'admin' },
    });
  });
}
