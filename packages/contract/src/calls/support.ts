import { z } from '../zod';
import {
  guestSupportConversationSchema,
  supportConversationSchema,
  supportTicketSummarySchema,
} from '../entities/support';
import { VALIDATION_MESSAGES, emailSchema, requiredText } from '../fields';
import { paginated, pageParamSchema } from '../pagination';
import { safeString } from '../primitives';

const required = (max: number) => requiredText(VALIDATION_MESSAGES.anyFieldRequired, max);

/** What a guest adds so staff can answer (spec §5). */
const guestContactFields = {
  name: required(100),
  email: safeString(VALIDATION_MESSAGES.anyFieldRequired)
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.anyFieldRequired })
    .pipe(emailSchema),
  /** Any phone: a guest writing for help may not have an Egyptian mobile. */
  phone: required(30),
};

/**
 * POST /support-tickets. Guests must also give name, email and phone; the server knows who
 * is signed in and checks a guest's body with guestSupportTicketBodySchema.
 */
export const createSupportTicketBodySchema = z.object({
  title: required(200),
  content: required(5000),
  /**
   * A signed-in student's course the ticket is about (issue 27): its teachers see it too. None:
   * a question for the school. A guest's is ignored.
   */
  course_id: z.number().int().positive().max(2_147_483_647).nullish(),
  name: guestContactFields.name.optional(),
  email: guestContactFields.email.optional(),
  phone: guestContactFields.phone.optional(),
});
export type CreateSupportTicketBody = z.infer<typeof createSupportTicketBodySchema>;

/** The guest form: name, email and phone are required too. */
export const guestSupportTicketBodySchema =
  createSupportTicketBodySchema.extend(guestContactFields);
export type GuestSupportTicketBody = z.infer<typeof guestSupportTicketBodySchema>;

/**
 * → `{ data: { id, reference, follow_path } }`. `reference` is what a person reads (`S-00042`);
 * `follow_path` is a guest's link to the conversation (`/support/follow/<token>`, the only time
 * the token is given), null for a signed-in student, who finds it in «رسائلي» (ADR 039).
 */
export const createSupportTicketResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    reference: z.string(),
    follow_path: z
      .string()
      .regex(/^\/support\/follow\//)
      .nullable(),
  }),
});
export type CreateSupportTicketResponse = z.infer<typeof createSupportTicketResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The conversation (issue 24, ADR 039)

/** What the student and guest calls answer in Arabic besides the usual codes. */
export const SUPPORT_MESSAGES = {
  /** Someone else's ticket reads like one that does not exist. */
  notFound: 'المحادثة غير موجودة',
  closed:
    'هذه المحادثة مغلقة ولا يمكن الرد عليها. إن احتجت مساعدة أخرى فأرسل رسالة جديدة من صفحة المساعدة.',
  followNotFound: 'رابط المتابعة غير صحيح. تأكد من نسخ الرابط كاملاً كما وصلك.',
  tooManyFollow: 'محاولات كثيرة برابط متابعة غير صحيح، حاول مرة أخرى بعد ساعة.',
  /** A course the student has not joined. */
  courseNotYours: 'اختر دورة من دوراتك، أو «سؤال عام للمدرسة»',
} as const;

/** Students' pages of «رسائلي». */
export const SUPPORT_TICKETS_PAGE_SIZE = 15;

/** The longest message in a conversation (the opening message's limit). */
export const SUPPORT_MESSAGE_MAX = 5000;

/** GET /support-tickets?page= — the signed-in student's tickets, newest activity first. */
export const listSupportTicketsQuerySchema = z.object({ page: pageParamSchema });
export type ListSupportTicketsQuery = z.infer<typeof listSupportTicketsQuerySchema>;
export const listSupportTicketsResponseSchema = paginated(supportTicketSummarySchema);
export type ListSupportTicketsResponse = z.infer<typeof listSupportTicketsResponseSchema>;

/** GET /support-tickets/:id → `{ data }`; POST …/messages answers the same, with the new message. */
export const supportConversationResponseSchema = z.object({ data: supportConversationSchema });
export type SupportConversationResponse = z.infer<typeof supportConversationResponseSchema>;

/** POST /support-tickets/:id/messages and POST /support/follow/:token/messages. */
export const supportReplyBodySchema = z.object({
  content: required(SUPPORT_MESSAGE_MAX),
});
export type SupportReplyBody = z.infer<typeof supportReplyBodySchema>;

/**
 * POST /support-tickets/:id/read → the ticket now read and the bell's new count (the ticket's
 * reply notifications are read with it).
 */
export const markSupportTicketReadResponseSchema = z.object({
  data: z.object({ id: z.number().int(), unread: z.literal(false) }),
  notifications_count: z.number().int(),
});
export type MarkSupportTicketReadResponse = z.infer<typeof markSupportTicketReadResponseSchema>;

/** A follow link's token: what newToken makes (base64url), anything else is no ticket's. */
export const supportFollowParamsSchema = z.object({
  token: safeString().min(1).max(200),
});

/** GET /support/follow/:token → `{ data }`, the guest's conversation. */
export const guestSupportConversationResponseSchema = z.object({
  data: guestSupportConversationSchema,
});
export type GuestSupportConversationResponse = z.infer<
  typeof guestSupportConversationResponseSchema
>;
