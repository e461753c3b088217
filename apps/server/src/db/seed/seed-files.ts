import fs from 'node:fs';
import path from 'node:path';

/** Where seeded rows keep their files, relative to the storage roots the server serves from. */
export interface SeedFiles {
  /** Writes a file anyone may fetch (covers, avatars, slides) and returns its stored path. */
  writePublic(relative: string, content: string | Buffer): string;
  /** Writes a file only the server hands out (attachments, videos) and returns its stored path. */
  writePrivate(relative: string, content: string | Buffer): string;
  /** The stored path of the demo's real 20-second H.264 clip, written on first use. */
  sampleVideo(): string;
}

const SAMPLE_VIDEO = 'seed/videos/sample.mp4';

function writeUnder(root: string, relative: string, content: string | Buffer): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return relative;
}

/**
 * The seed's file writer for a data folder (DATA_DIR): public and private storage as the
 * server's local storage adapter lays them out.
 * @example const files = seedFiles('./data'); files.writePublic('seed/slides/1.svg', svg)
 */
export function seedFiles(dataDir: string): SeedFiles {
  const publicRoot = path.join(dataDir, 'storage', 'public');
  const privateRoot = path.join(dataDir, 'storage', 'private');
  return {
    writePublic: (relative, content) => writeUnder(publicRoot, relative, content),
    writePrivate: (relative, content) => writeUnder(privateRoot, relative, content),
    sampleVideo() {
      if (!fs.existsSync(path.join(privateRoot, SAMPLE_VIDEO))) {
        const clip = fs.readFileSync(
          new URL('../../../assets/sample-lecture.mp4', import.meta.url),
        );
        writeUnder(privateRoot, SAMPLE_VIDEO, clip);
      }
      return SAMPLE_VIDEO;
    },
  };
}
