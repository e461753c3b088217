import { z } from '../zod';
import { courseSummarySchema } from './course';
import { internalRouteSchema } from '../internal-route';

/**
 * A carousel slide (spec §2 Home): `href` opens externally, `to` is an internal route.
 * `href` is limited to http(s) so a slide cannot carry a `javascript:` link.
 */
export const headerImageSchema = z.object({
  url: z.string(),
  href: z.url({ protocol: /^https?$/ }).nullish(),
  to: internalRouteSchema.optional(),
});
export type HeaderImage = z.infer<typeof headerImageSchema>;

export const homeDataSchema = z.object({
  header_images: z.array(headerImageSchema),
  featured_courses: z.array(courseSummarySchema),
  latest_courses: z.array(courseSummarySchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;
