import { z } from '../zod';
import { idParamsSchema } from './courses';
import { staffListQuery, staffListResponse, staffOneResponse, staffText } from './staff';
import { idSchema } from '../primitives';
import { SUPPORT_TICKET_STATES } from '../entities/support';
import { EXAM_CLIENT_EVENT_KINDS, EXAM_SERVER_EVENT_KINDS } from './exams';
import { staffFilterFlag } from './staff-fields';

/**
 * Staff console, part 2 (issue 13, ADR 031): the support inbox (student and guest tickets,
 * replies, close and reopen) and the sessions of an exam with their scores and a CSV of the
 * results. Leaders and admins.
 */

/** open (waiting for staff), answered (staff wrote last), closed (ADR 039). */
export const SUPPORT_TICKET_STATUSES = SUPPORT_TICKET_STATES;
export const SUPPORT_TICKET_KINDS = ['student', 'guest'] as const;

export const STAFF_SUPPORT_MESSAGES = {
  notFound: 'التذكرة غير موجودة',
  alreadyClosed: 'هذه التذكرة مغلقة بالفعل',
  alreadyOpen: 'هذه التذكرة مفتوحة بالفعل',
  /** The notification a student gets (spec §3 data type `ticket_reply`). */
  replyTitle: 'رد على طلب الدعم',
  replyMailSubject: 'رد على طلب الدعم',
  /** The guest's mail: the follow link (ADR 039). */
  mailFollow: 'لمتابعة المحادثة والرد علينا افتح هذا الرابط:',
  mailClosedNote: 'أُغلقت هذه المحادثة، ويمكنك قراءتها من الرابط نفسه.',
  mailReference: 'رقم الطلب',
} as const;

const staffPerson = z.object({ id: z.number().int(), name: z.string() });

/** A ticket as the inbox lists it: who sent it (the account, or what a guest typed). */
export const staffSupportTicketSchema = z.object({
  id: z.number().int(),
  /** What the sender was told and may quote: `S-00042` (supportReference). */
  reference: z.string(),
  title: z.string(),
  content: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  kind: z.enum(SUPPORT_TICKET_KINDS),
  /** The student's account (null for a guest, or a removed account). */
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  platform: z.string(),
  /** Messages after the opening one, the sender's and the staff's. */
  replies_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: staffPerson.nullable(),
  /** The student's course the ticket is about (ADR 048); null: none said. */
  course: staffPerson.nullable(),
});
export type StaffSupportTicket = z.infer<typeof staffSupportTicketSchema>;

/** Who wrote a message of the thread: a staff member, or the ticket's student or guest. */
export const SUPPORT_MESSAGE_AUTHORS = ['staff', 'student', 'guest'] as const;

export const staffSupportReplySchema = z.object({
  id: z.number().int(),
  author: z.enum(SUPPORT_MESSAGE_AUTHORS),
  /** The writer's name at the time: the staff member's, or the student's or guest's. */
  name: z.string(),
  /**
   * A staff message's writer: the account id (null once the account is removed) and name at
   * the time; null on the sender's own messages.
   */
  staff: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  content: z.string(),
  /** A guest's reply goes by e-mail to this address; a student's is a notification (null). */
  emailed_to: z.string().nullable(),
  created_at: z.string(),
});
export type StaffSupportReply = z.infer<typeof staffSupportReplySchema>;

/** One ticket with its thread (the sender's and the staff's messages), oldest first. */
export const staffSupportTicketDetailSchema = staffSupportTicketSchema.extend({
  replies: z.array(staffSupportReplySchema),
});
export type StaffSupportTicketDetail = z.infer<typeof staffSupportTicketDetailSchema>;

/**
 * `?status=open|answered|closed&kind=student|guest&q=` (q: title, text, name, e-mail or phone,
 * or the reference `S-00042`).
 */
export const staffSupportTicketListQuerySchema = staffListQuery({
  status: z.enum(SUPPORT_TICKET_STATUSES).optional().catch(undefined),
  kind: z.enum(SUPPORT_TICKET_KINDS).optional().catch(undefined),
  /** The tickets about one course. */
  course_id: filterId(),
});

/** A reply; `close: true` closes the ticket with it. */
export const staffSupportReplyBodySchema = z.object({
  content: staffText(5000),
  close: z.boolean({ error: 'اختر نعم أو لا' }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Exam sessions and results

export const EXAM_SESSION_STATES = ['running', 'finished'] as const;

export const staffExamSessionSchema = z.object({
  id: z.number().int(),
  exam: z.object({ id: z.number().int(), name: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** 'student' (submitted) or 'time' (ran out); null while running. */
  finished_by: z.string().nullable(),
  /** null while running. */
  correction_mark: z.number().nullable(),
  total_mark: z.number(),
  /** 0..100 with two decimals; null while running. */
  percentage: z.number().nullable(),
  succeeded: z.boolean().nullable(),
  /** false while an essay answer waits for marks. */
  corrected: z.boolean(),
  /**
   * The integrity record in numbers (ADR 044): times the student left the exam page, openings
   * on another device, from another address. It informs; it blocks nothing.
   */
  integrity: z.object({
    away: z.number().int(),
    other_devices: z.number().int(),
    other_addresses: z.number().int(),
  }),
  /** Which attempt of the student's this is (ADR 047; 1 when the exam allows one). */
  attempt: z.number().int(),
  /** The attempt whose result counts under the exam's rule (every finished one for 'average'). */
  counts: z.boolean(),
  /** Attempts the student may make at the exam: its own number plus any staff granted them. */
  attempts_allowed: z.number().int(),
});
export type StaffExamSession = z.infer<typeof staffExamSessionSchema>;

/** One event of a session's integrity record, the server's time first (ADR 044). */
export const staffExamSessionEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum([...EXAM_CLIENT_EVENT_KINDS, ...EXAM_SERVER_EVENT_KINDS]),
  /** When the server received it (or saw it). */
  created_at: z.string(),
  /** When the device says it happened (offline events arrive later); null for the server's own. */
  client_at: z.string().nullable(),
  /** The address the session was opened from (the server's own events). */
  address: z.string().nullable(),
});
export type StaffExamSessionEvent = z.infer<typeof staffExamSessionEventSchema>;

/**
 * One session's answers as the student saw them (issue 26): its questions in the session's order
 * (drawn ones too), each choice's options in the order shown with the one picked, the marks, and
 * when the answer was last saved.
 */
export const staffSessionAnswersSchema = z.object({
  session: staffExamSessionSchema.omit({ integrity: true }),
  questions: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(['choices', 'truefalse', 'essay']),
      text: z.string(),
      image_url: z.string().nullable(),
      mark: z.number().int(),
      /** Drawn for this session from a bank (ADR 046), not one of the exam's own. */
      drawn: z.boolean(),
      options: z.array(
        z.object({
          id: z.number().int(),
          text: z.string(),
          image_url: z.string().nullable(),
          correct: z.boolean(),
          chosen: z.boolean(),
        }),
      ),
      answer_text: z.string().nullable(),
      /** A signed link to the photographed answer, for staff. */
      answer_image_url: z.string().nullable(),
      /** null: not answered, or an essay waiting for marks. */
      correct: z.boolean().nullable(),
      correction_mark: z.number().nullable(),
      comment: z.string().nullable(),
      /** When the answer was last saved; null when never answered. */
      answered_at: z.string().nullable(),
    }),
  ),
});
export type StaffSessionAnswers = z.infer<typeof staffSessionAnswersSchema>;

function filterId() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined),
    idSchema().optional(),
  );
}

/** `?exam_id=&state=running|finished&q=` (q: the student's name or phone); newest first. */
export const staffExamSessionListQuerySchema = staffListQuery({
  exam_id: filterId(),
  state: z.enum(EXAM_SESSION_STATES).optional().catch(undefined),
  /** true: only sessions whose integrity record has something (left the page, another device or address). */
  flagged: staffFilterFlag(),
  /** true: only each student's counting attempt (ADR 047). */
  counting: staffFilterFlag(),
});

/** The staff calls of this file; `staffEndpoints` spreads them. */
export const staffSupportEndpoints = {
  staffListSupportTickets: {
    method: 'GET',
    path: '/staff/support-tickets',
    auth: 'required',
    staff: 'leader',
    // A teacher's login: the tickets about their own courses (ADR 048).
    teacher: true,
    query: staffSupportTicketListQuerySchema,
    response: staffListResponse(staffSupportTicketSchema),
  },
  staffGetSupportTicket: {
    method: 'GET',
    path: '/staff/support-tickets/:id',
    auth: 'required',
    staff: 'leader',
    // A teacher's login: the tickets about their own courses (ADR 048).
    teacher: true,
    params: idParamsSchema,
    response: staffOneResponse(staffSupportTicketDetailSchema),
  },
  staffReplySupportTicket: {
    method: 'POST',
    path: '/staff/support-tickets/:id/replies',
    auth: 'required',
    staff: 'leader',
    // A teacher's login: the tickets about their own courses (ADR 048).
    teacher: true,
    params: idParamsSchema,
    body: staffSupportReplyBodySchema,
    response: staffOneResponse(staffSupportTicketDetailSchema),
  },
  staffCloseSupportTicket: {
    method: 'POST',
    path: '/staff/support-tickets/:id/close',
    auth: 'required',
    staff: 'leader',
    // A teacher's login: the tickets about their own courses (ADR 048).
    teacher: true,
    params: idParamsSchema,
    response: staffOneResponse(staffSupportTicketDetailSchema),
    errors: ['CONFLICT'],
  },
  staffReopenSupportTicket: {
    method: 'POST',
    path: '/staff/support-tickets/:id/reopen',
    auth: 'required',
    staff: 'leader',
    // A teacher's login: the tickets about their own courses (ADR 048).
    teacher: true,
    params: idParamsSchema,
    response: staffOneResponse(staffSupportTicketDetailSchema),
    errors: ['CONFLICT'],
  },
  staffListExamSessions: {
    method: 'GET',
    path: '/staff/exam-sessions',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    query: staffExamSessionListQuerySchema,
    response: staffListResponse(staffExamSessionSchema),
  },
  staffListExamSessionEvents: {
    method: 'GET',
    path: '/staff/exam-sessions/:id/events',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: staffOneResponse(z.array(staffExamSessionEventSchema)),
    errors: ['NOT_FOUND'],
  },
  staffExamSessionAnswers: {
    method: 'GET',
    path: '/staff/exam-sessions/:id/answers',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: staffOneResponse(staffSessionAnswersSchema),
    errors: ['NOT_FOUND'],
  },
  staffExportItemAnalysis: {
    method: 'GET',
    path: '/staff/exams/:id/item-analysis.csv',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    file: 'text/csv',
  },
  staffExportExamResults: {
    method: 'GET',
    path: '/staff/exams/:id/results.csv',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    file: 'text/csv',
  },
} as const;
