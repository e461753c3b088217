#!/usr/bin/env node
// Icons and splash screens of both apps from one source image, assets/icon.svg (ADR 021):
// every PNG the Android and iOS projects carry is redrawn at the size it has there. The
// splash is the book on the brand blue with the name «دَرس» under it, set right to left.
// Run after changing the image: `npm run assets -w @dars/mobile`, then commit the PNGs.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const BRAND = '#1f4fa3';
const source = fs.readFileSync(path.join(root, 'assets/icon.svg'), 'utf8');
const inner = source.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
/** The book alone (the icon without its rounded square). */
const book = inner.replace(/<rect[^>]*\/>/, '');

function svg(width, height, body) {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`,
  );
}

/** The book scaled into a box of `size` at (x, y). */
function bookAt(x, y, size) {
  return `<g transform="translate(${x} ${y}) scale(${size / 64})">${book}</g>`;
}

const renderers = {
  /** Legacy square icon: the full source image. */
  icon: (w) => svg(w, w, `<g transform="scale(${w / 64})">${inner}</g>`),
  /** Round icon: the brand circle with the book. */
  round: (w) =>
    svg(
      w,
      w,
      `<circle cx="${w / 2}" cy="${w / 2}" r="${w / 2}" fill="${BRAND}"/>${bookAt(w * 0.1, w * 0.1, w * 0.8)}`,
    ),
  /** Adaptive icon foreground: the book inside the 66% safe zone, on transparent. */
  foreground: (w) => svg(w, w, bookAt(w * 0.2, w * 0.2, w * 0.6)),
  /** iOS: no transparency allowed; the square fills the whole icon (iOS rounds it). */
  iosIcon: (w) =>
    svg(
      w,
      w,
      `<rect width="${w}" height="${w}" fill="${BRAND}"/>${bookAt(w * 0.1, w * 0.1, w * 0.8)}`,
    ),
  splash: (w, h) => {
    const size = Math.round(Math.min(w, h) * 0.28);
    const font = Math.round(size * 0.42);
    const top = Math.round(h / 2 - size * 0.7);
    return svg(
      w,
      h,
      `<rect width="${w}" height="${h}" fill="${BRAND}"/>${bookAt((w - size) / 2, top, size)}` +
        `<text x="${w / 2}" y="${top + size + font * 1.3}" text-anchor="middle" direction="rtl" ` +
        `font-family="Noto Kufi Arabic, Noto Naskh Arabic, sans-serif" font-weight="700" ` +
        `font-size="${font}" fill="#ffffff">دَرس</text>`,
    );
  },
};

function kindOf(file) {
  const name = path.basename(file);
  if (name === 'ic_launcher.png') return 'icon';
  if (name === 'ic_launcher_round.png') return 'round';
  if (name === 'ic_launcher_foreground.png') return 'foreground';
  if (name.startsWith('AppIcon')) return 'iosIcon';
  if (name.startsWith('splash')) return 'splash';
  return null;
}

function pngs(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => f.endsWith('.png'));
}

const targets = [
  ...pngs(path.join(root, 'android/app/src/main/res')),
  ...pngs(path.join(root, 'ios/App/App/Assets.xcassets')),
];
let written = 0;
for (const file of targets) {
  const kind = kindOf(file);
  if (!kind) continue;
  const { width, height } = await sharp(file).metadata();
  let image = sharp(renderers[kind](width, height));
  if (kind === 'iosIcon' || kind === 'splash') image = image.flatten({ background: BRAND });
  await image.png({ compressionLevel: 9 }).toFile(`${file}.tmp`);
  fs.renameSync(`${file}.tmp`, file);
  written++;
}
// The adaptive icon's background layer is the brand blue.
const background = path.join(root, 'android/app/src/main/res/values/ic_launcher_background.xml');
fs.writeFileSync(
  background,
  fs.readFileSync(background, 'utf8').replace(/#[0-9A-Fa-f]{6}/, BRAND.toUpperCase()),
);
console.log(`assets: ${written} images redrawn from assets/icon.svg`);
