import type { FastifyRequest } from 'fastify';
import {
  STAFF_GROUP_IDS,
  STAFF_MESSAGES,
  type StaffMemberRole,
  type StaffRole,
} from '@dars/contract';
import { AppError } from '../lib/app-error';

/** The staff role of a users row's group_id, or null for a student. */
export function staffRoleOf(groupId: number | null): StaffMemberRole | null {
  if (groupId === STAFF_GROUP_IDS.admin) return 'admin';
  if (groupId === STAFF_GROUP_IDS.leader) return 'leader';
  if (groupId === STAFF_GROUP_IDS.teacher) return 'teacher';
  return null;
}

/**
 * The onRequest hook of a staff call (ADR 022), after the bearer token's: a student gets 403,
 * and so does a leader on a call only admins make, and a teacher on any call the contract does
 * not open to teachers (ADR 048: closed unless marked, so a call added later is not opened by
 * accident). Runs before the body is read.
 * @example serve(app, endpoints.staffGetSettings, …) // adds requireStaffRole('admin') itself
 */
export function requireStaffRole(least: StaffRole, openToTeachers = false) {
  return async function staffRole(request: FastifyRequest): Promise<void> {
    const role = staffRoleOf((await request.requireUser()).group_id);
    if (role === null) throw new AppError('FORBIDDEN', STAFF_MESSAGES.notStaff);
    // A call opened to teachers may be an admin's otherwise (a teacher's own statement).
    if (role === 'teacher') {
      if (!openToTeachers) throw new AppError('FORBIDDEN', STAFF_MESSAGES.forbidden);
      return;
    }
    if (least === 'admin' && role !== 'admin') {
      throw new AppError('FORBIDDEN', STAFF_MESSAGES.forbidden);
    }
  };
}
