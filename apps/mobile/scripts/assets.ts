// `npm run assets -w @dars/mobile`: redraws «دَرس»'s icons and splash screens from
// assets/icon.svg (ADR 021); run after changing the image, then commit the PNGs.
import path from 'node:path';
import { DEFAULT_BRAND, DEFAULT_NAME, drawAssets } from './draw-assets';

const root = path.resolve(import.meta.dirname, '..');
const written = await drawAssets(root, { brand: DEFAULT_BRAND, name: DEFAULT_NAME, logo: null });
console.log(`assets: ${written} images redrawn from assets/icon.svg`);
