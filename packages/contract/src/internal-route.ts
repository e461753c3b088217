import { z } from './zod';

/**
 * An internal route such as `/wallet`, or null. Anything else (an absolute or
 * protocol-relative url) reads as null, so a server-sent link never sends the student
 * off-site.
 * @example internalRouteSchema.parse('//evil.example') // null
 */
export const internalRouteSchema = z
  .string()
  .regex(/^\/(?!\/)/)
  .nullable()
  .catch(null);
