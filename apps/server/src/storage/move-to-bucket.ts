import type { Storage, StorageArea } from './storage';

export type MoveReport = { copied: number; skipped: number; bytes: number; removed: number };

const AREAS: StorageArea[] = ['public', 'private'];

/**
 * Copies every file of one storage into another (the data folder into the bucket, ADR 024),
 * streaming each file. A file the target already has at the same size is skipped, so a run
 * that stopped half-way can be started again. With `removeSource`, each file is removed from
 * the source only after the target reports it at its full size.
 * @example await moveFiles(localStorage('./data'), s3Storage(config), { removeSource: false })
 */
export async function moveFiles(
  from: Storage,
  to: Storage,
  options: { removeSource?: boolean; onFile?: (area: StorageArea, key: string) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, skipped: 0, bytes: 0, removed: 0 };
  for (const area of AREAS) {
    for await (const { key, size } of from.list(area)) {
      if ((await to.size(area, key)) === size) {
        report.skipped += 1;
      } else {
        const body = await from.read(area, key);
        if (!body) continue; // removed meanwhile
        await to.write(area, key, body);
        const written = await to.size(area, key);
        if (written !== size) {
          throw new Error(`${area}/${key}: ${size} bytes in the source, ${written} in the target`);
        }
        report.copied += 1;
        report.bytes += size;
      }
      options.onFile?.(area, key);
      if (options.removeSource) {
        await from.remove(area, key);
        report.removed += 1;
      }
    }
  }
  return report;
}
