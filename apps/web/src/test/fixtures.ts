import type {
  AppSettings,
  CourseSummary,
  GetCoursesResponse,
  Notification,
  User,
} from '@dars/contract';
import { DEFAULT_SCHOOL } from '@dars/contract';

/** Settings as the server answers them, every switch on. */
export function settingsFixture(overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    enable_wp: true,
    enable_gen_exm: true,
    enable_wallet_system: true,
    enable_wallet_transfers: true,
    transfer_fees: 1,
    teachers_page: true,
    email_verification: false,
    general_announcement: null,
    home_mode: 'default',
    appIsDown: false,
    grades: [
      { id: 1, name: 'الصف الأول الثانوي' },
      { id: 2, name: 'الصف الثاني الثانوي' },
      { id: 3, name: 'الصف الثالث الثانوي' },
    ],
    categories: [
      { id: 10, name: 'الرياضيات' },
      { id: 11, name: 'الفيزياء' },
    ],
    play_store_url: 'https://play.google.com/store/apps/details?id=dars',
    apple_store_url: null,
    desktop_app_url: null,
    stable_version: '1.0.2',
    android_stable_version: null,
    ios_stable_version: null,
    contact_phone: '+20 100 123 4567',
    contact_email: 'support@dars.example',
    recharge_info: {
      min_recharge_amount: 10,
      supported_methods: ['recharge_card'],
      mobile_wallet_number: null,
    },
    crisp_website_id: null,
    parent_exam_results: false,
    parent_weekly_summary: false,
    enable_account_deletion: false,
    social: {
      youtube: 'https://youtube.com/@dars',
      facebook: 'https://facebook.com/dars',
      linkedin: null,
      telegram: null,
      messenger: null,
      twitter: null,
      tiktok: null,
      whatsapp: 'https://wa.me/201001234567',
    },
    school: { ...DEFAULT_SCHOOL, legal_links: [] },
    max_devices_per_student: null,
    ...overrides,
  };
}

/** A course card's data. */
export function courseFixture(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `دورة الجبر ${id}`,
    description: 'شرح كامل لمنهج الجبر',
    image_url: null,
    featured: false,
    pay_type: 'course',
    price: 150,
    free: false,
    joined: false,
    show_preview: false,
    grades: [{ id: 1, name: 'الصف الأول الثانوي' }],
    categories: [{ id: 10, name: 'الرياضيات' }],
    teachers: [{ id: 7, name: 'أ. أحمد علي', avatar: null }],
    lectures_count: 12,
    users_count: 40,
    ...overrides,
  };
}

/** One page of GET /courses. */
export function coursesPage(
  courses: CourseSummary[],
  next: string | null = null,
  page = 1,
): GetCoursesResponse {
  return { data: courses, links: { next, prev: null }, meta: { current_page: page, per_page: 12 } };
}

/** A signed-in student with a confirmed e-mail and a complete profile. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 1001,
    name: 'سارة محمود',
    email: 'sara@example.com',
    phone: '01001234567',
    avatar: null,
    grade: { id: 1, name: 'الصف الأول الثانوي' },
    groupId: null,
    balance: 0,
    notifications: [],
    notifications_count: 0,
    email_verified_at: '2024-01-01T00:00:00.000Z',
    profile_not_completed: false,
    my_courses: [],
    profile_qr_code: null,
    center_name: null,
    ...overrides,
  };
}

/** A notification `minutesAgo` minutes old. */
export function notificationFixture(
  id: number,
  overrides: Partial<Notification> & { minutesAgo?: number } = {},
): Notification {
  const { minutesAgo = 5, ...rest } = overrides;
  return {
    id: String(id),
    type: 'default',
    data: { type: 'admin_message', title: `إشعار ${id}`, content: `نص الإشعار ${id}`, to: null },
    read: false,
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...rest,
  };
}
