import { z } from '../zod';

/** The answer of a call whose only outcome is a text to show: `{ message }`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
