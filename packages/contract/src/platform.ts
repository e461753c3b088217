import { z } from './zod';
import { PLATFORMS } from './platform-names';

/** The App-Platform header's value (the names are in `platform-names.ts`, without zod). */
export const platformSchema = z.enum(PLATFORMS);
