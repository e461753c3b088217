import { createCipheriv } from 'node:crypto';
import { API_BASE } from '@dars/contract';
import type { TestServer } from '../helpers';
import { openStorage } from '../../src/storage';

// A published HLS ladder (ADR 055) written by hand, without ffmpeg: one 240p rendition of one
// encrypted segment, a poster and a sprite, for the tests of who may fetch them. The real
// ladder (transcoding with ffmpeg) is tested in videos/hls-ladder.test.ts.

/** The key the hand-written ladder is encrypted with. */
export const TEST_LADDER_KEY = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

/** One MPEG-TS packet of padding: what the segment holds before encryption. */
const PLAIN_SEGMENT = Buffer.concat([
  Buffer.from([0x47, 0x1f, 0xff, 0x10]),
  Buffer.alloc(184, 0xff),
]);

/** The smallest JPEG header bytes: enough for a content check. */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

export async function publishTestLadder(server: TestServer, videoId: number): Promise<string> {
  const video = await server.db
    .selectFrom('videos')
    .select('source_path')
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  const prefix = `hls/${videoId}/test00000000`;
  const cipher = createCipheriv('aes-128-cbc', TEST_LADDER_KEY, Buffer.alloc(16));
  const storage = openStorage(server.config.storage, server.config.dataDir);
  const files: Record<string, Buffer | string> = {
    'master.m3u8': [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240',
      'v0/index.m3u8',
      '',
    ].join('\n'),
    'v0/index.m3u8': [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-KEY:METHOD=AES-128,URI="key"',
      '#EXTINF:4.000000,',
      's00000.ts',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
    'v0/s00000.ts': Buffer.concat([cipher.update(PLAIN_SEGMENT), cipher.final()]),
    'poster.jpg': JPEG,
    'thumbs.jpg': JPEG,
  };
  for (const [name, body] of Object.entries(files)) {
    await storage.write('private', `${prefix}/${name}`, body);
  }
  storage.close();
  await server.db
    .updateTable('videos')
    .set({
      hls_source: video.source_path,
      hls_prefix: prefix,
      hls_key: TEST_LADDER_KEY.toString('hex'),
      hls_meta: JSON.stringify({
        renditions: [{ name: 'v0', height: 240, bandwidth: 300000 }],
        duration: 4,
        poster: 'poster.jpg',
        thumbs: { file: 'thumbs.jpg', interval: 5, count: 1, columns: 10, rows: 10 },
      }),
      transcode_state: 'ready',
      transcode_progress: 100,
    })
    .where('id', '=', videoId)
    .execute();
  return prefix;
}

/** The address of one of a ladder's files (`master.m3u8`, `v0/index.m3u8`, `key`, …) for an opening. */
export const hlsUrl = (videoId: number, rest: string, vt: string) =>
  `${API_BASE}/video/hls/${videoId}/${rest}?vt=${encodeURIComponent(vt)}`;

/** The call of the hand-written ladder's one segment, with its signed token, as its playlist names it. */
export async function firstSegmentCall(
  server: TestServer,
  videoId: number,
  vt: string,
): Promise<string> {
  const playlist = (
    await server.app.inject({ method: 'GET', url: hlsUrl(videoId, 'v0/index.m3u8', vt) })
  ).body;
  return playlist.split('\n').find((l) => l.includes('/s00000.ts?st='))!;
}
