import type { VideoViewFigures, VideoViewMessage } from '@dars/contract';
import { isRecord, VIDEO_VIEW_MESSAGE_TYPE } from '@dars/contract/plain';
import { t } from '../../../i18n/t';
import { videoViewsLine } from './video-views';

/** Where the view's news may come from: our player frame, served by the server. */
export interface PlayerFrame {
  /** The server's origin, read from the player url it sent (`new URL(url).origin`). */
  origin: string;
  /** The frame's window: a message from any other window is not the player's. */
  window: MessageEventSource | null | undefined;
  videoId: number;
}

/**
 * The figures of a `dars:video-view` message, or null when the message is not our player's:
 * another origin, another window, another video or any other shape changes nothing.
 * @example readVideoViewMessage(event, { origin: 'https://dars.example', window: frame.contentWindow, videoId: 7 })
 */
export function readVideoViewMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: PlayerFrame,
): VideoViewFigures | null {
  if (event.origin !== frame.origin) return null;
  if (!frame.window || event.source !== frame.window) return null;
  const message = event.data as unknown;
  if (!isVideoViewMessage(message) || message.video_id !== frame.videoId) return null;
  const { views_limit, counted_views, remaining_views } = message;
  return { views_limit, counted_views, remaining_views };
}

const isCount = (value: unknown, least: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= least;

/**
 * Whether a posted message has the shape of the contract's `videoViewMessageSchema`, checked
 * without zod: the course page, which holds the player, loads none (ADR 041).
 */
export function isVideoViewMessage(value: unknown): value is VideoViewMessage {
  if (!isRecord(value) || value.type !== VIDEO_VIEW_MESSAGE_TYPE) return false;
  const { video_id, views_limit, counted_views, remaining_views, counted } = value;
  return (
    isCount(video_id, 1) &&
    (views_limit === null || isCount(views_limit, 1)) &&
    isCount(counted_views, 0) &&
    (remaining_views === null || isCount(remaining_views, 0)) &&
    typeof counted === 'boolean'
  );
}

/**
 * The player dialog's notice: before playback nothing is counted; once counted, what is left.
 * @example viewNotice(null) // 'لن تُحتسب المشاهدة إلا عند بدء التشغيل'
 * @example viewNotice({ views_limit: 3, counted_views: 1, remaining_views: 2 }) // 'تم احتساب مشاهدة — المتبقي 2 من 3 مشاهدات'
 */
export function viewNotice(figures: VideoViewFigures | null): string {
  if (!figures) return t('video.notCountedYet');
  return t('video.viewCounted', { views: videoViewsLine(figures, true).text });
}
