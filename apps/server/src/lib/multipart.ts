import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { VALIDATION_MESSAGES, type UploadLimit } from '@dars/contract';
import { AppError, fieldError } from './app-error';

/** Said when the body cannot be read as a form at all (no boundary, cut short, bad headers). */
export const MALFORMED_UPLOAD_MESSAGE = 'تعذّرت قراءة الملف المُرسل، اختره وأرسله مرة أخرى';

/**
 * Reads the one file of a multipart request, named `field`, into memory (bounded by
 * `maxBytes`): the call's `upload` in the contract. Anything a client can get wrong is a 422 on
 * that field with an Arabic message: not multipart, no boundary or a wrong one, a truncated
 * part, another field, too large a file. Only a fault of our own still reaches the error
 * handler as a 500.
 * @example const bytes = await readUploadedFile(request, endpoints.updateAvatar.upload)
 */
export async function readUploadedFile(
  request: FastifyRequest,
  { field, maxBytes }: UploadLimit,
): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError(field, VALIDATION_MESSAGES.image);
  try {
    const file = await request.file({ limits: limitsOf(maxBytes) });
    if (!file || file.fieldname !== field) throw fieldError(field, VALIDATION_MESSAGES.image);
    return await wholeFile(file, field, maxBytes);
  } catch (error) {
    throw uploadError(field, error);
  }
}

/**
 * A form of text fields and one file (required: `missing` says what to choose when none came),
 * with the file's name as the client gave it.
 */
export async function readNamedForm(
  request: FastifyRequest,
  limit: UploadLimit,
  missing: string,
): Promise<{ fields: Record<string, string>; bytes: Buffer; fileName: string | null }> {
  if (!request.isMultipart()) throw fieldError(limit.field, missing);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string | null } | null = null;
  try {
    for await (const part of request.parts({ limits: limitsOf(limit.maxBytes) })) {
      if (part.type === 'file') {
        if (part.fieldname !== limit.field) throw fieldError(limit.field, missing);
        file = {
          bytes: await wholeFile(part, limit.field, limit.maxBytes),
          fileName: part.filename ? part.filename.slice(0, 200) : null,
        };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(limit.field, error);
  }
  if (!file) throw fieldError(limit.field, missing);
  return { fields, ...file };
}

/**
 * The parser's limits for a file of at most `maxBytes`: one byte more than allowed. busboy cuts a
 * file at `fileSize` and says so only by `truncated`, which @fastify/multipart's toBuffer reads
 * after each chunk it is given; when the cut falls just after a chunk, busboy pushes no further
 * chunk, nothing is read again, and the file comes back whole-looking, exactly `fileSize` bytes
 * long (issue 23: an oversize avatar stored cut behind a 200). Reading one byte more, a file over
 * the limit is longer than `maxBytes` however its bytes were chunked.
 */
function limitsOf(maxBytes: number) {
  return { fileSize: maxBytes + 1, files: 1 };
}

/**
 * The file's bytes, all of them, or a 422 when more than `maxBytes` arrived. Counted, not taken
 * from busboy's `truncated` flag: a cut file read with limitsOf is `maxBytes + 1` bytes long.
 */
async function wholeFile(file: MultipartFile, field: string, maxBytes: number): Promise<Buffer> {
  const bytes = await file.toBuffer();
  if (bytes.length > maxBytes) throw fieldError(field, VALIDATION_MESSAGES.fileTooLarge);
  return bytes;
}

function uploadError(field: string, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') {
    return fieldError(field, VALIDATION_MESSAGES.fileTooLarge);
  }
  // @fastify/multipart's own errors carry a 4xx; the parser's (busboy) carry no status at all,
  // and every one of them is about the bytes the client sent.
  if (e.statusCode === undefined || (e.statusCode >= 400 && e.statusCode < 500)) {
    return fieldError(field, MALFORMED_UPLOAD_MESSAGE);
  }
  return error;
}

/**
 * Reads a multipart form of text fields and at most one file named as the call's `upload` says
 * (bounded by its `maxBytes`), with the same Arabic 422s as readUploadedFile. A file under
 * another name is refused; no file at all gives `file: null`.
 * @example const { fields, file } = await readUploadedForm(request, endpoints.saveExamImageAnswer.upload)
 */
export async function readUploadedForm(
  request: FastifyRequest,
  { field: fileField, maxBytes }: UploadLimit,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!request.isMultipart()) throw fieldError(fileField, MALFORMED_UPLOAD_MESSAGE);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: limitsOf(maxBytes) })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw fieldError(fileField, VALIDATION_MESSAGES.image);
        file = await wholeFile(part, fileField, maxBytes);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(fileField, error);
  }
  return { fields, file };
}
