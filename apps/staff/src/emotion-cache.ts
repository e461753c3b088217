import { createRtlCache } from '@dars/ui/rtl-cache';

/** The console's emotion cache (right to left). The tests empty it between tests (test/setup.ts). */
export const rtlCache = createRtlCache();
