import { z } from '../zod';
import { SOCIAL_NETWORKS } from '../constants';
import { schoolSchema } from './school';

export const namedItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof namedItemSchema>;
export const gradeSchema = namedItemSchema;
export type Grade = NamedItem;
export const categorySchema = namedItemSchema;
export type Category = NamedItem;

/** Recharge methods (spec §9): our own two, Paymob's four, Fawry live/staging, Kashier. */
export const RECHARGE_METHODS = [
  'recharge_card',
  'mobile_wallets',
  'paymob_card',
  'paymob_wallet',
  'paymob_kiosk',
  'paymob_installment',
  'fawry',
  'fawry_staging',
  'kashier',
] as const;
export const rechargeMethodSchema = z.enum(RECHARGE_METHODS);
export type RechargeMethod = z.infer<typeof rechargeMethodSchema>;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const homeModeSchema = z.enum(['default', 'classic']);
export type HomeMode = z.infer<typeof homeModeSchema>;

/** App settings loaded at start (spec §3). Money fields are pounds. */
export const appSettingsSchema = z.object({
  enable_wp: z.boolean(),
  enable_gen_exm: z.boolean(),
  enable_wallet_system: z.boolean(),
  enable_wallet_transfers: z.boolean(),
  /** A fixed fee in pounds taken from the sender on each transfer. */
  transfer_fees: z.number().nonnegative(),
  teachers_page: z.boolean(),
  email_verification: z.boolean(),
  /** Text of the general announcement, shown once; null when there is none. */
  general_announcement: z.string().nullable(),
  home_mode: homeModeSchema,
  appIsDown: z.boolean(),
  grades: z.array(gradeSchema),
  categories: z.array(categorySchema),
  play_store_url: z.string().nullable(),
  apple_store_url: z.string().nullable(),
  desktop_app_url: z.string().nullable(),
  stable_version: z.string().nullable(),
  android_stable_version: z.string().nullable(),
  ios_stable_version: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  recharge_info: z.object({
    min_recharge_amount: z.number().nonnegative(),
    supported_methods: z.array(rechargeMethodSchema),
    mobile_wallet_number: z.string().nullable(),
  }),
  crisp_website_id: z.string().nullable(),
  /** Always false in the client (spec §3). */
  enable_account_deletion: z.boolean(),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().nullable()])) as Record<
      SocialNetwork,
      z.ZodNullable<z.ZodString>
    >,
  ),
  /** The school's name, logos and colours (ADR 049); «دَرس» until its admin sets them. */
  school: schoolSchema,
  /**
   * «عدد الأجهزة المسموح بها لكل طالب» (issue 28, ADR 051): how many devices a student may sign
   * in on; null or 0: no limit (the default).
   */
  max_devices_per_student: z.number().int().nonnegative().nullable(),
  /** «إرسال نتيجة كل امتحان لولي الأمر» (issue 28, ADR 053): off by default. */
  parent_exam_results: z.boolean(),
  /** «ملخص أسبوعي لولي الأمر» (issue 28, ADR 053): off by default. */
  parent_weekly_summary: z.boolean(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
