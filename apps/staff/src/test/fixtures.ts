import { DEFAULT_SCHOOL } from '@dars/contract';
import type {
  StaffAccount,
  StaffSettings,
  StaffCourse,
  StaffExam,
  StaffExamSession,
  StaffLecture,
  StaffNamed,
  StaffStudentDetail,
  StaffTeacher,
} from '@dars/contract';

/**
 * Whole records as the staff API answers them, for fake answers (fake-api.ts checks each
 * against the contract): a test names only what it is about.
 * @example staffExam({ id: 5, name: 'امتحان الكهرباء' })
 */

export function staffExam(fields: Partial<StaffExam> & Pick<StaffExam, 'id'>): StaffExam {
  return {
    name: `امتحان ${fields.id}`,
    description: null,
    exam_code: `EX-${fields.id}`,
    kind: 'exam',
    course_id: null,
    is_general: false,
    duration_minutes: null,
    starts_at: null,
    ends_at: null,
    pass_percentage: 50,
    show_result: true,
    show_detailed_result: false,
    shuffled_answers: false,
    shuffled_questions: false,
    enable_images_answers: false,
    questions_count: 0,
    total_mark: 0,
    drawn_questions_count: 0,
    drawn_total_mark: 0,
    sessions_count: 0,
    max_attempts: 1,
    attempt_wait_minutes: 0,
    attempt_rule: 'best',
    created_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function staffCourse(fields: Partial<StaffCourse> & Pick<StaffCourse, 'id'>): StaffCourse {
  return {
    name: `دورة ${fields.id}`,
    description: '',
    image_url: null,
    featured: false,
    pay_type: 'course',
    price: 0,
    free: true,
    show_preview: false,
    users_limit: null,
    published: true,
    grade_ids: [],
    category_ids: [],
    teacher_ids: [],
    teacher_shares: [],
    lectures_count: 0,
    users_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function staffLecture(
  fields: Partial<StaffLecture> & Pick<StaffLecture, 'id' | 'course_id'>,
): StaffLecture {
  return {
    name: `محاضرة ${fields.id}`,
    position: fields.id,
    free: false,
    price: 0,
    preview: false,
    expiry_days: null,
    repurchasable: false,
    repurchase_price: null,
    paycard_disabled: false,
    videos_count: 0,
    attachments_count: 0,
    exams_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function staffTeacher(
  fields: Partial<StaffTeacher> & Pick<StaffTeacher, 'id'>,
): StaffTeacher {
  return {
    name: `مدرس ${fields.id}`,
    bio: null,
    avatar_url: null,
    banner_url: null,
    phone: null,
    email: null,
    whatsapp_url: null,
    facebook_url: null,
    messenger_url: null,
    twitter_url: null,
    youtube_url: null,
    telegram_url: null,
    courses_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    revenue_share_percent: 0,
    may_set_prices: false,
    ...fields,
  };
}

/**
 * The tests' student, منى علي (id 40), on her page: in the third secondary grade, 75.50 pounds
 * in her wallet, nothing bought yet.
 * @example staffStudentDetail({ center_name: 'سنتر النور', courses_count: 1 })
 */
export function staffStudentDetail(fields: Partial<StaffStudentDetail> = {}): StaffStudentDetail {
  return {
    id: 40,
    name: 'منى علي',
    email: 'mona@example.com',
    phone: '01011112222',
    grade: { id: 3, name: 'الصف الثالث الثانوي' },
    balance: 75.5,
    wallet_address: 'DW1234567890',
    email_verified: true,
    blocked: false,
    blocked_at: null,
    blocked_reason: null,
    created_at: '2026-11-01T10:00:00.000Z',
    center_name: null,
    parent_phone: null,
    parent_email: null,
    courses_count: 0,
    purchases_count: 0,
    sessions_count: 0,
    transactions_count: 0,
    refunds_count: 0,
    ...fields,
  };
}

/**
 * Session 8: منى علي's one attempt at exam 5 «امتحان الكهرباء», finished and marked, 7 of 10,
 * with a clean integrity record.
 * @example staffExamSession({ integrity: { away: 2, other_devices: 1, other_addresses: 0 } })
 */
export function staffExamSession(fields: Partial<StaffExamSession> = {}): StaffExamSession {
  return {
    id: 8,
    exam: { id: 5, name: 'امتحان الكهرباء' },
    student: { id: 40, name: 'منى علي', phone: '01011112222' },
    started_at: '2026-11-20T09:00:00.000Z',
    finished_at: '2026-11-20T10:00:00.000Z',
    finished_by: 'student',
    correction_mark: 7,
    total_mark: 10,
    percentage: 70,
    succeeded: true,
    corrected: true,
    integrity: { away: 0, other_devices: 0, other_addresses: 0 },
    attempt: 1,
    counts: true,
    attempts_allowed: 1,
    ...fields,
  };
}

export function staffNamed(fields: Partial<StaffNamed> & Pick<StaffNamed, 'id'>): StaffNamed {
  return { name: `عنصر ${fields.id}`, position: fields.id, ...fields };
}

export function staffAccount(
  fields: Partial<StaffAccount> & Pick<StaffAccount, 'id'>,
): StaffAccount {
  return {
    name: `موظف ${fields.id}`,
    email: `staff${fields.id}@dars.test`,
    phone: '01000000000',
    role: 'leader',
    teacher_id: null,
    invitation_expires_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** The settings as a fresh school's server answers them (`GET /staff/settings`). */
export function staffSettings(fields: Partial<StaffSettings> = {}): StaffSettings {
  return {
    enable_wp: true,
    enable_gen_exm: true,
    enable_wallet_system: true,
    enable_wallet_transfers: false,
    transfer_fees: 0,
    teachers_page: true,
    email_verification: false,
    general_announcement: null,
    home_mode: 'default',
    appIsDown: false,
    play_store_url: null,
    apple_store_url: null,
    desktop_app_url: null,
    stable_version: null,
    android_stable_version: null,
    ios_stable_version: null,
    contact_phone: null,
    contact_email: null,
    recharge_info: {
      min_recharge_amount: 10,
      supported_methods: ['recharge_card'],
      mobile_wallet_number: null,
    },
    crisp_website_id: null,
    parent_exam_results: false,
    parent_weekly_summary: false,
    social: {
      youtube: null,
      facebook: null,
      linkedin: null,
      telegram: null,
      messenger: null,
      twitter: null,
      tiktok: null,
      whatsapp: null,
    },
    school: { ...DEFAULT_SCHOOL, legal_links: [] },
    max_devices_per_student: null,
    ...fields,
  };
}
