import { createCipheriv } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { rungSize, type Rung } from './ladder';

// The ladder's files as they are published (ADR 055): each MPEG-TS segment encrypted whole
// with AES-128-CBC, PKCS#7 padded, its IV the segment's media sequence number (RFC 8216
// section 5.2, what a playlist without an IV attribute means); each rung's playlist naming the key by
// a placeholder URI (`key`) the server replaces with its key call; the master playlist, its
// BANDWIDTH the rung's peak segment bitrate (RFC 8216 section 4.3.4.2).

/** The URI the stored playlists name the key by; the server's playlist call replaces it. */
export const KEY_PLACEHOLDER = 'key';

/**
 * A segment encrypted as HLS's AES-128 method wants it.
 * @example encryptSegment(bytes, key, 3) // the CBC ciphertext with IV 0x…03
 */
export function encryptSegment(bytes: Buffer, key: Buffer, sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(sequence >>> 0, 12);
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(bytes), cipher.final()]);
}

/** A rung's playlist with the key named before its first segment. */
export function withKey(playlist: string): string {
  const line = `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_PLACEHOLDER}"`;
  const lines = playlist.split('\n').filter((l) => !l.startsWith('#EXT-X-KEY'));
  const first = lines.findIndex((l) => l.startsWith('#EXTINF'));
  if (first < 0) throw new Error('playlist without segments');
  lines.splice(first, 0, line);
  return lines.join('\n');
}

/** Each segment of a playlist with its duration, in order. */
export function segmentsOf(playlist: string): { file: string; seconds: number }[] {
  const out: { file: string; seconds: number }[] = [];
  let seconds: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) seconds = Number(inf[1]);
    else if (line && !line.startsWith('#') && seconds !== null) {
      out.push({ file: line, seconds });
      seconds = null;
    }
  }
  return out;
}

/** What goes to storage: a key relative to the ladder's folder, the bytes, their type. */
export type LadderFile = { name: string; body: Buffer | string; contentType: string };

export type RungFigures = { name: string; height: number; bandwidth: number; average: number };

/**
 * The master playlist of rungs in ascending order.
 * @example masterPlaylist([{ name: 'v0', height: 240, bandwidth: 300000, average: 280000 }], { width: 640, height: 360 })
 */
export function masterPlaylist(
  rungs: readonly RungFigures[],
  source: { width: number; height: number },
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    const size = rungSize(source, r.height);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.average},RESOLUTION=${size.width}x${size.height},NAME="${r.height}p"`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Every file to publish from what ffmpeg wrote in `dir` (`v<i>/index.m3u8` and segments per
 * rung), one at a time (a long lecture's ladder is gigabytes: never all in memory), encrypted;
 * the master playlist comes after the rungs, with their figures, which `figures` receives.
 */
export function* ladderFiles(
  dir: string,
  rungs: readonly Rung[],
  key: Buffer,
  source: { width: number; height: number },
  figures: RungFigures[] = [],
): Generator<LadderFile> {
  for (const [i, rung] of rungs.entries()) {
    const name = `v${i}`;
    const playlist = fs.readFileSync(path.join(dir, name, 'index.m3u8'), 'utf8');
    const media = /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist);
    let sequence = media ? Number(media[1]) : 0;
    let peak = 0;
    let bytes = 0;
    let seconds = 0;
    for (const segment of segmentsOf(playlist)) {
      if (!/^s\d{5}\.ts$/.test(segment.file)) throw new Error(`unexpected segment ${segment.file}`);
      const plain = fs.readFileSync(path.join(dir, name, segment.file));
      if (segment.seconds > 0.5) peak = Math.max(peak, (plain.length * 8) / segment.seconds);
      bytes += plain.length;
      seconds += segment.seconds;
      yield {
        name: `${name}/${segment.file}`,
        body: encryptSegment(plain, key, sequence),
        contentType: 'video/mp2t',
      };
      sequence += 1;
    }
    const average = seconds > 0 ? Math.round((bytes * 8) / seconds) : 0;
    figures.push({ name, height: rung.height, bandwidth: Math.round(peak || average), average });
    yield {
      name: `${name}/index.m3u8`,
      body: withKey(playlist),
      contentType: 'application/vnd.apple.mpegurl',
    };
  }
  for (const image of ['poster.jpg', 'thumbs.jpg']) {
    yield { name: image, body: fs.readFileSync(path.join(dir, image)), contentType: 'image/jpeg' };
  }
  // Last: a ladder folder with its master playlist is whole.
  yield {
    name: 'master.m3u8',
    body: masterPlaylist(figures, source),
    contentType: 'application/vnd.apple.mpegurl',
  };
}
