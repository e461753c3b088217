import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { detailsErrorMessage, sessionErrorMessage, startErrorMessage } from './exam-messages';

const error = (code: string, status = 404) =>
  new ApiError({ status, code, message: 'server text' });

describe('exam messages (spec §8)', () => {
  it('reads EXAM_NOT_FOUND as a wrong code when typed, a missing exam from a lecture', () => {
    expect(detailsErrorMessage(error('EXAM_NOT_FOUND'), { fromLecture: false })).toBe(
      'الكود الذي أدخلته غير صحيح',
    );
    expect(detailsErrorMessage(error('EXAM_NOT_FOUND'), { fromLecture: true })).toBe(
      'الامتحان غير موجود',
    );
  });

  it('tells the student to wait before the start and that entry closed after the end', () => {
    const typed = { fromLecture: false };
    expect(detailsErrorMessage(error('EXAM_NOT_STARTED', 403), typed)).toBe(
      'لم يبدأ الامتحان بعد، انتظر حتى يحين موعده',
    );
    expect(detailsErrorMessage(error('EXAM_ENDED', 403), typed)).toBe(
      'انتهى الوقت المسموح به لدخول الامتحان',
    );
    expect(detailsErrorMessage(new Error('boom'), typed)).toBe(
      'حدثت مشكلة أثناء جلب بيانات الامتحان',
    );
  });

  it('maps a refused start and a missing session', () => {
    expect(startErrorMessage(error('EXAM_NOT_ACTIVE', 403))).toBe(
      'لا يمكنك بدء الامتحان في الوقت الحالي',
    );
    expect(sessionErrorMessage(error('SESSION_NOT_FOUND'))).toBe('الجلسة غير موجودة');
    expect(sessionErrorMessage(error('SERVER_ERROR', 500))).toBe('حدثت مشكلة أثناء تحميل الامتحان');
  });
});
