import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  staffAccountCreateSchema,
  staffAccountListQuerySchema,
  staffAccountUpdateSchema,
} from '@dars/contract';
import {
  STAFF_GROUP_IDS,
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffAccount,
  type StaffMemberRole,
} from '@dars/contract';
import { staffRoleOf } from '../../plugins/staff-role';
import type { UsersTable } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { insertUser } from './auth-service';
import { revokeAllTokens } from './session-tokens';
import { inviteInTransaction, waitingInvitations } from './staff-invitations';
import { newToken } from '../../lib/tokens';
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
const STAFF_GROUPS = [STAFF_GROUP_IDS.admin, STAFF_GROUP_IDS.leader, STAFF_GROUP_IDS.teacher];

/** The accounts' rows with the teacher profile each teacher's login works as (ADR 048). */
async function views(db: Db | Trx, rows: Row[]): Promise<StaffAccount[]> {
  const links =
    rows.length === 0
      ? []
      : await db
          .selectFrom('teacher_logins')
          .selectAll()
          .where(
            'user_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  const teacherOf = new Map(links.map((l) => [l.user_id, l.teacher_id]));
  const invitations = await waitingInvitations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const role = staffRoleOf(row.group_id) ?? 'leader';
    return {
      id: row.id,
      name: row.name,
      // A staff account always has one (created and invited by it); only students may lack it.
      email: row.email ?? '',
      phone: row.phone,
      role,
      teacher_id: role === 'teacher' ? (teacherOf.get(row.id) ?? null) : null,
      invitation_expires_at: invitations.get(row.id) ?? null,
      created_at: row.created_at,
    };
  });
}

export async function getAccount(db: Db | Trx, id: number): Promise<StaffAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('group_id', 'in', STAFF_GROUPS)
    .executeTakeFirst();
  return row ? (await views(db, [row]))[0] : undefined;
}

/**
 * A teacher's login works as one teacher profile (ADR 048): 422 on `teacher_id` when a teacher
 * is left without one or it names no teacher; the link written, or removed for another role.
 */
async function linkTeacher(
  trx: Trx,
  userId: number,
  role: StaffMemberRole,
  teacherId: number | null | undefined,
  current: number | null,
): Promise<void> {
  if (role !== 'teacher') {
    await trx.deleteFrom('teacher_logins').where('user_id', '=', userId).execute();
    return;
  }
  const teacher = teacherId ?? current;
  if (teacher === null) throw fieldError('teacher_id', STAFF_MESSAGES.teacherRequired);
  const found = await trx
    .selectFrom('teachers')
    .select('id')
    .where('id', '=', teacher)
    .executeTakeFirst();
  if (!found) throw fieldError('teacher_id', VALIDATION_MESSAGES.choice);
  if (teacher === current) return;
  await trx.deleteFrom('teacher_logins').where('user_id', '=', userId).execute();
  await trx.insertInto('teacher_logins').values({ user_id: userId, teacher_id: teacher }).execute();
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
  return { data: await views(db, rows), meta: { total } };
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
 * its group. Used by the API and by `npm run staff -- create-admin`. Without a password the
 * account is invited (ADR 048): its password is a random one nobody knows until the
 * invitation's link sets it, and `invitation` carries the link's token for the caller to mail.
 */
export async function createAccount(
  db: Db,
  actor: Actor | null,
  body: z.output<typeof staffAccountCreateSchema>,
): Promise<StaffAccount & { invitation?: { token: string } }> {
  const passwordHash = await hashPassword(body.password ?? newToken());
  let invitation: { token: string } | undefined;
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
      await linkTeacher(trx, user.id, body.role, body.teacher_id, null);
      if (body.password === undefined) invitation = await inviteInTransaction(trx, user.id);
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
  return invitation ? { ...after!, invitation: { token: invitation.token } } : after!;
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
      const role = body.role ?? before!.role;
      if (before!.role === 'admin' && role !== 'admin' && (await adminsLeft(trx, id)) === 0) {
        throw conflict(STAFF_MESSAGES.lastAdmin);
      }
      await linkTeacher(trx, id, role, body.teacher_id, before!.teacher_id);
      const values = defined({
        name: body.name,
        email: body.email,
        phone: body.phone,
        password_hash: passwordHash,
        group_id: body.role === undefined ? undefined : STAFF_GROUP_IDS[body.role],
      });
      if (Object.keys(values).length > 0) {
        await trx
          .updateTable('users')
          .set({ ...values, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
      }
      // A new password, another role or another teacher signs the account out everywhere.
      const moved = body.teacher_id != null && body.teacher_id !== before!.teacher_id;
      if (passwordHash !== undefined || (body.role && body.role !== before!.role) || moved) {
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
      await trx.deleteFrom('teacher_logins').where('user_id', '=', id).execute();
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
    // An admin works as no teacher profile.
    await trx.deleteFrom('teacher_logins').where('user_id', '=', user.id).execute();
    await writeAudit(trx, actor, {
      action: 'update',
      resource: 'accounts',
      resourceId: user.id,
      before: { role: staffRoleOf(user.group_id) },
      after: { role: 'admin' },
    });
  });
}
