import { z } from '../zod';
import { imageFileSchema } from '../fields';

/** Picture uploads (a teacher's, a course's, a question's, a home slide). */

/** POST /staff/…/image (multipart: file) → the stored image's url. */
export const staffImageUploadBodySchema = z.object({ file: imageFileSchema });
export const staffImageUploadResponseSchema = z.object({
  data: z.object({ url: z.string() }),
});

/**
 * The tus endpoint of lecture videos (resumable uploads, ADR 022, 027), below the API base:
 * `POST` opens an upload, `PATCH`/`HEAD`/`DELETE` `/:id` go on with it. Not an entry of the
 * table: the tus protocol is not a JSON call.
 */
export const STAFF_VIDEO_UPLOAD_PATH = '/staff/uploads/videos';
