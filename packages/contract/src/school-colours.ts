/**
 * The school's colours and their contrast (ADR 049), without zod: the web app's first script
 * reads them to paint the school's colours before anything else has loaded.
 */

/** A colour as staff pick it: `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** WCAG 2's AA minimum for normal text (1.4.3). */
export const AA_CONTRAST = 4.5;

/** The dark text a light colour carries (the theme's secondary text colour). */
export const DARK_TEXT = '#1b1b1b';
export const LIGHT_TEXT = '#ffffff';

/** The school's identity, as the settings hold it (the contract's `School`, ADR 049). */
export interface SchoolIdentity {
  name: string;
  logo_light: string | null;
  logo_dark: string | null;
  favicon: string | null;
  primary_color: string;
  secondary_color: string;
  footer_text: string | null;
  legal_links: { label: string; url: string }[];
}

export const DEFAULT_SCHOOL: Readonly<SchoolIdentity> = {
  name: 'دَرس',
  logo_light: null,
  logo_dark: null,
  favicon: null,
  primary_color: '#1f4fa3',
  secondary_color: '#f59e0b',
  footer_text: null,
  legal_links: [],
};

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
