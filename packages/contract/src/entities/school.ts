import { z } from '../zod';
import { HEX_COLOUR } from '../school-colours';

export * from '../school-colours';

/**
 * The school's identity (issue 27, ADR 049): its name, logos, favicon, colours, footer text and
 * legal links, set by its admin in the settings and applied wherever the school meets people.
 * A fresh installation is «دَرس» in its own colours.
 */

/** An image the school uploaded (public storage) or one on the web. */
const imageUrl = z.string().nullable();

export const legalLinkSchema = z.object({ label: z.string(), url: z.string() });
export type LegalLink = z.infer<typeof legalLinkSchema>;

export const schoolSchema = z.object({
  name: z.string(),
  /** The logo on light backgrounds (the header, the console's login). */
  logo_light: imageUrl,
  /** The logo on the brand colour or a dark background (the splash, the footer). */
  logo_dark: imageUrl,
  favicon: imageUrl,
  primary_color: z.string().regex(HEX_COLOUR),
  secondary_color: z.string().regex(HEX_COLOUR),
  /** A line under the footer's links (an address, a licence); null: none. */
  footer_text: z.string().nullable(),
  legal_links: z.array(legalLinkSchema),
});
export type School = z.infer<typeof schoolSchema>;
