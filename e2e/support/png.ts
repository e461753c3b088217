import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Writes a real PNG (a `size`-pixel square, a blue-to-orange gradient) to a temporary file:
 * an avatar the server accepts by its bytes. `remove` deletes the file and its folder.
 * @example const png = writePng('avatar.png'); try { await input.setInputFiles(png.file) } finally { png.remove() }
 */
export function writePng(name: string, size = 64): { file: string; remove: () => void } {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // each row starts with filter type 0
    for (let x = 0; x < size; x++) {
      const mix = (x + y) / (2 * (size - 1));
      rows.set(
        [Math.round(31 + mix * 214), Math.round(79 + mix * 73), Math.round(163 - mix * 140)],
        row + 1 + x * 3,
      );
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-e2e-png-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, png);
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
