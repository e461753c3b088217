import { idParamsSchema } from './courses';
import { devicesChangeResponseSchema, devicesListSchema, signOutDeviceBodySchema } from './devices';
import { staffOneResponse } from './staff';

/**
 * A student's devices and sessions on the student's page (issue 28, ADR 051): leaders read them
 * as they read the rest of the student's page; signing a device or every session out and
 * resetting the devices change the student's account, so they are the admin's, like blocking and
 * the password reset (ADR 029). Each change is audited on the student (`students`). Closed to
 * teachers, as every student page is (ADR 048).
 */

const studentChange = (path: `/staff/students/:id/${string}`) =>
  ({
    method: 'POST',
    path,
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: devicesChangeResponseSchema,
    errors: ['CONFLICT'],
  }) as const;

export const staffStudentDeviceEndpoints = {
  staffListStudentDevices: {
    method: 'GET',
    path: '/staff/students/:id/devices',
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    response: staffOneResponse(devicesListSchema),
  },
  /** One device (or a session without one) signed out and forgotten: its place is free. */
  staffSignOutStudentDevice: {
    ...studentChange('/staff/students/:id/devices/sign-out'),
    body: signOutDeviceBodySchema,
  },
  /** Every session ends; the known devices stay (they sign in again without a new place). */
  staffSignOutStudentEverywhere: studentChange('/staff/students/:id/devices/sign-out-all'),
  /** Every known device forgotten and every session ended: the student starts afresh. */
  staffResetStudentDevices: studentChange('/staff/students/:id/devices/reset'),
} as const;
