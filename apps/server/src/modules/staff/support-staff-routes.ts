import type { FastifyPluginAsync } from 'fastify';
import { endpoints, STAFF_MESSAGES, STAFF_SUPPORT_MESSAGES } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { serve } from '../../plugins/endpoint';
import { listExamSessions, sessionEvents } from '../exams/exam-results-admin';
import { sessionAnswers } from '../exams/session-answers-admin';
import { getTicket, listTickets, replyToTicket, setTicketStatus } from '../support/support-admin';
import { actorOf } from './staff-request';
import { teacherScopeOf } from '../../db/teacher-scope';

/**
 * The support inbox and exam sessions (issue 13, ADR 031; the results CSV is in export-routes); registered by
 * staffRoutes. Every route's role comes from its contract entry (leaders and admins).
 */
export const supportStaffRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    const e = endpoints;

    // A teacher's: the tickets about their courses (their scope rules guard the ids, ADR 048).
    serve(app, e.staffListSupportTickets, async (request) =>
      listTickets(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetSupportTicket, async (request) => {
      const ticket = await getTicket(db, request.params.id);
      if (!ticket) throw new AppError('NOT_FOUND', STAFF_SUPPORT_MESSAGES.notFound);
      return { data: ticket };
    });
    serve(app, e.staffReplySupportTicket, async (request) => ({
      data: await replyToTicket(
        ctx,
        await actorOf(request),
        request.params.id,
        request.body,
        // The guest's follow link is on the site the console was opened at (ADR 039).
        `${request.protocol}://${request.host}`,
      ),
    }));
    serve(app, e.staffCloseSupportTicket, async (request) => ({
      data: await setTicketStatus(db, await actorOf(request), request.params.id, 'closed'),
    }));
    serve(app, e.staffReopenSupportTicket, async (request) => ({
      data: await setTicketStatus(db, await actorOf(request), request.params.id, 'open'),
    }));

    serve(app, e.staffListExamSessions, async (request) =>
      listExamSessions(db, request.query, await teacherScopeOf(db, request)),
    );
    // A session's integrity record (ADR 044).
    serve(app, e.staffListExamSessionEvents, async (request) => {
      const events = await sessionEvents(db, request.params.id);
      if (!events) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
      return { data: events };
    });
    // One session's answers as its student saw them (issue 26).
    serve(app, e.staffExamSessionAnswers, async (request) => {
      const answers = await sessionAnswers(ctx, request.params.id);
      if (!answers) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
      return { data: answers };
    });
  };
