import { z } from 'zod';

/** The value of the App-Platform header. `mini` is an embedded host app (ADR 000: mini platform). */
export const PLATFORMS = ['web', 'android', 'ios', 'mini', 'desktop'] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

/** Platforms that run inside our native wrapper and so are subject to the forced update. */
export const NATIVE_PLATFORMS: readonly Platform[] = ['android', 'ios'];
