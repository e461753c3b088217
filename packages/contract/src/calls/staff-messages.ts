import { z } from '../zod';
import { idParamsSchema } from './courses';
import {
  staffDeletedResponseSchema,
  staffListQuery,
  staffListResponse,
  staffOneResponse,
  staffOptionalText,
  staffText,
} from './staff';
import { idSchema } from '../primitives';
import { egyptianMobileSchema, VALIDATION_MESSAGES } from '../fields';

/**
 * Text messages to phones, by SMS and WhatsApp (issue 28, ADR 053): a message from staff to
 * the parents of one student, a grade or a course; the list of every message with its delivery
 * state, and a retry of one that failed; the phones that asked for no more messages. Admins
 * only, as the students' notifications are (ADR 029).
 */

export const STAFF_PHONE_MESSAGES = {
  audienceTarget: 'اختر من تصلهم الرسالة: طالب أو صف دراسي أو دورة',
  noParents: 'لا يوجد في هذه الفئة طالب مسجَّل له رقم ولي أمر',
  noChannel: 'إرسال الرسائل غير متاح على هذا الخادم: لم تُضبط خدمة واتساب ولا خدمة الرسائل القصيرة',
  channel: 'اختر طريقة الإرسال: واتساب أو رسالة نصية',
  notFailed: 'لا يُعاد إلا إرسال رسالة لم تصل',
  optedOut: 'صاحب هذا الرقم طلب إيقاف الرسائل، فلن تُرسل إليه',
  alreadyOptedOut: 'هذا الرقم موقوفة عنه الرسائل بالفعل',
} as const;
const M = STAFF_PHONE_MESSAGES;

const staffId = idSchema(VALIDATION_MESSAGES.choice);

export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS, { error: M.channel });
export const MESSAGE_STATES = ['queued', 'sent', 'delivered', 'failed'] as const;
export const MESSAGE_TEMPLATES = [
  'exam_result',
  'weekly_summary',
  'staff_message',
  'student_invitation',
] as const;
export const PARENT_AUDIENCES = ['student', 'grade', 'course'] as const;

/** A message as the console lists it. */
export const staffPhoneMessageSchema = z.object({
  id: z.number().int(),
  /** The number in its local form, 01XXXXXXXXX. */
  phone: z.string(),
  /** Whose phone: the student's parent, or the student. */
  recipient: z.enum(['parent', 'student']),
  student: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** Who carried it: 'whatsapp', 'cequens' or 'sandbox'; null until it went. */
  provider: z.string().nullable(),
  template: z.enum(MESSAGE_TEMPLATES),
  body: z.string(),
  state: z.enum(MESSAGE_STATES),
  /** Calls made to the provider for it. */
  attempts: z.number().int(),
  /** Why it did not go (Arabic), or the last attempt's error while it is retried. */
  error: z.string().nullable(),
  /** The staff member who sent it; null when the platform did. */
  sent_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type StaffPhoneMessage = z.infer<typeof staffPhoneMessageSchema>;

function filterOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => ((values as readonly unknown[]).includes(v) ? v : undefined),
    z.enum(values).optional(),
  );
}

/** `q` matches the number, the student's name or the text; `state`, `template`, `student_id` filter. */
export const staffPhoneMessageListQuerySchema = staffListQuery({
  state: filterOf(MESSAGE_STATES),
  template: filterOf(MESSAGE_TEMPLATES),
  student_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined),
    staffId.optional(),
  ),
});

/**
 * POST /staff/parent-messages: a message to the parents of one student, a grade's students or
 * a course's students (each student's parent phone once). `channel`: the school's default when
 * omitted (WhatsApp when it is set up).
 */
export const staffParentMessageBodySchema = z
  .object({
    audience: z.enum(PARENT_AUDIENCES, { error: M.audienceTarget }),
    student_id: staffId.optional(),
    grade_id: staffId.optional(),
    course_id: staffId.optional(),
    content: staffText(600),
    channel: messageChannelSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const needs = { student: 'student_id', grade: 'grade_id', course: 'course_id' } as const;
    const field = needs[body.audience];
    if (body[field] === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: M.audienceTarget });
  });
export type StaffParentMessageBody = z.infer<typeof staffParentMessageBodySchema>;
export const staffParentMessageResponseSchema = z.object({
  data: z.object({
    /** Messages queued. */
    queued: z.number().int(),
    /** Parents whose number asked for no more messages (recorded as not sent). */
    opted_out: z.number().int(),
    /** Students of the audience with no parent number. */
    without_phone: z.number().int(),
  }),
});

/** A phone that asked for no more messages. */
export const staffPhoneOptOutSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  reason: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type StaffPhoneOptOut = z.infer<typeof staffPhoneOptOutSchema>;
export const staffPhoneOptOutCreateSchema = z.object({
  phone: egyptianMobileSchema,
  reason: staffOptionalText(300).optional(),
});
export const staffPhoneOptOutListQuerySchema = staffListQuery({});

export const staffMessageEndpoints = {
  staffSendParentMessage: {
    method: 'POST',
    path: '/staff/parent-messages',
    auth: 'required',
    staff: 'admin',
    body: staffParentMessageBodySchema,
    response: staffParentMessageResponseSchema,
    errors: ['FEATURE_DISABLED'],
  },
  staffListPhoneMessages: {
    method: 'GET',
    path: '/staff/phone-messages',
    auth: 'required',
    staff: 'admin',
    query: staffPhoneMessageListQuerySchema,
    response: staffListResponse(staffPhoneMessageSchema),
  },
  staffGetPhoneMessage: {
    method: 'GET',
    path: '/staff/phone-messages/:id',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: staffOneResponse(staffPhoneMessageSchema),
  },
  /** Sends a failed message again: a new round of attempts. */
  staffRetryPhoneMessage: {
    method: 'POST',
    path: '/staff/phone-messages/:id/retry',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: staffOneResponse(staffPhoneMessageSchema),
    errors: ['CONFLICT', 'FEATURE_DISABLED'],
  },
  staffListPhoneOptOuts: {
    method: 'GET',
    path: '/staff/phone-opt-outs',
    auth: 'required',
    staff: 'admin',
    query: staffPhoneOptOutListQuerySchema,
    response: staffListResponse(staffPhoneOptOutSchema),
  },
  staffCreatePhoneOptOut: {
    method: 'POST',
    path: '/staff/phone-opt-outs',
    auth: 'required',
    staff: 'admin',
    body: staffPhoneOptOutCreateSchema,
    response: staffOneResponse(staffPhoneOptOutSchema),
    errors: ['CONFLICT'],
  },
  /** The phone gets messages again. */
  staffDeletePhoneOptOut: {
    method: 'DELETE',
    path: '/staff/phone-opt-outs/:id',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: staffDeletedResponseSchema,
  },
} as const;
