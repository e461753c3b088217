import { z } from '../zod';

/** GET /attachments/{id}/download?at=…: `at` is the signed link's token (who, which file, until). */
export const downloadAttachmentQuerySchema = z.object({ at: z.string().max(1000).optional() });
