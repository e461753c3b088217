import fs from 'node:fs/promises';

/** Boxes read before giving up (a real MP4 has a handful at the top level). */
const MAX_BOXES = 1_000;

/**
 * The length of an MP4 in whole seconds (rounded), from its movie header (`moov` → `mvhd`:
 * duration / timescale), reading only box headers: the `moov` may come after a 2 GB `mdat`.
 * null when the file has no readable movie header (not an MP4, cut short, or a zero timescale).
 * @example await mp4DurationSeconds('/data/uploads/tus/abc') // 20
 */
export async function mp4DurationSeconds(file: string): Promise<number | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number): Promise<Buffer | null> => {
      if (position < 0 || position + length > size) return null;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return bytesRead === length ? buffer : null;
    };
    /** The boxes between `start` and `end`: [type, where its content starts, where it ends]. */
    async function* boxes(start: number, end: number) {
      let at = start;
      for (let n = 0; n < MAX_BOXES && at + 8 <= end; n++) {
        const head = await read(at, 16 <= end - at ? 16 : 8);
        if (!head) return;
        let length = head.readUInt32BE(0);
        let header = 8;
        if (length === 1) {
          if (head.length < 16) return;
          length = Number(head.readBigUInt64BE(8));
          header = 16;
        } else if (length === 0) {
          length = end - at;
        }
        if (length < header || at + length > end) return;
        yield [head.toString('latin1', 4, 8), at + header, at + length] as const;
        at += length;
      }
    }
    for await (const [type, start, end] of boxes(0, size)) {
      if (type !== 'moov') continue;
      for await (const [inner, from] of boxes(start, end)) {
        if (inner !== 'mvhd') continue;
        const version = (await read(from, 1))?.readUInt8(0);
        // version 0: 4-byte times and duration; 1: 8-byte times and duration.
        const fields = version === 1 ? await read(from + 20, 12) : await read(from + 12, 8);
        if (!fields) return null;
        const timescale = fields.readUInt32BE(0);
        const duration = version === 1 ? Number(fields.readBigUInt64BE(4)) : fields.readUInt32BE(4);
        return timescale > 0 ? Math.round(duration / timescale) : null;
      }
      return null;
    }
    return null;
  } finally {
    await handle.close();
  }
}
