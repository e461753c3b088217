import type { FastifyInstance } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import {
  staffResetDevices,
  staffSignOutDevice,
  staffSignOutEverywhere,
  staffStudentDevices,
} from '../auth/devices';
import { actorOf } from './staff-request';

/**
 * A student's devices and sessions (issue 28, ADR 051): the roles come from the contract
 * entries (`staff-student-devices.ts`). Registered by staffRoutes.
 */
export function serveStudentDevices(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const e = endpoints;
  serve(app, e.staffListStudentDevices, async (request) => ({
    data: await staffStudentDevices(db, request.params.id),
  }));
  serve(app, e.staffSignOutStudentDevice, async (request) =>
    staffSignOutDevice(db, await actorOf(request), request.params.id, request.body),
  );
  serve(app, e.staffSignOutStudentEverywhere, async (request) =>
    staffSignOutEverywhere(db, await actorOf(request), request.params.id),
  );
  serve(app, e.staffResetStudentDevices, async (request) =>
    staffResetDevices(db, await actorOf(request), request.params.id),
  );
}
