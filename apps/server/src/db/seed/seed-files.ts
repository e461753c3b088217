import fs from 'node:fs';
import path from 'node:path';
import { isLocalStorage, type Storage, type StorageArea } from '../../storage';

/** Where seeded rows keep their files, relative to the storage roots the server serves from. */
export interface SeedFiles {
  /** Writes a file anyone may fetch (covers, avatars, slides) and returns its stored path. */
  writePublic(relative: string, content: string | Buffer): string;
  /** Writes a file only the server hands out (attachments, videos) and returns its stored path. */
  writePrivate(relative: string, content: string | Buffer): string;
  /** The stored path of the demo's real 20-second H.264 clip, written on first use. */
  sampleVideo(): string;
  /** Waits for writes still on their way (a bucket's); the data folder's are done at once. */
  flush(): Promise<void>;
}

const SAMPLE_VIDEO = 'seed/videos/sample.mp4';

function writeUnder(root: string, relative: string, content: string | Buffer): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return relative;
}

const sampleClip = () =>
  fs.readFileSync(new URL('../../../assets/sample-lecture.mp4', import.meta.url));

/**
 * The seed's file writer: for a data folder (DATA_DIR) or the local storage adapter, files are
 * written at once where the local adapter keeps them; for a bucket (ADR 024), the writes are
 * sent in the background and `flush()` waits for them (and throws the first failure).
 * @example const files = seedFiles('./data'); files.writePublic('seed/slides/1.svg', svg)
 */
export function seedFiles(target: string | Storage): SeedFiles {
  if (typeof target === 'string') {
    const base = path.join(target, 'storage');
    return folderFiles(path.join(base, 'public'), path.join(base, 'private'));
  }
  if (isLocalStorage(target)) return folderFiles(target.root('public'), target.root('private'));
  return bucketFiles(target);
}

function folderFiles(publicRoot: string, privateRoot: string): SeedFiles {
  return {
    writePublic: (relative, content) => writeUnder(publicRoot, relative, content),
    writePrivate: (relative, content) => writeUnder(privateRoot, relative, content),
    sampleVideo() {
      if (!fs.existsSync(path.join(privateRoot, SAMPLE_VIDEO))) {
        writeUnder(privateRoot, SAMPLE_VIDEO, sampleClip());
      }
      return SAMPLE_VIDEO;
    },
    flush: async () => {},
  };
}

function bucketFiles(storage: Storage): SeedFiles {
  const pending: Promise<void>[] = [];
  const queue = (area: StorageArea, key: string, content: string | Buffer) => {
    const write = storage.write(area, key, content);
    write.catch(() => {}); // reported by flush()
    pending.push(write);
    return key;
  };
  let video: string | null = null;
  return {
    writePublic: (relative, content) => queue('public', relative, content),
    writePrivate: (relative, content) => queue('private', relative, content),
    sampleVideo: () => (video ??= queue('private', SAMPLE_VIDEO, sampleClip())),
    flush: async () => {
      await Promise.all(pending.splice(0));
    },
  };
}
