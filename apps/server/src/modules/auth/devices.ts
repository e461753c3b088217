import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  DEVICE_MESSAGES as M,
  deviceLimitMessage,
  type DevicesChangeResponse,
  type DevicesList,
  type SignInDevice,
  type SignOutDeviceBody,
} from '@dars/contract';
import { conflict, writeAudit, type Actor } from '../../db/audited-change';
import type { AuthTokensTable, DB, StudentDevicesTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sessionCutoffs } from '../../lib/session-lifetime';
import { hashToken } from '../../lib/tokens';
import type { SignInFrom } from '../../plugins/client-headers';
import { getSetting } from '../settings/settings-service';
import { requireStudent } from '../users/student-admin';
import { lockStudent } from '../wallet/ledger';
import { deviceName } from './user-agent';

// A student's devices (issue 28, ADR 051). A device is the hash of the id the app keeps on it
// (App-Device); it stays known after signing out, so the same phone signs in again without
// taking a new place under the school's limit. A place is freed when the student signs the
// device out from their list, or staff reset the devices. A session of an app that sends no
// id is its own device while it lasts. Staff accounts have no devices.

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The school's limit of devices per student, or null when there is none (the setting empty or
 * 0, the default).
 * @example if ((await deviceLimit(db)) !== null) …
 */
export async function deviceLimit(db: Db): Promise<number | null> {
  const limit = await getSetting(db, 'max_devices_per_student');
  return limit !== null && limit > 0 ? limit : null;
}

/** The student's live sessions, newest first (dead ones are not shown and take no place). */
function liveSessions(db: Db, userId: number) {
  const cutoff = sessionCutoffs();
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>', cutoff.created)
    .where('last_used_at', '>', cutoff.used)
    .orderBy('id', 'desc')
    .execute();
}

/** Places the student uses: their known devices and their live sessions without a device. */
async function placesUsed(db: Db, userId: number): Promise<number> {
  const cutoff = sessionCutoffs();
  const devices = await db
    .selectFrom('student_devices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const loose = await db
    .selectFrom('auth_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('device_id', 'is', null)
    .where('created_at', '>', cutoff.created)
    .where('last_used_at', '>', cutoff.used)
    .executeTakeFirstOrThrow();
  return Number(devices.n) + Number(loose.n);
}

/**
 * The device a student signs in on, in the sign-in's transaction: a device they have is signed
 * in again (its older sessions end: one session per device, so a copied id cannot keep two
 * people in at once); a new one is added unless the school's limit is reached, which is a 403
 * DEVICE_LIMIT_REACHED naming what to do. With a limit the check runs under the student's lock,
 * so two sign-ins on two new devices at once cannot both take the last place. Answers the
 * device's id; null for an app that sends no device id (its session counts as a device).
 */
export async function claimDevice(
  trx: Transaction<DB>,
  userId: number,
  from: SignInFrom,
  now: string,
): Promise<number | null> {
  const limit = await deviceLimit(trx);
  if (limit !== null) await lockStudent(trx, userId);
  const hash = from.device ? hashToken(from.device) : null;
  const known = hash
    ? await trx
        .selectFrom('student_devices')
        .select('id')
        .where('user_id', '=', userId)
        .where('device_hash', '=', hash)
        .executeTakeFirst()
    : undefined;
  if (!known && limit !== null && (await placesUsed(trx, userId)) >= limit) {
    throw new AppError('DEVICE_LIMIT_REACHED', deviceLimitMessage(limit));
  }
  if (hash === null) return null;
  const seen = {
    platform: from.platform,
    app_version: from.version,
    user_agent: from.userAgent,
    last_seen_at: now,
    last_ip: from.ip,
  };
  // An upsert: without a limit nothing holds the student's lock, and the same new device may
  // sign in twice at once.
  const row = await trx
    .insertInto('student_devices')
    .values({ user_id: userId, device_hash: hash, first_seen_at: now, ...seen })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet(seen))
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('auth_tokens').where('device_id', '=', row.id).execute();
  return row.id;
}

type DeviceRow = Selectable<StudentDevicesTable>;
type SessionRow = Selectable<AuthTokensTable>;

const later = (a: string, b: string) => (a > b ? a : b);

function entry(
  device: DeviceRow | null,
  session: SessionRow | undefined,
  currentTokenId: number | null,
  current: boolean,
): SignInDevice {
  const platform = session?.platform ?? device?.platform ?? 'web';
  const name = deviceName(
    device?.user_agent ?? session?.user_agent ?? null,
    platform === 'android' || platform === 'ios',
  );
  const firstSeen = device?.first_seen_at ?? session!.created_at;
  const lastSeen = session
    ? later(session.last_used_at, device?.last_seen_at ?? '')
    : device!.last_seen_at;
  return {
    device_id: device?.id ?? null,
    session_id: session?.id ?? null,
    platform,
    app_version: session?.app_version ?? device?.app_version ?? null,
    ...name,
    first_seen_at: firstSeen,
    last_seen_at: lastSeen,
    signed_in_ip: session?.created_ip ?? null,
    last_ip: session?.last_ip ?? device?.last_ip ?? null,
    signed_in: session !== undefined,
    current: current || (currentTokenId !== null && session?.id === currentTokenId),
  };
}

/**
 * The student's devices and sessions, with the school's limit: each known device (with its
 * newest live session, if signed in) and each live session without a device. The one asking
 * (`currentTokenId`) first, then those signed in, then by last use.
 * @example await listDevices(db, user.id, tokenId)
 */
export async function listDevices(
  db: Db,
  userId: number,
  currentTokenId: number | null,
): Promise<DevicesList> {
  // One after another: in a transaction they share one connection.
  const devices = await db
    .selectFrom('student_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const sessions = await liveSessions(db, userId);
  const limit = await deviceLimit(db);
  const currentDevice = sessions.find((s) => s.id === currentTokenId)?.device_id ?? null;
  const list = [
    ...devices.map((d) =>
      entry(
        d,
        sessions.find((s) => s.device_id === d.id),
        currentTokenId,
        d.id === currentDevice,
      ),
    ),
    ...sessions
      .filter((s) => s.device_id === null)
      .map((s) => entry(null, s, currentTokenId, false)),
  ];
  list.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Number(b.signed_in) - Number(a.signed_in) ||
      b.last_seen_at.localeCompare(a.last_seen_at) ||
      (b.session_id ?? 0) - (a.session_id ?? 0),
  );
  return { max_devices: limit, used: list.length, devices: list };
}

/**
 * Signs one device out and forgets it (its sessions end with it: a foreign key's cascade), or,
 * for a session without a device, ends that session; a session of a device names the device.
 * 404 when the student has no such device or session.
 */
async function signOutOne(trx: Db, userId: number, target: SignOutDeviceBody): Promise<void> {
  let deviceId = target.device_id ?? null;
  if (target.session_id !== undefined) {
    const session = await trx
      .selectFrom('auth_tokens')
      .select(['id', 'device_id'])
      .where('id', '=', target.session_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!session) throw new AppError('NOT_FOUND', M.missing);
    if (session.device_id === null) {
      await trx.deleteFrom('auth_tokens').where('id', '=', session.id).execute();
      return;
    }
    deviceId = session.device_id;
  }
  const gone = await trx
    .deleteFrom('student_devices')
    .where('id', '=', deviceId!)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw new AppError('NOT_FOUND', M.missing);
}

/**
 * POST /profile/devices/sign-out: the student signs one of their devices out; its place under
 * the limit is free.
 */
export async function signOutDevice(
  db: Kysely<DB>,
  userId: number,
  currentTokenId: number,
  target: SignOutDeviceBody,
): Promise<DevicesChangeResponse> {
  await db.transaction().execute((trx) => signOutOne(trx, userId, target));
  return { message: M.signedOut, data: await listDevices(db, userId, currentTokenId) };
}

/**
 * POST /profile/devices/sign-out-others: every device and session but the one asking is signed
 * out and forgotten; 409 when there is no other.
 */
export async function signOutOtherDevices(
  db: Kysely<DB>,
  userId: number,
  currentTokenId: number,
): Promise<DevicesChangeResponse> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('auth_tokens')
      .select('device_id')
      .where('id', '=', currentTokenId)
      .executeTakeFirst();
    let devices = trx.deleteFrom('student_devices').where('user_id', '=', userId);
    if (current?.device_id != null) devices = devices.where('id', '!=', current.device_id);
    const forgotten = await devices.executeTakeFirst();
    const ended = await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', userId)
      .where('id', '!=', currentTokenId)
      .executeTakeFirst();
    if (Number(forgotten.numDeletedRows) + Number(ended.numDeletedRows) === 0)
      throw conflict(M.noOthers);
  });
  return { message: M.signedOutOthers, data: await listDevices(db, userId, currentTokenId) };
}

/**
 * A staff change of a student's devices (ADR 051): in one transaction with its audit row, the
 * list before and after; 404 for no student.
 */
async function staffChange(
  db: Kysely<DB>,
  actor: Actor,
  studentId: number,
  action: string,
  message: string,
  work: (trx: Transaction<DB>) => Promise<void>,
): Promise<DevicesChangeResponse> {
  return db.transaction().execute(async (trx) => {
    await requireStudent(trx, studentId);
    const before = await listDevices(trx, studentId, null);
    await work(trx);
    const after = await listDevices(trx, studentId, null);
    await writeAudit(trx, actor, {
      action,
      resource: 'students',
      resourceId: studentId,
      before: before.devices,
      after: after.devices,
    });
    return { message, data: after };
  });
}

/** GET /staff/students/:id/devices: the student's list (404 for no student). */
export async function staffStudentDevices(db: Kysely<DB>, studentId: number): Promise<DevicesList> {
  await requireStudent(db, studentId);
  return listDevices(db, studentId, null);
}

/** Staff sign one device (or a session without one) out and forget it. */
export function staffSignOutDevice(
  db: Kysely<DB>,
  actor: Actor,
  studentId: number,
  target: SignOutDeviceBody,
): Promise<DevicesChangeResponse> {
  return staffChange(db, actor, studentId, 'sign_out_device', M.signedOut, (trx) =>
    signOutOne(trx, studentId, target),
  );
}

/**
 * Staff end every session of the student; the known devices stay known, so the student signs
 * in again on them without a new place. 409 when none is signed in.
 */
export function staffSignOutEverywhere(
  db: Kysely<DB>,
  actor: Actor,
  studentId: number,
): Promise<DevicesChangeResponse> {
  return staffChange(db, actor, studentId, 'sign_out_all', M.signedOutAll, async (trx) => {
    const ended = await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', studentId)
      .executeTakeFirst();
    if (Number(ended.numDeletedRows) === 0) throw conflict(M.noSessions);
  });
}

/**
 * Staff reset the student's devices: every known device is forgotten and every session ends,
 * so the student signs in afresh on the devices they choose. 409 when there is nothing.
 */
export function staffResetDevices(
  db: Kysely<DB>,
  actor: Actor,
  studentId: number,
): Promise<DevicesChangeResponse> {
  return staffChange(db, actor, studentId, 'reset_devices', M.reset, async (trx) => {
    const forgotten = await trx
      .deleteFrom('student_devices')
      .where('user_id', '=', studentId)
      .executeTakeFirst();
    const ended = await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', studentId)
      .executeTakeFirst();
    if (Number(forgotten.numDeletedRows) + Number(ended.numDeletedRows) === 0)
      throw conflict(M.nothingToReset);
  });
}
