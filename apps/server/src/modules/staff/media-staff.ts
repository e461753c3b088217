import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  STAFF_IMAGE_UPLOAD,
  staffEndpoints,
  VALIDATION_MESSAGES,
  type StaffAttachment,
  type StaffListQuery,
  type StaffVideo,
  type staffAttachmentListQuerySchema,
  type staffAttachmentUpdateSchema,
  type staffVideoCreateSchema,
  type staffVideoListQuerySchema,
  type staffVideoUpdateSchema,
} from '@dars/contract';
import type { AttachmentsTable, VideosTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { sniffImage } from '../../lib/image-type';
import { readUploadedFile, readUploadedForm } from '../../lib/multipart';
import type { Storage } from '../../storage';
import {
  bool,
  change,
  countOf,
  defined,
  flagOf,
  matches,
  nextPosition,
  pageOf,
  sortOf,
  type Actor,
  type Db,
  type Trx,
} from './staff-core';

// ---------------------------------------------------------------------------------------------
// Videos (their files arrive by resumable upload, video-upload.ts)

type VideoRow = Selectable<VideosTable>;

function videoView(r: VideoRow): StaffVideo {
  return {
    id: r.id,
    lecture_id: r.lecture_id,
    name: r.name,
    position: r.position,
    views_limit: r.views_limit,
    hide_attendance_chips: bool(r.hide_attendance_chips),
    attendance_required: bool(r.attendance_required),
    attendance_chip_text: r.attendance_chip_text,
    has_file: r.source_path !== null,
    duration_seconds: r.duration_seconds,
  };
}

export async function getVideo(db: Db | Trx, id: number): Promise<StaffVideo | undefined> {
  const row = await db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? videoView(row) : undefined;
}

export async function listVideos(
  db: Db,
  query: StaffListQuery & z.output<typeof staffVideoListQuerySchema>,
) {
  let base = db.selectFrom('videos');
  if (query.q) base = base.where(matches('name', query.q));
  if (query.lecture_id !== undefined) base = base.where('lecture_id', '=', query.lecture_id);
  const sort = sortOf(query, ['id', 'name', 'position'] as const, 'position');
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: rows.map(videoView), meta: { total: countOf(total) } };
}

type VideoFields = z.output<typeof staffVideoUpdateSchema>;

function videoColumns(body: VideoFields) {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : flagOf(v));
  return defined({
    name: body.name,
    position: body.position,
    views_limit: body.views_limit,
    hide_attendance_chips: flag(body.hide_attendance_chips),
    attendance_required: flag(body.attendance_required),
    attendance_chip_text: body.attendance_chip_text,
  });
}

async function lectureExists(trx: Trx, id: number): Promise<void> {
  const row = await trx.selectFrom('lectures').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw fieldError('lecture_id', VALIDATION_MESSAGES.choice);
}

export async function createVideo(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffVideoCreateSchema>,
): Promise<StaffVideo> {
  const { after } = await change(
    db,
    actor,
    { resource: 'videos', action: 'create' },
    getVideo,
    async (trx) => {
      await lectureExists(trx, body.lecture_id);
      const row = await trx
        .insertInto('videos')
        .values({
          source_path: null,
          license_url: null,
          duration_seconds: null,
          views_limit: null,
          hide_attendance_chips: 0,
          attendance_required: 0,
          attendance_chip_text: null,
          ...videoColumns(body),
          position: body.position ?? (await nextPosition(trx, 'videos', body.lecture_id)),
          lecture_id: body.lecture_id,
          name: body.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
  return after!;
}

export async function updateVideo(
  db: Db,
  actor: Actor,
  id: number,
  body: VideoFields,
): Promise<StaffVideo> {
  const { after } = await change(
    db,
    actor,
    { resource: 'videos', action: 'update', id },
    getVideo,
    async (trx) => {
      const values = videoColumns(body);
      if (Object.keys(values).length > 0) {
        await trx.updateTable('videos').set(values).where('id', '=', id).execute();
      }
      return id;
    },
  );
  return after!;
}

/** Sets the uploaded file of a video (a key of private storage). */
export async function setVideoFile(
  db: Db,
  actor: Actor,
  id: number,
  key: string,
  /** Read from the file's movie header; null when it has none (the old length is dropped). */
  durationSeconds: number | null,
): Promise<void> {
  await change(db, actor, { resource: 'videos', action: 'upload', id }, getVideo, async (trx) => {
    await trx
      .updateTable('videos')
      .set({ source_path: key, duration_seconds: durationSeconds })
      .where('id', '=', id)
      .execute();
    return id;
  });
}

export async function deleteVideo(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
): Promise<void> {
  const row = await db
    .selectFrom('videos')
    .select('source_path')
    .where('id', '=', id)
    .executeTakeFirst();
  await change(db, actor, { resource: 'videos', action: 'delete', id }, getVideo, async (trx) => {
    await trx.deleteFrom('videos').where('id', '=', id).execute();
    return id;
  });
  // Only files the staff API uploaded; the seed's shared sample stays.
  if (row?.source_path?.startsWith('videos/')) await storage.remove('private', row.source_path);
}

// ---------------------------------------------------------------------------------------------
// Attachments

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

export async function getAttachment(
  db: Db | Trx,
  id: number,
): Promise<StaffAttachment | undefined> {
  const row = await db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? attachmentView(row) : undefined;
}

export async function listAttachments(
  db: Db,
  query: StaffListQuery & z.output<typeof staffAttachmentListQuerySchema>,
) {
  let base = db.selectFrom('attachments');
  if (query.q) base = base.where(matches('name', query.q));
  if (query.lecture_id !== undefined) base = base.where('lecture_id', '=', query.lecture_id);
  const sort = sortOf(query, ['id', 'name', 'position', 'size'] as const, 'position');
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: rows.map(attachmentView), meta: { total: countOf(total) } };
}

/**
 * POST /staff/attachments (multipart: lecture_id, name, file): the file is checked by its
 * bytes and stored in private storage under a generated name; students get it by signed link.
 */
export async function uploadAttachment(
  db: Db,
  storage: Storage,
  actor: Actor,
  request: FastifyRequest,
  parse: (fields: Record<string, string>) => { lecture_id: number; name: string },
): Promise<StaffAttachment> {
  const { fields, file } = await readUploadedForm(
    request,
    staffEndpoints.staffCreateAttachment.upload,
  );
  const body = parse(fields);
  if (!file || file.length === 0) throw fieldError('file', STAFF_MESSAGES.required);
  const type = await fileTypeFromBuffer(file);
  const extension = type ? ATTACHMENT_TYPES.get(type.mime) : undefined;
  if (!extension) throw fieldError('file', STAFF_MESSAGES.fileType);
  const key = `attachments/${body.lecture_id}-${randomBytes(6).toString('hex')}.${extension}`;
  await storage.write('private', key, file);
  try {
    const { after } = await change(
      db,
      actor,
      { resource: 'attachments', action: 'create' },
      getAttachment,
      async (trx) => {
        await lectureExists(trx, body.lecture_id);
        const row = await trx
          .insertInto('attachments')
          .values({
            lecture_id: body.lecture_id,
            name: body.name,
            position: await nextPosition(trx, 'attachments', body.lecture_id),
            file_path: key,
            size: file.length,
            extension,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
    );
    return after!;
  } catch (error) {
    await storage.remove('private', key);
    throw error;
  }
}

export async function updateAttachment(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffAttachmentUpdateSchema>,
): Promise<StaffAttachment> {
  const { after } = await change(
    db,
    actor,
    { resource: 'attachments', action: 'update', id },
    getAttachment,
    async (trx) => {
      const values = defined({ name: body.name, position: body.position });
      if (Object.keys(values).length > 0) {
        await trx.updateTable('attachments').set(values).where('id', '=', id).execute();
      }
      return id;
    },
  );
  return after!;
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
  await change(
    db,
    actor,
    { resource: 'attachments', action: 'delete', id },
    getAttachment,
    async (trx) => {
      await trx.deleteFrom('attachments').where('id', '=', id).execute();
      return id;
    },
  );
  if (row?.file_path.startsWith('attachments/')) await storage.remove('private', row.file_path);
}

// ---------------------------------------------------------------------------------------------
// Images (course cover, teacher avatar and banner, question figures, home slides)

/**
 * Reads the `file` of a multipart request, checks it is a raster image by its bytes, and stores
 * it in public storage under `folder` with a generated name; returns the key.
 */
export async function uploadImage(
  storage: Storage,
  request: FastifyRequest,
  folder: string,
): Promise<string> {
  const bytes = await readUploadedFile(request, STAFF_IMAGE_UPLOAD);
  const extension = await sniffImage(bytes);
  if (!extension) throw fieldError('file', VALIDATION_MESSAGES.image);
  const key = `${folder}/${randomBytes(8).toString('hex')}.${extension}`;
  await storage.write('public', key, bytes);
  return key;
}
