import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ByteRange, type Storage, type StorageArea } from './storage';

export type LocalStorage = Storage & {
  readonly kind: 'local';
  /** The folder of an area (`DATA_DIR/storage/<area>`), for the static file server. */
  root(area: StorageArea): string;
  /** The file's path on disk (for the seed's synchronous writes and the backup). */
  pathOf(area: StorageArea, key: string): string;
  /**
   * Removes the temporary files (`*.part`) of writes that never finished (the server stopped
   * half way) last changed before `before`; answers how many went.
   */
  removeParts(before: Date): Promise<number>;
};

/**
 * The default adapter: `DATA_DIR/storage/public` and `DATA_DIR/storage/private`, the layout
 * the server has always used. A write goes to a temporary name first and is renamed into
 * place, so a reader never sees half a file.
 * @example const storage = localStorage('./data'); await storage.write('public', 'a/b.png', bytes)
 */
export function localStorage(dataDir: string): LocalStorage {
  const base = path.join(dataDir, 'storage');
  const root = (area: StorageArea) => path.join(base, area);
  const pathOf = (area: StorageArea, key: string) => {
    assertKey(key);
    return path.join(root(area), ...key.split('/'));
  };
  const statOrNull = async (file: string) => {
    try {
      const stat = await fs.promises.stat(file);
      return stat.isFile() ? stat : null;
    } catch {
      return null;
    }
  };

  return {
    kind: 'local',
    root,
    pathOf,
    async write(area, key, body) {
      const file = pathOf(area, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        if (body instanceof Readable) {
          await pipeline(body, fs.createWriteStream(temporary));
        } else {
          await fs.promises.writeFile(temporary, body);
        }
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    async size(area, key) {
      return (await statOrNull(pathOf(area, key)))?.size ?? null;
    },
    async read(area, key, range?: ByteRange) {
      const file = pathOf(area, key);
      if (!(await statOrNull(file))) return null;
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async remove(area, key) {
      await fs.promises.rm(pathOf(area, key), { force: true });
    },
    async *list(area, prefix = '') {
      for await (const { key, file } of walk(root(area))) {
        if (!file.endsWith('.part') && key.startsWith(prefix)) {
          yield { key, size: (await fs.promises.stat(file)).size };
        }
      }
    },
    async removeParts(before) {
      let removed = 0;
      for (const area of ['public', 'private'] as const) {
        for await (const { file } of walk(root(area))) {
          if (!file.endsWith('.part')) continue;
          const stat = await statOrNull(file);
          if (stat && stat.mtimeMs < before.getTime()) {
            await fs.promises.rm(file, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
    async check() {
      await fs.promises.mkdir(base, { recursive: true });
      await fs.promises.access(base, fs.constants.R_OK | fs.constants.W_OK);
    },
    close() {},
  };
}

/** Every file under `top`, with its key (the path from `top`, with `/`). */
async function* walk(top: string): AsyncGenerator<{ key: string; file: string }> {
  const inner = async function* (dir: string): AsyncGenerator<{ key: string; file: string }> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* inner(full);
      } else if (entry.isFile()) {
        yield { key: path.relative(top, full).split(path.sep).join('/'), file: full };
      }
    }
  };
  yield* inner(top);
}

/** Whether a storage is the data folder (whose files the static server and backup can reach). */
export function isLocalStorage(storage: Storage): storage is LocalStorage {
  return storage.kind === 'local' && 'root' in storage;
}
