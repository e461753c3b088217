import type { Video } from '@dars/contract';
import { t, tPlural } from '../../../i18n/t';

/** The views line under a video, and whether it is the last view (highlighted). */
export interface ViewsLine {
  text: string;
  last: boolean;
}

/**
 * The remaining-views text of spec §2: 'المتبقي N من M مشاهدات', 'no view limit' without a
 * limit, 'you cannot watch the video' while the lecture's videos are closed.
 * @example videoViewsLine({ views_limit: 3, counted_views: 1 }, true) // { text: 'المتبقي 2 من 3 مشاهدات', last: false }
 * @example videoViewsLine({ views_limit: 3, counted_views: 2 }, true).last // true
 */
export function videoViewsLine(
  video: Pick<Video, 'views_limit' | 'counted_views'>,
  videosEnabled: boolean,
): ViewsLine {
  if (!videosEnabled) return { text: t('lectureDialog.cannotWatch'), last: false };
  if (video.views_limit === null) return { text: t('lectureDialog.noViewLimit'), last: false };
  const remaining = Math.max(0, video.views_limit - video.counted_views);
  return {
    text: t('lectureDialog.remainingViews', {
      remaining,
      total: tPlural('viewOf', video.views_limit),
    }),
    last: remaining === 1,
  };
}
