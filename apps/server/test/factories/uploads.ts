import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WEB_HEADERS } from '../helpers';

/** One part of a multipart body: a text field, or a file when it has a name. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/**
 * A multipart/form-data body and its content type, for `app.inject`.
 * @example await app.inject({ method: 'POST', url, ...multipartForm([{ name: 'file', value, filename: 'a.png' }]) })
 */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----dars-${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename
      ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
      : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  };
}

/** An MP4 by its first bytes: `ftyp`, a `moov` whose movie header says 20 s (1000 units a second), then noise. */
export function fakeMp4(size: number): Buffer {
  const head = Buffer.from(
    '000000186674797069736f6d0000020069736f6d6d703432' +
      '000000246d6f6f76' +
      '0000001c6d766864' +
      '00000000' +
      '00000000' +
      '00000000' +
      '000003e8' +
      '00004e20',
    'hex',
  );
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - head.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([head, mdat, randomBytes(size - head.length - mdat.length)]);
}

/**
 * A course, a lecture and a video without a file, made through the staff API with `token`
 * (a leader's or an admin's); answers the video's id, ready for a tus upload.
 * @example const videoId = await newStaffVideo(server.app, leader)
 */
export async function newStaffVideo(app: FastifyInstance, token: string): Promise<number> {
  const staff = async (url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/staff${url}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const course = await staff('/courses', { name: 'دورة', pay_type: 'course' });
  const lecture = await staff('/lectures', { course_id: course, name: 'تمهيد' });
  return staff('/videos', { lecture_id: lecture, name: 'شرح' });
}
