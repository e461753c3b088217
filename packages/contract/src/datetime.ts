import { z } from './zod';

/**
 * An instant on the wire: ISO 8601 with a zone (`2024-05-01T09:30:00.000Z`). The server's
 * clock is the truth (ADR 000: Time), so the zone is never left for the client to guess.
 * @example isoDateTimeSchema.parse(new Date().toISOString())
 */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;
