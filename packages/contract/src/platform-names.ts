/**
 * The platforms' names without their schema (`platform.ts` has it): the browser's first screen
 * reads them and does not load zod (ADR 041).
 */

/** The value of the App-Platform header. `mini` is an embedded host app (ADR 000: mini platform). */
export const PLATFORMS = ['web', 'android', 'ios', 'mini', 'desktop'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Platforms that run inside our native wrapper and so are subject to the forced update. */
export const NATIVE_PLATFORMS: readonly Platform[] = ['android', 'ios'];
