import type { Generated } from 'kysely';

// Conventions, the same on SQLite and PostgreSQL so there is one code path:
// - flags are integers 0/1 (SQLite cannot bind booleans);
// - money is integer piasters;
// - times are ISO-8601 UTC strings (`new Date().toISOString()`), which sort as text.

export interface SettingsTable {
  key: string;
  value: string; // JSON
}

export interface NamedTable {
  id: Generated<number>;
  name: string;
  position: number;
}

export interface TeachersTable {
  id: Generated<number>;
  name: string;
  bio: string | null;
  avatar_path: string | null;
  banner_path: string | null;
  phone: string | null;
  email: string | null;
  whatsapp_url: string | null;
  facebook_url: string | null;
  messenger_url: string | null;
  twitter_url: string | null;
  youtube_url: string | null;
  telegram_url: string | null;
  created_at: string;
  /** Migration 024 (ADR 048): their share of their courses' sales, whole percent 0–100. */
  revenue_share_percent: Generated<number>;
  /** Migration 024: 1 when their teacher login may set their courses' and lectures' prices. */
  may_set_prices: Generated<number>;
}

export interface CoursesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** `courseSearchText()` of name and description; written with them. */
  search_text: string;
  image_path: string | null;
  featured: number;
  pay_type: string;
  price: number;
  show_preview: number;
  /** Most students allowed to join; null for no limit. */
  users_limit: number | null;
  published: number;
  created_at: string;
}

export interface CourseGradesTable {
  course_id: number;
  grade_id: number;
}
export interface CourseCategoriesTable {
  course_id: number;
  category_id: number;
}
export interface CourseTeachersTable {
  course_id: number;
  teacher_id: number;
  position: number;
  /** Migration 024: this course's share for this teacher; null: the teacher's own. */
  share_percent: Generated<number | null>;
}

export interface LecturesTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  position: number;
  free: number;
  price: number;
  preview: number;
  expiry_days: number | null;
  repurchasable: number;
  repurchase_price: number | null;
  paycard_disabled: number;
  created_at: string;
}

export interface VideosTable {
  id: Generated<number>;
  lecture_id: number;
  name: string;
  position: number;
  /** Path under the private storage root. */
  source_path: string | null;
  license_url: string | null;
  duration_seconds: number | null;
  views_limit: number | null;
  hide_attendance_chips: number;
  attendance_required: number;
  attendance_chip_text: string | null;
  /** The HLS ladder's job (ADR 055): none, waiting, running, ready or failed. */
  transcode_state: Generated<string>;
  /** The running job's progress, 0–100. */
  transcode_progress: Generated<number>;
  /** Why the last job failed, in Arabic. */
  transcode_error: string | null;
  /** The `source_path` the published ladder was made from: only then is it played. */
  hls_source: string | null;
  /** The private-storage folder of the published ladder (`hls/<video>/<run>`). */
  hls_prefix: string | null;
  /** The ladder's AES-128 key, hex. */
  hls_key: string | null;
  /** The ladder's renditions, poster and thumbnails (JSON, `LadderMeta`). */
  hls_meta: string | null;
}

export interface AttachmentsTable {
  id: Generated<number>;
  lecture_id: number;
  name: string;
  position: number;
  file_path: string;
  size: number;
  extension: string;
}

export interface ExamsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  exam_code: string;
  /** 'exam' or 'homework' (ADR 000: Exam results lists). */
  kind: string;
  course_id: number | null;
  /** Open to anyone with the code from /exams (a general exam). */
  is_general: number;
  duration_minutes: number | null;
  starts_at: string | null;
  ends_at: string | null;
  pass_percentage: number;
  show_result: number;
  show_detailed_result: number;
  shuffled_answers: number;
  enable_images_answers: number;
  created_at: string;
  /** Migration 018: questions in another order for each session (drawn from its token). */
  shuffled_questions: Generated<number>;
  /** Migration 022 (ADR 047): attempts each student may make, the wait between, which counts. */
  max_attempts: Generated<number>;
  attempt_wait_minutes: Generated<number>;
  /** 'best', 'last' or 'average'. */
  attempt_rule: Generated<string>;
}

export interface QuestionsTable {
  id: Generated<number>;
  /** The exam of a fixed question; null for a bank's question (migration 021, ADR 046). */
  exam_id: number | null;
  /** Migration 021: the bank of a bank's question. */
  bank_id: Generated<number | null>;
  /** 'easy', 'medium' or 'hard' (a bank's question). */
  difficulty: Generated<string | null>;
  /** A bank question's tags as `|a|b|`. */
  tags: Generated<string | null>;
  position: number;
  type: string;
  text: string;
  image_path: string | null;
  mark: number;
  answer_explain_text: string | null;
  answer_explain_image: string | null;
}

export interface AnswerOptionsTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  text: string;
  image_path: string | null;
  correct: number;
}

export interface LectureExamsTable {
  id: Generated<number>;
  lecture_id: number;
  exam_id: number;
  position: number;
  must_pass: number;
  must_take: number;
  alternative_exam_id: number | null;
  navigate_to_alternative: number;
}

/** A student's one attempt at an exam (ADR 016). */
export interface ExamSessionsTable {
  id: Generated<number>;
  token: string;
  user_id: number;
  exam_id: number;
  started_at: string;
  /** Start + duration cut at the exam's end; null for an open exam. */
  deadline_at: string | null;
  finished_at: string | null;
  /** 'student' or 'time'. */
  finished_by: string | null;
  correction_mark: number | null;
  total_mark: Generated<number>;
  correct_count: Generated<number>;
  wrong_count: Generated<number>;
  succeeded: number | null;
  /** 1 when no essay answer waits for marks. */
  corrected: Generated<number>;
  /** Migration 020: 1 when a regrade turned a pass into a fail; the pass's access stays. */
  access_kept: Generated<number>;
  /** Migration 021: the questions drawn for the session (JSON ids, draw order); null without rules. */
  question_ids: Generated<string | null>;
  /** Migration 022: the student's attempt this is (1, 2, …); one session per attempt. */
  attempt: Generated<number>;
  /**
   * Migration 027: the sign-in (auth token) the running session belongs to; another one's calls
   * are refused until it opens the exam again. null: any sign-in of the student (older rows).
   */
  auth_token_id: Generated<number | null>;
}

/** A course's named list of questions that exams draw from (issue 26, ADR 046). */
export interface QuestionBanksTable {
  id: Generated<number>;
  course_id: number | null;
  name: string;
  created_at: string;
}

/** "count questions worth mark each from a bank (with a tag, of a difficulty)" (ADR 046). */
export interface ExamDrawRulesTable {
  id: Generated<number>;
  exam_id: number;
  bank_id: number;
  tag: string | null;
  difficulty: string | null;
  mark: number;
  count: number;
  position: number;
}

/**
 * A student's own exam time (issue 26, ADR 042): extra time and an own window, for one exam or
 * (exam_id null) for every exam; the one for the exam wins.
 */
export interface ExamAccommodationsTable {
  id: Generated<number>;
  user_id: number;
  exam_id: number | null;
  extra_minutes: number;
  /** A percentage of the exam's duration (0 when the exam has none). */
  extra_percent: number;
  /** Replace the exam's window for this student when set. */
  starts_at: string | null;
  ends_at: string | null;
  note: string | null;
  created_at: string;
}

/** A teacher's staff login and the teacher profile it works as (migration 023, ADR 048). */
export interface TeacherLoginsTable {
  user_id: number;
  teacher_id: number;
}

/** Attempts staff give one student at one exam beyond the exam's own (ADR 047). */
export interface ExamAttemptGrantsTable {
  id: Generated<number>;
  user_id: number;
  exam_id: number;
  extra_attempts: number;
  note: string | null;
  created_at: string;
}

/** A session's integrity record (issue 26, ADR 044): one event, stamped with the server's time. */
export interface ExamSessionEventsTable {
  id: Generated<number>;
  session_id: number;
  /** The client's id of the event (kept once); null for what the server saw itself. */
  client_id: string | null;
  kind: string;
  /** When the client says it happened (offline events arrive later). */
  client_at: string | null;
  /** JSON: what the server saw (the device's sign-in and the address). */
  detail: string | null;
  created_at: string;
}

/** One saved answer per question of a session. */
export interface AnswerAttemptsTable {
  id: Generated<number>;
  session_id: number;
  question_id: number;
  answer_option_id: number | null;
  answer_text: string | null;
  /** Relative to the private storage folder. */
  image_path: string | null;
  /** The highest client sequence number written (ADR 016: Answers). */
  seq: Generated<number>;
  correct: number | null;
  correction_mark: number | null;
  comment: string | null;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Migration 028: null for a student brought in without one (issue 28, ADR 052). */
  email: string | null;
  phone: string;
  password_hash: string;
  grade_id: number | null;
  avatar_path: string | null;
  /** 1 admin, 2 leader; gates nothing in the student client. */
  group_id: number | null;
  email_verified_at: string | null;
  /** Wallet balance in piasters; always equals the sum of the user's ledger. */
  balance: number;
  wallet_address: string;
  center_name: string | null;
  profile_qr_code: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 010 (ADR 029): set while an admin has blocked the student. */
  blocked_at: Generated<string | null>;
  blocked_reason: Generated<string | null>;
  blocked_by: Generated<number | null>;
  /** Migration 028: the parent who pays (issue 28). */
  parent_phone: Generated<string | null>;
  parent_email: Generated<string | null>;
  /** Migration 028: the import that brought the student in. */
  import_id: Generated<string | null>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  platform: string;
  created_at: string;
  last_used_at: string;
  /** Migration 027: the student's device it was signed in on (ends with it); null: none sent, or staff. */
  device_id: Generated<number | null>;
  app_version: Generated<string | null>;
  /** The User-Agent at sign-in, cut to 400 characters. */
  user_agent: Generated<string | null>;
  /** The address it signed in from, and the last it was used from (written with last_used_at). */
  created_ip: Generated<string | null>;
  last_ip: Generated<string | null>;
}

/** Migration 027: a student's known device (issue 28, ADR 051). */
export interface StudentDevicesTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the App-Device header. */
  device_hash: string;
  platform: string;
  app_version: string | null;
  user_agent: string | null;
  first_seen_at: string;
  /** Its last sign-in. */
  last_seen_at: string;
  last_ip: string | null;
}

export interface WalletTransactionsTable {
  id: Generated<number>;
  serial: string;
  user_id: number;
  type: string;
  value: number;
  balance_after: number;
  comment: string | null;
  course_id: number | null;
  lecture_id: number | null;
  counterpart_user_id: number | null;
  created_at: string;
}

export interface PaycardsTable {
  id: Generated<number>;
  /** sha256 of the normalised code. */
  code_hash: string;
  /** Last four characters, for staff to recognise a card. */
  code_hint: string;
  value: number;
  course_id: number | null;
  lecture_id: number | null;
  expires_at: string | null;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
  /** The batch it was issued in (migration 011); null for cards issued before batches. */
  batch_id: Generated<number | null>;
  /** Disabled by staff: refused at redemption like an expired card (ADR 030). */
  disabled_at: Generated<string | null>;
}

/** Pay cards issued together (ADR 030); the codes themselves are never stored. */
export interface PaycardBatchesTable {
  id: Generated<number>;
  /** piasters, each card */
  value: number;
  count: number;
  course_id: number | null;
  lecture_id: number | null;
  expires_at: string | null;
  /** null: the command line */
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  disabled_at: string | null;
}

/** A mobile-wallet recharge request waiting for, or decided by, staff review (ADR 018). */
export interface MobilePaymentsTable {
  id: Generated<number>;
  user_id: number;
  /** piasters */
  amount: number;
  payer_number: string;
  message: string | null;
  /** Relative to the private storage folder. */
  receipt_path: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reject_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  /** The serial of the ledger row an approval wrote. */
  transaction_serial: string | null;
  /** piasters credited by an approval (null until approved); `amount` keeps the claim. */
  approved_amount: number | null;
  /** The reviewer's note on an approval; required when `approved_amount` differs. */
  review_note: string | null;
  created_at: string;
}

/** A recharge through a payment gateway; its id is the idempotency key (ADR 019). */
export interface PaymentOrdersTable {
  id: string;
  user_id: number;
  method: string;
  provider: string;
  /** piasters */
  amount: number;
  status: Generated<'pending' | 'paid' | 'failed'>;
  provider_order_id: string | null;
  provider_reference: string | null;
  transaction_id: string | null;
  transaction_serial: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface EnrollmentsTable {
  user_id: number;
  course_id: number;
  created_at: string;
  /** Migration 010: the admin who granted the course without payment (ADR 029). */
  granted_by: Generated<number | null>;
  /**
   * Migration 013 (ADR 033): how the course was got — 'wallet' | 'paycard' | 'free' | 'grant' |
   * 'cash' for a course got as a whole, 'join' for joining a course sold by lectures (its
   * lectures are the purchases). Required here so every insert says it.
   */
  pay_by: EnrollmentPayBy;
  /** piasters: the price paid, or the cash received at the centre. */
  price_paid: number;
}

/** How a course or a lecture was got (ADR 033); 'join' is for a course only. */
export type EnrollmentPayBy = 'wallet' | 'paycard' | 'free' | 'grant' | 'cash' | 'join';

export interface LecturePurchasesTable {
  id: Generated<number>;
  user_id: number;
  lecture_id: number;
  /** piasters: the price paid, or the cash received at the centre (pay_by 'cash'). */
  price_paid: number;
  /** 'wallet' | 'paycard' | 'free' | 'grant' | 'cash' (ADR 033). */
  pay_by: string;
  created_at: string;
  expires_at: string | null;
  /** Migration 010: the admin who granted it (pay_by 'grant', ADR 029). */
  granted_by: Generated<number | null>;
}

/** A sale given back (migration 025, ADR 050): the sale as it was, and the refund. */
export interface RefundsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  /** null: the whole course was the sale. */
  lecture_id: number | null;
  sale_at: string;
  /** 'wallet' | 'paycard' | 'cash': a sale that took money (ADR 033). */
  sale_pay_by: EnrollmentPayBy;
  /** piasters */
  sale_amount: number;
  /** piasters given back */
  amount: number;
  refund_to: 'wallet' | 'cash';
  reason: string;
  staff_id: number | null;
  created_at: string;
}

export interface NotificationsTable {
  /** Sent as a string (spec §3); every query is scoped to the owner. */
  id: Generated<number>;
  user_id: number;
  type: string;
  /** JSON of { type, title, content, to }. */
  data: string;
  read_at: string | null;
  created_at: string;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: number | null;
  title: string;
  content: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  platform: string;
  status: string;
  created_at: string;
  /** Migration 012: who closed the ticket and when (null while open). */
  closed_at: string | null;
  closed_by: number | null;
  /**
   * Migration 015 (ADR 039): the last reply the student has opened; a staff reply after it is
   * unread. `status` is 'open' | 'answered' | 'closed' since then.
   */
  student_seen_reply_id: Generated<number | null>;
  /** Migration 026 (ADR 048): the student's course the ticket is about; null: none. */
  course_id: Generated<number | null>;
}

/**
 * A message of a ticket's thread after the opening one (migration 012, ADR 031): a staff reply,
 * or since migration 015 (ADR 039) the student's or guest's own.
 */
export interface SupportTicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  /** 'staff' | 'student' | 'guest' (migration 015; every earlier row is 'staff'). */
  author: Generated<string>;
  /** A staff writer's account (null once removed, and on the sender's messages). */
  staff_user_id: number | null;
  /** The writer's name at the time (migration 012's `staff_name`). */
  author_name: string;
  content: string;
  /** A guest's address the reply was e-mailed to; null for a student (notified instead). */
  emailed_to: string | null;
  created_at: string;
}

/** A guest's follow link (migration 015, ADR 039): the sha256 of its random token. */
export interface SupportFollowTokensTable {
  id: Generated<number>;
  ticket_id: number;
  token_hash: string;
  created_at: string;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  user_id: number;
  /** 'verify_email' | 'password_reset' | 'password_reset_link' */
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface PushDevicesTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  device_token: string;
  created_at: string;
  /** The session that registered it; null once unbound (legacy rows). Cascades on sign-out. */
  auth_token_id: number | null;
}

/** Addresses an account has signed in from with its password (login lockout, ADR 007). */
export interface KnownSignInsTable {
  user_id: number;
  address: string;
  last_at: string;
}

export interface VideoViewsTable {
  id: Generated<number>;
  user_id: number;
  video_id: number;
  lecture_id: number;
  token_hash: string;
  created_at: string;
}

/** What a student saw of a video, from the player's reports (migration 030, ADR 054). */
export interface VideoProgressTable {
  id: Generated<number>;
  user_id: number;
  video_id: number;
  lecture_id: number;
  /** Seconds seen playing, all plays together, capped at the video's length. */
  watched_seconds: Generated<number>;
  /** Where the playhead was at the last report. */
  position_seconds: Generated<number>;
  first_at: string;
  last_at: string;
}

/** An attachment a student opened (migration 030, ADR 054): one row, `opens` downloads. */
export interface AttachmentOpensTable {
  id: Generated<number>;
  user_id: number;
  attachment_id: number;
  lecture_id: number;
  first_at: string;
  last_at: string;
  opens: Generated<number>;
}

/** One row (id 1) counting changes to what guests' catalog answers show (migration 005). */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

/** One change made through the staff API (migration 009, ADR 022). before/after are JSON. */
export interface StaffAuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  action: string;
  resource: string;
  resource_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** A text message to a phone by SMS or WhatsApp (migration 029, ADR 053). */
export interface MessagesTable {
  id: Generated<number>;
  recipient_phone: string;
  /** 'parent' | 'student' */
  recipient: string;
  user_id: number | null;
  /** 'sms' | 'whatsapp' */
  channel: string;
  /** 'cequens' | 'whatsapp' | 'sandbox', once sent */
  provider: string | null;
  template: string;
  /** JSON: the template's parameters in order. */
  params: string;
  body: string;
  /** 'queued' | 'sent' | 'delivered' | 'failed' */
  state: Generated<string>;
  attempts: Generated<number>;
  round: Generated<number>;
  provider_message_id: string | null;
  error: string | null;
  dedupe_key: string | null;
  sent_by: number | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  failed_at: string | null;
}

/** A phone that asked for no more messages (migration 029). */
export interface MessageOptOutsTable {
  id: Generated<number>;
  phone: string;
  reason: string | null;
  created_by: number | null;
  created_at: string;
}

/** The embedded database's job queue (migration 029, SQLite only; lib/jobs/sqlite-jobs.ts). */
export interface JobQueueTable {
  id: Generated<number>;
  name: string;
  data: string;
  state: string;
  singleton_key: string | null;
  retry_limit: number;
  retry_delay: number;
  expire_seconds: number;
  attempts: Generated<number>;
  run_at: number;
  lease_until: number | null;
  worker: string | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** A recurring job of the embedded queue (migration 029, SQLite only). */
export interface JobSchedulesTable {
  name: string;
  cron: string;
  tz: string;
  data: string;
  next_run_at: number;
}

export interface DB {
  settings: SettingsTable;
  grades: NamedTable;
  categories: NamedTable;
  teachers: TeachersTable;
  courses: CoursesTable;
  course_grades: CourseGradesTable;
  course_categories: CourseCategoriesTable;
  course_teachers: CourseTeachersTable;
  lectures: LecturesTable;
  videos: VideosTable;
  attachments: AttachmentsTable;
  exams: ExamsTable;
  questions: QuestionsTable;
  question_banks: QuestionBanksTable;
  exam_draw_rules: ExamDrawRulesTable;
  answer_options: AnswerOptionsTable;
  lecture_exams: LectureExamsTable;
  exam_sessions: ExamSessionsTable;
  exam_accommodations: ExamAccommodationsTable;
  exam_attempt_grants: ExamAttemptGrantsTable;
  teacher_logins: TeacherLoginsTable;
  exam_session_events: ExamSessionEventsTable;
  answer_attempts: AnswerAttemptsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  student_devices: StudentDevicesTable;
  wallet_transactions: WalletTransactionsTable;
  paycards: PaycardsTable;
  paycard_batches: PaycardBatchesTable;
  mobile_payments: MobilePaymentsTable;
  payment_orders: PaymentOrdersTable;
  enrollments: EnrollmentsTable;
  lecture_purchases: LecturePurchasesTable;
  refunds: RefundsTable;
  notifications: NotificationsTable;
  support_tickets: SupportTicketsTable;
  support_ticket_replies: SupportTicketRepliesTable;
  support_follow_tokens: SupportFollowTokensTable;
  one_time_codes: OneTimeCodesTable;
  rate_limits: RateLimitsTable;
  push_devices: PushDevicesTable;
  known_sign_ins: KnownSignInsTable;
  video_views: VideoViewsTable;
  video_progress: VideoProgressTable;
  attachment_opens: AttachmentOpensTable;
  catalog_version: CatalogVersionTable;
  staff_audit_log: StaffAuditLogTable;
  messages: MessagesTable;
  message_opt_outs: MessageOptOutsTable;
  job_queue: JobQueueTable;
  job_schedules: JobSchedulesTable;
}
