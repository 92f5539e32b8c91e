// Renders the app's artwork (public/icons/icon.svg) into the PNG sizes the manifest and iOS
// need, and app/favicon.ico for the browsers and tools that ask for /favicon.ico whatever the
// page links. Run after changing the artwork: node scripts/generate-app-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
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

const png = (source, size) => sharp(Buffer.from(source)).resize(size, size).png({ compressionLevel: 9 });

for (const { file, size, source } of outputs) {
  await png(source, size).toFile(new URL(`../public/icons/${file}`, import.meta.url).pathname);
  console.log(`public/icons/${file}`);
}

// An .ico file may hold PNG images (every browser since IE Vista reads them): a 6-byte header,
// a 16-byte directory entry per image, then the images.
const FAVICON_SIZES = [16, 32, 48];
const images = await Promise.all(FAVICON_SIZES.map((size) => png(svg, size).toBuffer()));
const header = Buffer.alloc(6);
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(images.length, 4);
let offset = header.length + 16 * images.length;
const directory = images.map((image, index) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(FAVICON_SIZES[index], 0); // width
  entry.writeUInt8(FAVICON_SIZES[index], 1); // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += image.length;
  return entry;
});
writeFileSync(
  new URL('../app/favicon.ico', import.meta.url),
  Buffer.concat([header, ...directory, ...images]),
);
console.log('app/favicon.ico');
