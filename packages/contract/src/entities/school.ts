import { z } from 'zod';

/**
 * The school's identity (issue 27, ADR 049): its name, logos, favicon, colours, footer text and
 * legal links, set by its admin in the settings and applied wherever the school meets people.
 * A fresh installation is «دَرس» in its own colours.
 */

/** A colour as staff pick it: `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** WCAG 2's AA minimum for normal text (1.4.3). */
export const AA_CONTRAST = 4.5;

/** The dark text a light colour carries (the theme's secondary text colour). */
export const DARK_TEXT = '#1b1b1b';
export const LIGHT_TEXT = '#ffffff';

export const DEFAULT_SCHOOL = {
  name: 'دَرس',
  logo_light: null,
  logo_dark: null,
  favicon: null,
  primary_color: '#1f4fa3',
  secondary_color: '#f59e0b',
  footer_text: null,
  legal_links: [],
} as const satisfies School;

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

/** One sRGB channel (0–255) as WCAG 2's linear value. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * WCAG 2's relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white).
 * @example relativeLuminance('#ffffff') // 1
 */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(linear) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * WCAG 2's contrast ratio of two colours, 1 to 21.
 * @example contrastRatio('#000000', '#ffffff') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour (white or the dark text) that reads best on `background`.
 * @example readableTextOn('#f59e0b') // '#1b1b1b'
 */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}
