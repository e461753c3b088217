import type { FastifyRequest } from 'fastify';
import { VALIDATION_MESSAGES } from '@dars/contract';
import { AppError, fieldError } from './app-error';

/** Said when the body cannot be read as a form at all (no boundary, cut short, bad headers). */
export const MALFORMED_UPLOAD_MESSAGE = 'تعذّرت قراءة الملف المُرسل، اختره وأرسله مرة أخرى';

/**
 * Reads the one file of a multipart request, named `field`, into memory (bounded by
 * `maxBytes`). Anything a client can get wrong is a 422 on that field with an Arabic message:
 * not multipart, no boundary or a wrong one, a truncated part, another field, too large a file.
 * Only a fault of our own still reaches the error handler as a 500.
 * @example const bytes = await readUploadedFile(request, 'avatar', UPLOAD_MAX_BYTES)
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError(field, VALIDATION_MESSAGES.image);
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file || file.fieldname !== field) throw fieldError(field, VALIDATION_MESSAGES.image);
    return await file.toBuffer();
  } catch (error) {
    throw uploadError(field, error);
  }
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
 * Reads a multipart form of text fields and at most one file named `fileField` (bounded by
 * `maxBytes`), with the same Arabic 422s as readUploadedFile. A file under another name is
 * refused; no file at all gives `file: null`.
 * @example const { fields, file } = await readUploadedForm(request, 'answer_image', UPLOAD_MAX_BYTES)
 */
export async function readUploadedForm(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!request.isMultipart()) throw fieldError(fileField, MALFORMED_UPLOAD_MESSAGE);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw fieldError(fileField, VALIDATION_MESSAGES.image);
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(fileField, error);
  }
  return { fields, file };
}
