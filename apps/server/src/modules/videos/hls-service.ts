import { API_BASE } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { signToken, verifyToken } from '../../lib/signed-token';
import { sha256 } from '../../lib/tokens';
import { assertKey, readAll } from '../../storage';
import { examsHoldVideos } from '../lectures/lecture-access';
import { ladderOf, type Ladder, type LadderMeta } from './ladder';
import { KEY_PLACEHOLDER } from './transcode-files';
import { assertSignedIn, assertStillEntitled, readVideoToken, viewsSince } from './video-service';

// Serving a video's HLS ladder (ADR 055). Every playlist, segment, picture and the key is
// asked for with the player opening's signed token, and answers only while the sign-in that
// opened it lasts and the student still has the lecture (one primary-key read and the access
// check, as each range request of the MP4 stream). The stored playlists name their renditions,
// segments and key by relative names; the answered ones name our calls, each carrying its
// token. The key is the one thing the view limit guards: a copied folder or playlist is
// encrypted noise without a signed-in student whose view is counted, or may be.

const NOT_READY = 'الفيديو لم يُجهّز بجودات متعددة بعد';
const NO_VIDEO = 'الفيديو غير موجود';
const NO_VIEWS_LEFT = 'لقد استنفدت عدد مرات المشاهدة المسموح بها لهذا الفيديو';
const LINK_EXPIRED = 'انتهت صلاحية رابط الفيديو، افتحه مرة أخرى من المحاضرة';

/** The ladder for a live player token whose student still has the lecture. */
async function ladderFor(ctx: AppContext, videoId: number, vt: string | undefined) {
  const token = readVideoToken(ctx.secret, vt, videoId);
  await assertSignedIn(ctx, token);
  const video = await ctx.db
    .selectFrom('videos')
    .select([
      'id',
      'lecture_id',
      'views_limit',
      'source_path',
      'hls_source',
      'hls_prefix',
      'hls_key',
      'hls_meta',
    ])
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!video?.source_path) throw new AppError('NOT_FOUND', NO_VIDEO);
  const access = await assertStillEntitled(ctx, token.u, video.lecture_id);
  const ladder = ladderOf(video);
  if (!ladder) throw new AppError('NOT_FOUND', NOT_READY);
  return { token, video, access, ladder };
}

async function storedText(ctx: AppContext, key: string): Promise<string> {
  const bytes = await readAll(ctx.storage, 'private', key);
  if (!bytes) throw new AppError('NOT_FOUND', NOT_READY);
  return bytes.toString('utf8');
}

const base = (videoId: number) => `${API_BASE}/video/hls/${videoId}`;

/**
 * The master playlist, its renditions named by our calls with the opening's token.
 * @example await masterPlaylistFor(ctx, 7, vt) // '#EXTM3U\n…\n/api/v1/video/hls/7/v0/index.m3u8?vt=…'
 */
export async function masterPlaylistFor(
  ctx: AppContext,
  videoId: number,
  vt: string | undefined,
): Promise<string> {
  const { ladder } = await ladderFor(ctx, videoId, vt);
  const names = new Set(ladder.meta.renditions.map((r) => r.name));
  const text = await storedText(ctx, `${ladder.prefix}/master.m3u8`);
  const token = encodeURIComponent(vt!);
  return text
    .split('\n')
    .map((line) => {
      // Stryker disable next-line Regex,MethodExpression: the stored playlist is our ffmpeg's, whose rendition lines are exactly these names, without spaces
      const m = /^(v\d{1,2})\/index\.m3u8$/.exec(line.trim());
      if (!m || !names.has(m[1]!)) return line;
      return `${base(videoId)}/${m[1]}/index.m3u8?vt=${token}`;
    })
    .join('\n');
}

/** The token a rendition's segments are fetched with: the ladder's folder, signed. */
type SegmentToken = { v: number; p: string; u: number; s?: number; exp: number };

/**
 * A rendition's playlist: the key named by our key call, each segment by our segment call
 * with a token that signs the ladder's folder and the sign-in, and dies with the opening.
 */
export async function variantPlaylistFor(
  ctx: AppContext,
  videoId: number,
  variant: string,
  vt: string | undefined,
): Promise<string> {
  const { token, ladder } = await ladderFor(ctx, videoId, vt);
  if (!ladder.meta.renditions.some((r) => r.name === variant))
    throw new AppError('NOT_FOUND', NO_VIDEO);
  const text = await storedText(ctx, `${ladder.prefix}/${variant}/index.m3u8`);
  const left = token.exp - Date.now();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: readVideoToken refused an expired opening a moment ago; this only keeps a token from being signed for 0 ms or less
  if (left <= 0) throw new AppError('FORBIDDEN', LINK_EXPIRED);
  const st = encodeURIComponent(
    signToken(
      ctx.secret,
      {
        v: videoId,
        p: ladder.prefix,
        u: token.u,
        // Stryker disable next-line ConditionalExpression: an absent sign-in is undefined, which JSON leaves out as this does
        ...(typeof token.s === 'number' ? { s: token.s } : {}),
      },
      left,
    ),
  );
  const keyUrl = `${base(videoId)}/key?vt=${encodeURIComponent(vt!)}`;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY'))
        return line.replace(`URI="${KEY_PLACEHOLDER}"`, `URI="${keyUrl}"`);
      // Stryker disable next-line Regex,MethodExpression: as above, the segment lines are exactly these names
      const segment = /^s\d{5}\.ts$/.exec(line.trim());
      return segment ? `${base(videoId)}/${variant}/${segment[0]}?st=${st}` : line;
    })
    .join('\n');
}

/**
 * The stored key of a segment, for a valid segment token of this video whose sign-in still
 * lasts. The token names the ladder's folder: a new ladder's publication does not cut a
 * lecture being watched, and a token cannot reach another folder.
 */
export async function segmentKeyFor(
  ctx: AppContext,
  videoId: number,
  variant: string,
  segment: string,
  st: string | undefined,
): Promise<string> {
  const payload = st ? (verifyToken(ctx.secret, st) as SegmentToken | null) : null;
  if (
    !payload ||
    payload.v !== videoId ||
    typeof payload.p !== 'string' ||
    !payload.p.startsWith('hls/') ||
    typeof payload.u !== 'number'
  )
    throw new AppError('FORBIDDEN', LINK_EXPIRED);
  await assertSignedIn(ctx, { u: payload.u, s: payload.s });
  const key = `${payload.p}/${variant}/${segment}`;
  assertKey(key);
  return key;
}

/**
 * The ladder's AES-128 key: for a live token whose student still has the lecture, is not held
 * by a required exam, and has a view left, or whose opening is the one its last view counted
 * (the view is counted when playback starts, after the key has come).
 */
export async function hlsKeyFor(
  ctx: AppContext,
  videoId: number,
  vt: string | undefined,
): Promise<Buffer> {
  const { token, video, access, ladder } = await ladderFor(ctx, videoId, vt);
  if (await examsHoldVideos(ctx.db, video.lecture_id, token.u))
    throw new AppError('FORBIDDEN', 'لا يمكنك مشاهدة الفيديو قبل حل الامتحان المطلوب');
  if (video.views_limit !== null) {
    const counted = await viewsSince(ctx, token.u, video, access.since);
    if (counted >= video.views_limit) {
      const mine = await ctx.db
        .selectFrom('video_views')
        .select('id')
        .where('token_hash', '=', sha256(vt!))
        .executeTakeFirst();
      if (!mine) throw new AppError('FORBIDDEN', NO_VIEWS_LEFT);
    }
  }
  return ladder.key;
}

/** The stored key of the ladder's poster or thumbnails, for a live token. */
export async function ladderImageFor(
  ctx: AppContext,
  videoId: number,
  image: 'poster.jpg' | 'thumbs.jpg',
  vt: string | undefined,
): Promise<string> {
  const { ladder } = await ladderFor(ctx, videoId, vt);
  return `${ladder.prefix}/${image === 'poster.jpg' ? ladder.meta.poster : ladder.meta.thumbs.file}`;
}

/** What the player page needs of a ladder, or null to play the MP4. */
export type PlayerLadder = {
  master: string;
  /** The key call, which the page asks why when the ladder is refused. */
  key: string;
  poster: string;
  thumbs: LadderMeta['thumbs'] & { url: string };
  renditions: { name: string; height: number }[];
};

export function playerLadder(
  videoId: number,
  ladder: Ladder | null,
  vt: string,
): PlayerLadder | null {
  if (!ladder) return null;
  const token = encodeURIComponent(vt);
  return {
    master: `${base(videoId)}/master.m3u8?vt=${token}`,
    key: `${base(videoId)}/key?vt=${token}`,
    poster: `${base(videoId)}/images/poster.jpg?vt=${token}`,
    thumbs: { ...ladder.meta.thumbs, url: `${base(videoId)}/images/thumbs.jpg?vt=${token}` },
    renditions: ladder.meta.renditions.map((r) => ({ name: r.name, height: r.height })),
  };
}
