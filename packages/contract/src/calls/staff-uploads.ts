import { z } from 'zod';
import { imageFileSchema } from '../fields';

/** Picture uploads (a teacher's, a course's, a question's, a home slide). */

/** POST /staff/…/image (multipart: file) → the stored image's url. */
export const staffImageUploadBodySchema = z.object({ file: imageFileSchema });
export const staffImageUploadResponseSchema = z.object({
  data: z.object({ url: z.string() }),
});
