import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; fonts (woff, woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its extra request header costs. */
const MIN_BYTES = 1024;

/** The files a browser may fetch: not `.vite/` (the build's manifest, read by tools only). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (!entry.isDirectory()) return [full];
    return entry.name.startsWith('.') ? [] : filesUnder(full);
  });
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of
 * the build, so the server sends them as they are instead of compressing on every request.
 * A copy that is not smaller than the original is not written.
 * @example precompressFile('dist/assets/index-abc.js') // writes index-abc.js.br and .gz
 */
export function precompressFile(file: string): void {
  const raw = fs.readFileSync(file);
  const copies: [string, Buffer][] = [
    [
      '.br',
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ],
    ['.gz', gzipSync(raw, { level: constants.Z_BEST_COMPRESSION })],
  ];
  for (const [ext, data] of copies) {
    if (data.length < raw.length) fs.writeFileSync(file + ext, data);
  }
}

/**
 * Vite plugin: after the build is written, precompresses its text files with node:zlib
 * (brotli and gzip), for `@fastify/static`'s `preCompressed` serving.
 * @example defineConfig({ plugins: [react(), precompress()] })
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dars:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, and after the hooks before it have ended: the service worker (vite-plugin-pwa,
    // ADR 056) is written in its own closeBundle, and is compressed with the rest.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES) precompressFile(file);
        }
      },
    },
  };
}
