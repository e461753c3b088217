import { z } from '../zod';
import { SOCIAL_NETWORKS } from '../constants';
import { appSettingsSchema, homeModeSchema, rechargeMethodSchema } from '../entities/settings';
import {
  AA_CONTRAST,
  contrastRatio,
  HEX_COLOUR,
  LIGHT_TEXT,
  readableTextOn,
} from '../entities/school';
import { VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { STAFF_MESSAGES, staffMoney, staffOptionalText, staffText, staffUrl } from './staff';
import { staffFlag as flag } from './staff-fields';
import { maxDevicesSettingSchema } from './devices';

const M = STAFF_MESSAGES;

/** The app settings as staff edit them (admins only). */

/** Every switch and field of spec §3 app settings but the lists staff edit on their own pages. */
export const staffSettingsSchema = appSettingsSchema.omit({
  grades: true,
  categories: true,
  enable_account_deletion: true,
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

const version = safeString(M.version)
  .trim()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\d{1,4}(\.\d{1,4}){0,3}$/.test(v), { error: M.version });
const shortText = staffOptionalText(200);

const ratio = (r: number) => (Math.floor(r * 10) / 10).toFixed(1);
const colour = safeString(M.colour).trim().toLowerCase().regex(HEX_COLOUR, { error: M.colour });
/** A logo or favicon: uploaded to our public storage (`/storage/…`) or an https address. */
const brandImage = safeString(M.brandImage)
  .trim()
  .max(2000, { error: VALIDATION_MESSAGES.tooLong })
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^(\/storage\/[^\s]+|https:\/\/[^\s]+)$/.test(v), {
    error: M.brandImage,
  });

/**
 * The school's identity as its admin sets it (ADR 049): whole, like the other groups. The
 * colours must read (WCAG AA, 4.5:1): white text on the primary colour, and white or dark text
 * on the secondary; the refusal says the ratio reached.
 */
export const staffSchoolSchema = z.object({
  name: staffText(60),
  logo_light: brandImage,
  logo_dark: brandImage,
  favicon: brandImage,
  primary_color: colour.refine((c) => contrastRatio(c, LIGHT_TEXT) >= AA_CONTRAST, {
    error: (issue) =>
      M.primaryContrast.replace('%{ratio}', ratio(contrastRatio(String(issue.input), LIGHT_TEXT))),
  }),
  secondary_color: colour.refine((c) => contrastRatio(c, readableTextOn(c)) >= AA_CONTRAST, {
    error: (issue) => {
      const c = String(issue.input);
      return M.secondaryContrast.replace('%{ratio}', ratio(contrastRatio(c, readableTextOn(c))));
    },
  }),
  footer_text: staffOptionalText(300),
  legal_links: z
    .array(
      z.object({
        label: staffText(60),
        url: staffUrl.refine((v) => v !== null, { error: M.url }),
      }),
    )
    .max(5, { error: M.legalLinksMax }),
});

/** PATCH /staff/settings: any subset, each field validated. */
export const staffSettingsUpdateSchema = z
  .object({
    enable_wp: flag,
    enable_gen_exm: flag,
    enable_wallet_system: flag,
    enable_wallet_transfers: flag,
    transfer_fees: staffMoney,
    teachers_page: flag,
    email_verification: flag,
    general_announcement: staffOptionalText(5000),
    home_mode: homeModeSchema,
    appIsDown: flag,
    play_store_url: staffUrl,
    apple_store_url: staffUrl,
    desktop_app_url: safeString(M.url)
      .trim()
      .max(2000)
      .meta({ format: 'uri' })
      .nullable()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(v), { error: M.url }),
    stable_version: version,
    android_stable_version: version,
    ios_stable_version: version,
    contact_phone: shortText,
    contact_email: safeString(VALIDATION_MESSAGES.email)
      .trim()
      .meta({ format: 'email' })
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
        error: VALIDATION_MESSAGES.email,
      }),
    recharge_info: z.object({
      min_recharge_amount: staffMoney,
      supported_methods: z.array(rechargeMethodSchema).max(20),
      mobile_wallet_number: shortText,
    }),
    crisp_website_id: shortText,
    social: z.object(
      Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, staffUrl])) as Record<
        (typeof SOCIAL_NETWORKS)[number],
        typeof staffUrl
      >,
    ),
    school: staffSchoolSchema,
    /** 0 or empty: no limit (ADR 051). */
    max_devices_per_student: maxDevicesSettingSchema,
    /** Each exam result and a weekly summary to the student's parent (ADR 053). */
    parent_exam_results: flag,
    parent_weekly_summary: flag,
  })
  .partial();
export const staffSettingsResponseSchema = z.object({ data: staffSettingsSchema });

export type StaffSettingsUpdate = z.infer<typeof staffSettingsUpdateSchema>;
