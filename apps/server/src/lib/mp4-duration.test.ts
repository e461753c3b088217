import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mp4DurationSeconds } from './mp4-duration';

const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/sample-lecture.mp4',
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-mp4-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function box(type: string, content: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}

/** A box with a 64-bit size (size field 1), as large `mdat`s are written. */
function largeBox(type: string, content: Buffer): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + content.length), 8);
  return Buffer.concat([head, content]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(version === 1 ? 32 : 20);
  body.writeUInt8(version, 0);
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
  }
  return box('mvhd', body);
}

function file(name: string, ...parts: Buffer[]): string {
  const where = path.join(dir, name);
  fs.writeFileSync(where, Buffer.concat(parts));
  return where;
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1'));

describe('mp4DurationSeconds', () => {
  it('reads the sample lecture: 20 s', async () => {
    expect(await mp4DurationSeconds(SAMPLE)).toBe(20);
  });

  it('finds the movie header after the media data, past a 64-bit box, rounding to seconds', async () => {
    const at = file(
      'moov-last.mp4',
      ftyp,
      largeBox('mdat', Buffer.alloc(4096)),
      box('moov', Buffer.concat([box('udta', Buffer.alloc(10)), mvhd(0, 600, 2_730_300)])),
    );
    expect(await mp4DurationSeconds(at)).toBe(4551); // 4,550.5 s
  });

  it('reads a version 1 header (8-byte duration)', async () => {
    const at = file('v1.mp4', ftyp, box('moov', mvhd(1, 90_000, 90_000 * 3_600 * 2)));
    expect(await mp4DurationSeconds(at)).toBe(7_200);
  });

  it('answers null without a movie header, with a zero timescale, or cut short', async () => {
    expect(await mp4DurationSeconds(file('none.mp4', ftyp, box('mdat', Buffer.alloc(64))))).toBe(
      null,
    );
    expect(await mp4DurationSeconds(file('zero.mp4', ftyp, box('moov', mvhd(0, 0, 100))))).toBe(
      null,
    );
    const whole = box('moov', mvhd(0, 1000, 5000));
    expect(await mp4DurationSeconds(file('cut.mp4', ftyp, whole.subarray(0, 20)))).toBe(null);
    expect(await mp4DurationSeconds(file('text.mp4', Buffer.from('not a video at all')))).toBe(
      null,
    );
  });
});
