// Renders the app's artwork (public/icons/icon.svg) into the PNG sizes the manifest and iOS
// need. Run after changing the artwork: node scripts/generate-app-icons.mjs
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync(new URL('../public/icons/icon.svg', import.meta.url), 'utf8');
// The maskable variant fills the whole square: the launcher cuts its own shape out of it, and
// the ring stays inside the 80 % safe zone.
const maskable = svg.replace(/<rect([^>]*) rx="\d+"/, '<rect$1');

const outputs = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'maskable-512.png', size: 512, source: maskable },
  { file: 'apple-touch-icon.png', size: 180, source: maskable },
];

for (const { file, size, source } of outputs) {
  await sharp(Buffer.from(source))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(`../public/icons/${file}`, import.meta.url).pathname);
  console.log(`public/icons/${file}`);
}
