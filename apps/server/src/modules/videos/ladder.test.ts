import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseProbe } from './ffmpeg';
import { ladderArgs, rungsFor, rungSize, thumbInterval } from './ladder';
import { encryptSegment, masterPlaylist, segmentsOf, withKey } from './transcode-files';

// The ladder's plan and files (ADR 055), each expectation worked out by hand.

describe('the rungs of a source', () => {
  it('never goes above the source, and gives a tiny source one rung of its own size', () => {
    expect(rungsFor(1080).map((r) => r.height)).toEqual([240, 360, 480, 720]);
    expect(rungsFor(720).map((r) => r.height)).toEqual([240, 360, 480, 720]);
    expect(rungsFor(719).map((r) => r.height)).toEqual([240, 360, 480]);
    expect(rungsFor(360).map((r) => r.height)).toEqual([240, 360]);
    expect(rungsFor(201).map((r) => r.height)).toEqual([200]);
  });

  it('sizes a rung as ffmpeg -2 does: the exact width rounded, then down to even', () => {
    // 240 × 854 / 480 = 427 → 426; 240 × 640 / 360 = 426.7 → 427 → 426; 360 × 16 / 9 = 640.
    expect(rungSize({ width: 854, height: 480 }, 240)).toEqual({ width: 426, height: 240 });
    expect(rungSize({ width: 640, height: 360 }, 240)).toEqual({ width: 426, height: 240 });
    expect(rungSize({ width: 1920, height: 1080 }, 360)).toEqual({ width: 640, height: 360 });
    // Portrait: the rung is the short side, the width.
    expect(rungSize({ width: 720, height: 1280 }, 360)).toEqual({ width: 360, height: 640 });
  });

  it('puts at most 100 thumbnails in the sprite, one every 5 s on a short video', () => {
    expect(thumbInterval(20)).toBe(5);
    expect(thumbInterval(495)).toBe(5); // 495 / 99 = 5
    expect(thumbInterval(600)).toBe(7); // 600 / 99 = 6.06 → 7
    expect(thumbInterval(3600)).toBe(37); // 36.4 → 37
  });

  it('scales a portrait source by its width and maps sound to every rung only when it has some', () => {
    const portrait = ladderArgs({
      input: 'in.mp4',
      outDir: 'out',
      rungs: rungsFor(360),
      portrait: true,
      hasAudio: false,
    });
    const graph = portrait[portrait.indexOf('-filter_complex') + 1];
    expect(graph).toBe('[0:v]split=2[s0][s1];[s0]scale=240:-2[v0];[s1]scale=360:-2[v1]');
    expect(portrait[portrait.indexOf('-var_stream_map') + 1]).toBe('v:0 v:1');
    const landscape = ladderArgs({
      input: 'in.mp4',
      outDir: 'out',
      rungs: rungsFor(360),
      portrait: false,
      hasAudio: true,
    });
    expect(landscape[landscape.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0 v:1,a:1');
    expect(landscape).toContain('[a1]');
  });
});

describe("reading ffmpeg's description of a file", () => {
  const header = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 158 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1280x720 [SAR 1:1 DAR 16:9], 121 kb/s, 24 fps`;

  it('reads the length, the picture size and whether there is sound', () => {
    expect(parseProbe(header)).toEqual({
      durationSeconds: 62.5,
      width: 1280,
      height: 720,
      hasAudio: false,
    });
    const withSound = `${header}\n  Stream #0:1[0x2](und): Audio: aac (LC), 44100 Hz, mono, fltp, 32 kb/s`;
    expect(parseProbe(withSound)?.hasAudio).toBe(true);
  });

  it("turns a phone's portrait clip, stored landscape with a rotation, upright", () => {
    const rotated = `${header}\n    Side data:\n      displaymatrix: rotation of -90.00 degrees`;
    expect(parseProbe(rotated)).toMatchObject({ width: 720, height: 1280 });
    const old = `${header}\n    Metadata:\n      rotate          : 90`;
    expect(parseProbe(old)).toMatchObject({ width: 720, height: 1280 });
  });

  it('is null without a video stream or a length', () => {
    expect(
      parseProbe(
        "Input #0, mp3, from 'a.mp3':\n  Duration: 00:00:10.00\n  Stream #0:0: Audio: mp3",
      ),
    ).toBeNull();
    expect(parseProbe('Invalid data found when processing input')).toBeNull();
  });
});

describe('the published files', () => {
  it('encrypts a segment as HLS AES-128 wants: CBC, PKCS#7, the IV its sequence number', () => {
    const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const plain = Buffer.alloc(188 * 3, 0x47);
    const encrypted = encryptSegment(plain, key, 7);
    // 564 bytes pad to 576 (a whole 16-byte block more).
    expect(encrypted).toHaveLength(576);
    const iv = Buffer.from('00000000000000000000000000000007', 'hex');
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    expect(Buffer.concat([decipher.update(encrypted), decipher.final()]).equals(plain)).toBe(true);
  });

  it("names the key before the first segment, once, and reads each segment's length", () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXTINF:4.000000,',
      's00000.ts',
      '#EXTINF:2.500000,',
      's00001.ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const keyed = withKey(playlist).split('\n');
    expect(keyed.slice(3, 5)).toEqual(['#EXT-X-KEY:METHOD=AES-128,URI="key"', '#EXTINF:4.000000,']);
    expect(withKey(withKey(playlist))).toBe(withKey(playlist));
    expect(segmentsOf(playlist)).toEqual([
      { file: 's00000.ts', seconds: 4 },
      { file: 's00001.ts', seconds: 2.5 },
    ]);
  });

  it('writes the master playlist lowest rung first, with each size and bandwidth', () => {
    const text = masterPlaylist(
      [
        { name: 'v0', height: 240, bandwidth: 349_000, average: 336_000 },
        { name: 'v1', height: 360, bandwidth: 643_000, average: 608_000 },
      ],
      { width: 1280, height: 720 },
    );
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=349000,AVERAGE-BANDWIDTH=336000,RESOLUTION=426x240,NAME="240p"',
      'v0/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=643000,AVERAGE-BANDWIDTH=608000,RESOLUTION=640x360,NAME="360p"',
      'v1/index.m3u8',
      '',
    ]);
  });
});
