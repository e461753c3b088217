// Icons and splash screens of both apps (ADR 021, ADR 049): every PNG the Android and iOS
// projects carry is redrawn at the size it has there, in the school's colour, with its mark (our
// book from assets/icon.svg, or the school's logo) and, on the splash, its name under it, set
// right to left. `npm run assets -w @dars/mobile` draws «دَرس»'s; `npm run mobile:sync` draws
// the school's when the server it builds for has another identity.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export { DEFAULT_BRAND, DEFAULT_NAME } from './school-file';

export interface AssetIdentity {
  /** `#rrggbb` */
  brand: string;
  name: string;
  /** The school's logo (PNG, JPEG, WebP or SVG bytes); null: our book. */
  logo: { bytes: Buffer; mime: string } | null;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">${body}</svg>`,
  );
}

/** The renderers of one identity: each draws one kind of image at a width (and height). */
function renderers(root: string, identity: AssetIdentity) {
  const source = fs.readFileSync(path.join(root, 'assets/icon.svg'), 'utf8');
  const inner = source.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  /** The book alone (the icon without its rounded square). */
  const book = inner.replace(/<rect[^>]*\/>/, '');
  const logo = identity.logo
    ? `data:${identity.logo.mime};base64,${identity.logo.bytes.toString('base64')}`
    : null;
  /** The mark (the logo, kept whole inside the box, or the book) in a box of `size` at (x, y). */
  const markAt = (x: number, y: number, size: number) =>
    logo
      ? `<image x="${x}" y="${y}" width="${size}" height="${size}" preserveAspectRatio="xMidYMid meet" xlink:href="${logo}" href="${logo}"/>`
      : `<g transform="translate(${x} ${y}) scale(${size / 64})">${book}</g>`;
  const brand = identity.brand;
  return {
    /** Legacy square icon: the source image in the colour, or the logo on its rounded square. */
    icon: (w: number) =>
      svg(
        w,
        w,
        logo
          ? `<rect width="${w}" height="${w}" rx="${w / 4}" fill="${brand}"/>${markAt(w * 0.1, w * 0.1, w * 0.8)}`
          : `<g transform="scale(${w / 64})">${inner.replace(/(<rect[^>]*fill=")#[0-9a-fA-F]{6}/, `$1${brand}`)}</g>`,
      ),
    /** Round icon: the colour's circle with the mark (a logo further in: the circle cuts corners). */
    round: (w: number) =>
      svg(
        w,
        w,
        `<circle cx="${w / 2}" cy="${w / 2}" r="${w / 2}" fill="${brand}"/>` +
          (logo ? markAt(w * 0.15, w * 0.15, w * 0.7) : markAt(w * 0.1, w * 0.1, w * 0.8)),
      ),
    /** Adaptive icon foreground: the mark inside the 66% safe zone, on transparent. */
    foreground: (w: number) => svg(w, w, markAt(w * 0.2, w * 0.2, w * 0.6)),
    /** iOS: no transparency allowed; the colour fills the whole icon (iOS rounds it). */
    iosIcon: (w: number) =>
      svg(
        w,
        w,
        `<rect width="${w}" height="${w}" fill="${brand}"/>${markAt(w * 0.1, w * 0.1, w * 0.8)}`,
      ),
    splash: (w: number, h: number) => {
      const size = Math.round(Math.min(w, h) * 0.28);
      const font = Math.round(size * 0.42);
      const top = Math.round(h / 2 - size * 0.7);
      return svg(
        w,
        h,
        `<rect width="${w}" height="${h}" fill="${brand}"/>${markAt((w - size) / 2, top, size)}` +
          `<text x="${w / 2}" y="${top + size + font * 1.3}" text-anchor="middle" direction="rtl" ` +
          `font-family="Noto Kufi Arabic, Noto Naskh Arabic, sans-serif" font-weight="700" ` +
          `font-size="${font}" fill="#ffffff">${escapeXml(identity.name)}</text>`,
      );
    },
  };
}

type Kind = keyof ReturnType<typeof renderers>;

function kindOf(file: string): Kind | null {
  const name = path.basename(file);
  if (name === 'ic_launcher.png') return 'icon';
  if (name === 'ic_launcher_round.png') return 'round';
  if (name === 'ic_launcher_foreground.png') return 'foreground';
  if (name.startsWith('AppIcon')) return 'iosIcon';
  if (name.startsWith('splash')) return 'splash';
  return null;
}

function pngs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => f.endsWith('.png'));
}

/**
 * Redraws every icon and splash of the native projects under `root` (apps/mobile) for
 * `identity`, and the adaptive icon's background colour; answers how many images it drew.
 */
export async function drawAssets(root: string, identity: AssetIdentity): Promise<number> {
  const draw = renderers(root, identity);
  const targets = [
    ...pngs(path.join(root, 'android/app/src/main/res')),
    ...pngs(path.join(root, 'ios/App/App/Assets.xcassets')),
  ];
  let written = 0;
  for (const file of targets) {
    const kind = kindOf(file);
    if (!kind) continue;
    const { width = 0, height = 0 } = await sharp(file).metadata();
    let image = sharp(draw[kind](width, height));
    if (kind === 'iosIcon' || kind === 'splash')
      image = image.flatten({ background: identity.brand });
    await image.png({ compressionLevel: 9 }).toFile(`${file}.tmp`);
    fs.renameSync(`${file}.tmp`, file);
    written++;
  }
  // The adaptive icon's background layer is the colour.
  const background = path.join(root, 'android/app/src/main/res/values/ic_launcher_background.xml');
  if (fs.existsSync(background)) {
    fs.writeFileSync(
      background,
      fs.readFileSync(background, 'utf8').replace(/#[0-9A-Fa-f]{6}/, identity.brand.toUpperCase()),
    );
  }
  return written;
}
