import { z } from '../zod';
import { internalRouteSchema } from '../internal-route';
import { safeString } from '../primitives';
import { STAFF_MESSAGES, staffUrl } from './staff';

const M = STAFF_MESSAGES;

/** The home page's header images (slides), saved as one list. */

export const staffHeaderImageSchema = z.object({
  url: z.string(),
  href: z.string().nullable(),
  to: z.string().nullable(),
});
export const staffHeaderImagesBodySchema = z.object({
  header_images: z
    .array(
      z.object({
        /** An uploaded image's url (/storage/…) or an http(s) link. */
        url: safeString(M.required)
          .trim()
          .min(1, { error: M.required })
          .max(2000)
          .refine((v) => /^(https?:\/\/|\/storage\/)[^\s]+$/i.test(v), { error: M.url }),
        href: staffUrl.optional(),
        to: safeString()
          .trim()
          .max(500)
          .nullable()
          .optional()
          .transform((v) => (v ? v : null))
          .refine((v) => v === null || internalRouteSchema.parse(v) !== null, {
            error: 'أدخل مساراً داخلياً يبدأ بـ /',
          }),
      }),
    )
    .max(20, { error: 'عدد العناصر أكبر من المسموح' }),
});
export const staffHeaderImagesResponseSchema = z.object({ data: z.array(staffHeaderImageSchema) });
