import { z } from '../zod';
import { attachmentFileSchema } from '../fields';
import { ID_MAX } from '../primitives';
import { staffInt, staffListQuery, staffText } from './staff';
import { staffFilterId as filterId } from './staff-fields';

/** A lecture's attachments (metadata; the file comes in a multipart create). */

export const staffAttachmentSchema = z.object({
  id: z.number().int(),
  lecture_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  size: z.number().int(),
  extension: z.string(),
});
export type StaffAttachment = z.infer<typeof staffAttachmentSchema>;
export const staffAttachmentUpdateSchema = z.object({
  name: staffText(200).optional(),
  position: staffInt(0, 100_000).optional(),
});
export const staffAttachmentListQuerySchema = staffListQuery({ lecture_id: filterId() });
/** POST /staff/attachments (multipart): lecture_id, name, file. */
export const staffAttachmentUploadBodySchema = z.object({
  lecture_id: z.coerce.number().int().positive().max(ID_MAX),
  name: staffText(200),
  file: attachmentFileSchema,
});
