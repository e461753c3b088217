import { DEFAULT_SCHOOL, RECHARGE_METHODS, type AppSettings } from '@dars/contract';

export type StoredSettings = Omit<AppSettings, 'grades' | 'categories'>;

/** What a fresh installation answers before staff change anything. */
export const DEFAULT_SETTINGS: StoredSettings = {
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
    // Every gateway's method is enabled; GET /app offers only those with credentials (or the
    // sandbox standing in), so a fresh school offers the recharge card alone (ADR 019).
    supported_methods: RECHARGE_METHODS.filter((m) => m !== 'mobile_wallets'),
    mobile_wallet_number: null,
  },
  crisp_website_id: null,
  enable_account_deletion: false,
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
  // Off until the school's admin sets a number (ADR 051).
  max_devices_per_student: null,
  // Messages to parents go only once the school's admin turns them on (ADR 053).
  parent_exam_results: false,
  parent_weekly_summary: false,
};
