import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  staffEndpoints,
  type StaffAttachment,
  type StaffListQuery,
  type staffAttachmentListQuerySchema,
  type staffAttachmentUpdateSchema,
} from '@dars/contract';
import { auditedRows, type Actor, type Db } from '../../db/audited-change';
import { defined, viewedRows } from '../../db/list-page';
import type { AttachmentsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { readUploadedForm } from '../../lib/multipart';
import type { Storage } from '../../storage';
import { lectureExists, nextPosition } from '../lectures/lecture-admin';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// A lecture's attachments as the staff console reads and writes them.

/** What a lecture's attachment may be, judged by its bytes (ADR 022). */
const ATTACHMENT_TYPES = new Map([
  ['application/pdf', 'pdf'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
]);
function attachmentView(r: Selectable<AttachmentsTable>): StaffAttachment {
  return {
    id: r.id,
    lecture_id: r.lecture_id,
    name: r.name,
    position: r.position,
    size: r.size,
    extension: r.extension,
  };
}

const attachmentItems = viewedRows('attachments', (_db, rows) => rows.map(attachmentView));

export const getAttachment = attachmentItems.get;

export async function listAttachments(
  db: Db,
  query: StaffListQuery & z.output<typeof staffAttachmentListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return attachmentItems.list(db, query, {
    scope: { resource: 'attachment', teacher },
    search: ['name'],
    equal: ['lecture_id'],
    sortable: ['id', 'name', 'position', 'size'],
    fallback: 'position',
  });
}

const attachmentRows = auditedRows('attachments', 'attachments', getAttachment);

/**
 * POST /staff/attachments (multipart: lecture_id, name, file): the file is checked by its
 * bytes and stored in private storage under a generated name; students get it by signed link.
 */
export async function uploadAttachment(
  db: Db,
  storage: Storage,
  actor: Actor,
  request: FastifyRequest,
  parse: (
    fields: Record<string, string>,
  ) => Promise<{ lecture_id: number; name: string }> | { lecture_id: number; name: string },
): Promise<StaffAttachment> {
  const { fields, file } = await readUploadedForm(
    request,
    staffEndpoints.staffCreateAttachment.upload,
  );
  const body = await parse(fields);
  if (!file || file.length === 0) throw fieldError('file', STAFF_MESSAGES.required);
  const type = await fileTypeFromBuffer(file);
  const extension = type ? ATTACHMENT_TYPES.get(type.mime) : undefined;
  if (!extension) throw fieldError('file', STAFF_MESSAGES.fileType);
  const key = `attachments/${body.lecture_id}-${randomBytes(6).toString('hex')}.${extension}`;
  await storage.write('private', key, file);
  try {
    return await attachmentRows.create(db, actor, async (trx) => {
      await lectureExists(trx, body.lecture_id);
      return {
        lecture_id: body.lecture_id,
        name: body.name,
        position: await nextPosition(trx, 'attachments', body.lecture_id),
        file_path: key,
        size: file.length,
        extension,
      };
    });
  } catch (error) {
    await storage.remove('private', key);
    throw error;
  }
}

export function updateAttachment(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffAttachmentUpdateSchema>,
): Promise<StaffAttachment> {
  return attachmentRows.update(db, actor, id, () =>
    defined({ name: body.name, position: body.position }),
  );
}

export async function deleteAttachment(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
): Promise<void> {
  const row = await db
    .selectFrom('attachments')
    .select('file_path')
    .where('id', '=', id)
    .executeTakeFirst();
  await attachmentRows.remove(db, actor, id);
  if (row?.file_path.startsWith('attachments/')) await storage.remove('private', row.file_path);
}
