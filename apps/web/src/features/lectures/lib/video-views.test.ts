import { describe, expect, it } from 'vitest';
import { videoViewsLine } from './video-views';

describe('videoViewsLine', () => {
  it('says how many of the allowed views remain', () => {
    expect(videoViewsLine({ views_limit: 3, counted_views: 1 }, true)).toEqual({
      text: 'المتبقي 2 من 3 مشاهدات',
      last: false,
    });
    expect(videoViewsLine({ views_limit: 20, counted_views: 5 }, true).text).toBe(
      'المتبقي 15 من 20 مشاهدة',
    );
    expect(videoViewsLine({ views_limit: 2, counted_views: 0 }, true).text).toBe(
      'المتبقي 2 من مشاهدتين',
    );
  });

  it('highlights the last view', () => {
    expect(videoViewsLine({ views_limit: 3, counted_views: 2 }, true)).toEqual({
      text: 'المتبقي 1 من 3 مشاهدات',
      last: true,
    });
    expect(videoViewsLine({ views_limit: 1, counted_views: 0 }, true)).toEqual({
      text: 'المتبقي 1 من مشاهدة واحدة',
      last: true,
    });
  });

  it('never goes below zero', () => {
    expect(videoViewsLine({ views_limit: 3, counted_views: 5 }, true)).toEqual({
      text: 'المتبقي 0 من 3 مشاهدات',
      last: false,
    });
  });

  it('says there is no limit when there is none', () => {
    expect(videoViewsLine({ views_limit: null, counted_views: 9 }, true)).toEqual({
      text: 'مشاهدات غير محدودة',
      last: false,
    });
  });

  it('says the video cannot be watched while videos are closed', () => {
    expect(videoViewsLine({ views_limit: 3, counted_views: 0 }, false)).toEqual({
      text: 'لا يمكنك مشاهدة الفيديو',
      last: false,
    });
  });
});
