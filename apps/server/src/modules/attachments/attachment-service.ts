import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { verifyToken } from '../../lib/signed-token';
import { lectureAccess } from '../lectures/lecture-access';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The file behind a signed download link (`at`, from the lecture's contents), for a student
 * who still has the lecture: access is checked again, so a link never outlives the purchase.
 * @example const { key, type, downloadName } = await attachmentDownload(ctx, 3, request.query.at)
 */
export async function attachmentDownload(ctx: AppContext, id: number, at: string | undefined) {
  const payload = at ? verifyToken(ctx.secret, at) : null;
  if (!payload || payload.a !== id || typeof payload.u !== 'number') {
    throw new AppError('FORBIDDEN', 'انتهت صلاحية رابط التحميل، افتح المحاضرة مرة أخرى');
  }
  const attachment = await ctx.db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!attachment) throw new AppError('NOT_FOUND', 'الملف غير موجود');
  const access = await lectureAccess(ctx.db, attachment.lecture_id, payload.u);
  if (!access.hasAccess) throw new AppError('FORBIDDEN');
  return {
    key: attachment.file_path,
    type: TYPES[attachment.extension] ?? 'application/octet-stream',
    downloadName: `${attachment.name}.${attachment.extension}`,
    userId: payload.u,
    lectureId: attachment.lecture_id,
  };
}
