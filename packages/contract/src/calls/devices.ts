import { z } from '../zod';
import { idSchema } from '../primitives';

/**
 * A student's devices and sessions (issue 28, ADR 051): the student's own list in the profile
 * and the same list on the student's page in the console; the school's limit of devices per
 * student.
 */

/** The most a school may set as its limit of devices per student. */
export const MAX_DEVICES_LIMIT = 20;

export const DEVICE_MESSAGES = {
  /** The setting's refusal in the console. */
  limitField: `أدخل عدداً صحيحاً من 0 إلى ${MAX_DEVICES_LIMIT}، أو اتركه فارغاً لعدم التقييد`,
  target: 'اختر الجهاز أو الجلسة التي يُسجَّل الخروج منها',
  missing: 'لم نجد هذا الجهاز؛ ربما سُجّل الخروج منه بالفعل',
  signedOut: 'تم تسجيل الخروج من الجهاز',
  signedOutOthers: 'تم تسجيل الخروج من الأجهزة الأخرى',
  noOthers: 'لا توجد أجهزة أخرى مسجّل عليها الدخول',
  signedOutAll: 'تم تسجيل خروج الطالب من كل الأجهزة',
  noSessions: 'الطالب غير مسجّل الدخول على أي جهاز',
  reset: 'تمت إعادة ضبط أجهزة الطالب؛ يمكنه الدخول من أجهزة جديدة',
  nothingToReset: 'لا توجد أجهزة محفوظة لهذا الطالب',
  /** A running exam session opened with another sign-in (ADR 051). */
  examElsewhere: 'هذا الامتحان مفتوح من جهاز آخر؛ ادخل إليه من جديد بكود الامتحان لتكمله من هنا',
} as const;

/** Arabic «جهاز واحد، جهازان، 3 أجهزة، 11 جهازاً». */
export function devicesText(n: number): string {
  if (n === 1) return 'جهاز واحد';
  if (n === 2) return 'جهازان';
  const lastTwo = n % 100;
  return lastTwo >= 3 && lastTwo <= 10 ? `${n} أجهزة` : `${n} جهازاً`;
}

/**
 * The refusal of a sign-in on one device more than the school allows (403 DEVICE_LIMIT_REACHED):
 * what happened and what to do.
 * @example deviceLimitMessage(2) // 'وصلت إلى الحد الأقصى لعدد الأجهزة (2). …'
 */
export function deviceLimitMessage(limit: number): string {
  return `وصلت إلى الحد الأقصى لعدد الأجهزة (${limit}). سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.`;
}

/**
 * A device or a session of the student, as the profile and the console list them. A device
 * the student signed in on with a device id stays known after signing out (it keeps its
 * place under the school's limit) until it is signed out from the list or staff reset the
 * devices; a session of an app that sends no device id is its own device while it lasts.
 */
export const signInDeviceSchema = z.object({
  /** The known device; null: a session of an app that sends no device id. */
  device_id: z.number().int().nullable(),
  /** Its live session; null: the device is known but signed out. */
  session_id: z.number().int().nullable(),
  /** 'web' | 'android' | 'ios' | 'mini' | 'desktop' (the App-Platform header). */
  platform: z.string(),
  app_version: z.string().nullable(),
  /** Read from the User-Agent: 'Chrome', 'Safari'… (null in the native apps or when unknown). */
  browser: z.string().nullable(),
  /** 'Windows', 'Android 14', 'iOS 17.4', 'macOS'… */
  os: z.string().nullable(),
  /** The phone's model when the User-Agent names it ('SM-A525F'). */
  model: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The address it signed in from, and the last it was used from. */
  signed_in_ip: z.string().nullable(),
  last_ip: z.string().nullable(),
  signed_in: z.boolean(),
  /** The device this list was asked from (always false in the console). */
  current: z.boolean(),
});
export type SignInDevice = z.infer<typeof signInDeviceSchema>;

/**
 * What the student and staff call a device: the app on a phone, or the browser on a system,
 * with the phone's model when its browser says it.
 * @example deviceLabel({ platform: 'web', browser: 'Chrome', os: 'Windows', model: null }) // 'Chrome على Windows'
 */
export function deviceLabel(
  d: Pick<SignInDevice, 'platform' | 'browser' | 'os' | 'model'>,
): string {
  const model = d.model ? ` (${d.model})` : '';
  if (d.platform === 'android') return `تطبيق أندرويد${model}`;
  if (d.platform === 'ios') return `تطبيق iPhone${model}`;
  if (d.browser && d.os) return `${d.browser} على ${d.os}${model}`;
  const one = d.browser ?? d.os;
  return one ? `${one}${model}` : 'جهاز غير معروف';
}

/** The list with the school's limit (null: no limit) and the places it uses. */
export const devicesListSchema = z.object({
  max_devices: z.number().int().nullable(),
  /** How many of the limit's places the list uses (known devices and sessions without one). */
  used: z.number().int(),
  devices: z.array(signInDeviceSchema),
});
export type DevicesList = z.infer<typeof devicesListSchema>;

/** GET /profile/devices → `{ data }` */
export const getProfileDevicesResponseSchema = z.object({ data: devicesListSchema });
export type GetProfileDevicesResponse = z.infer<typeof getProfileDevicesResponseSchema>;

const targetId = idSchema(DEVICE_MESSAGES.target);

/**
 * Which one to sign out: the device (`device_id`) or, for a session of an app that sends no
 * device id, the session (`session_id`). Exactly one.
 */
export const signOutDeviceBodySchema = z
  .object({
    device_id: targetId.optional(),
    session_id: targetId.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.device_id === undefined) === (body.session_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['device_id'], message: DEVICE_MESSAGES.target });
    }
  });
export type SignOutDeviceBody = z.infer<typeof signOutDeviceBodySchema>;

/** A sign-out's answer: the text and the list as it is now. */
export const devicesChangeResponseSchema = z.object({
  message: z.string(),
  data: devicesListSchema,
});
export type DevicesChangeResponse = z.infer<typeof devicesChangeResponseSchema>;

/** The school's setting: a whole number of devices, 0 or empty for no limit. */
export const maxDevicesSettingSchema = z
  .number({ error: DEVICE_MESSAGES.limitField })
  .int({ error: DEVICE_MESSAGES.limitField })
  .min(0, { error: DEVICE_MESSAGES.limitField })
  .max(MAX_DEVICES_LIMIT, { error: DEVICE_MESSAGES.limitField })
  .nullable();
