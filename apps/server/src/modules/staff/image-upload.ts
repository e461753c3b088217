import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { STAFF_IMAGE_UPLOAD, VALIDATION_MESSAGES } from '@dars/contract';
import { fieldError } from '../../lib/app-error';
import { sniffImage } from '../../lib/image-type';
import { readUploadedFile } from '../../lib/multipart';
import type { Storage } from '../../storage';

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
