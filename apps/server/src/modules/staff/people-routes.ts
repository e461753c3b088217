import type { FastifyInstance } from 'fastify';
import { requestOrigin } from '../../lib/public-url';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { sendMessage } from '../notifications/message-admin';
import { announcement, putAnnouncement } from '../settings/settings-admin';
import { notFound } from './staff-core';
import {
  grantStudent,
  refundStudent,
  resetStudentPassword,
  studentCourses,
  studentLedger,
  studentPurchases,
  studentRefunds,
  studentSessions,
} from './students-staff';
import { blockStudent, unblockStudent } from '../auth/student-blocking';
import {
  IMPORT_LINKS_JOB,
  createStudent,
  inviteStudent,
  sendImportLinks,
  updateStudent,
} from '../auth/student-accounts';
import { importStudents } from '../roster/student-import';
import { getStudent, listStudents } from '../users/student-admin';
import { actorOf } from './staff-request';

/**
 * Students and messages (issue 13, ADR 029): the roles come from the contract entries
 * (`staff-people.ts`). Registered by staffRoutes.
 */
export function servePeople(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const e = endpoints;
  serve(app, e.staffListStudents, async (request) => listStudents(db, request.query));
  serve(app, e.staffGetStudent, async (request) => {
    const student = await getStudent(db, request.params.id);
    if (!student) throw notFound();
    return { data: student };
  });
  serve(app, e.staffListStudentCourses, async (request) =>
    studentCourses(db, request.params.id, request.query),
  );
  serve(app, e.staffListStudentPurchases, async (request) =>
    studentPurchases(db, request.params.id, request.query),
  );
  serve(app, e.staffListStudentSessions, async (request) =>
    studentSessions(db, request.params.id, request.query),
  );
  serve(app, e.staffListStudentLedger, async (request) =>
    studentLedger(db, request.params.id, request.query),
  );
  serve(app, e.staffResetStudentPassword, async (request) => ({
    data: await resetStudentPassword(ctx, await actorOf(request), request.params.id),
  }));
  serve(app, e.staffBlockStudent, async (request) => ({
    data: await blockStudent(
      db,
      await actorOf(request),
      request.params.id,
      request.body.reason ?? null,
    ),
  }));
  serve(app, e.staffUnblockStudent, async (request) => ({
    data: await unblockStudent(db, await actorOf(request), request.params.id),
  }));
  serve(app, e.staffGrantStudent, async (request) => ({
    data: await grantStudent(db, await actorOf(request), request.params.id, request.body),
  }));
  serve(app, e.staffListStudentRefunds, async (request) =>
    studentRefunds(db, request.params.id, request.query),
  );
  serve(app, e.staffRefundSale, async (request) => ({
    data: await refundStudent(db, await actorOf(request), request.params.id, request.body),
  }));
  // Students added by hand or imported, and their set-password links (issue 28, ADR 052).
  const origin = requestOrigin;
  serve(app, e.staffCreateStudent, async (request) =>
    createStudent(ctx, await actorOf(request), request.body, origin(request)),
  );
  serve(app, e.staffUpdateStudent, async (request) => ({
    data: await updateStudent(db, await actorOf(request), request.params.id, request.body),
  }));
  serve(app, e.staffInviteStudent, async (request) => ({
    data: await inviteStudent(ctx, await actorOf(request), request.params.id, origin(request)),
  }));
  ctx.jobs.work<{ importId: string; origin: string }>(IMPORT_LINKS_JOB, async (job) => {
    await sendImportLinks(ctx, job.data.importId, job.data.origin);
  });
  serve(app, e.staffImportStudents, async (request) => ({
    data: await importStudents(ctx, await actorOf(request), request, origin(request)),
  }));
  serve(app, e.staffSendMessage, async (request) => ({
    data: await sendMessage(db, await actorOf(request), request.body),
  }));
  serve(app, e.staffGetAnnouncement, async () => ({ data: await announcement(db) }));
  serve(app, e.staffPutAnnouncement, async (request) => ({
    data: await putAnnouncement(db, await actorOf(request), request.body.general_announcement),
  }));
}
