// Copies the barcode scanner's WebAssembly (ZXing, from the zxing-wasm package that the
// barcode-detector ponyfill pins) into public/zxing/, so the scanner loads it from this origin
// and never from a CDN (lib/barcode/detector.ts). Refuses a file whose SHA-256 is not the one
// the ponyfill was built against. Runs before `next build` and `next dev`; the copy is ignored
// by git and by the service worker's precache (serwist.config.mjs).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { ZXING_WASM_SHA256, ZXING_WASM_VERSION } = await import('barcode-detector/ponyfill');

// barcode-detector depends on zxing-wasm, which npm may hoist or nest: resolve it from there.
const fromPonyfill = createRequire(require.resolve('barcode-detector'));
const source = fromPonyfill.resolve('zxing-wasm/reader/zxing_reader.wasm');
const wasm = readFileSync(source);
const digest = createHash('sha256').update(wasm).digest('hex');
if (digest !== ZXING_WASM_SHA256) {
  throw new Error(
    `${source} (sha256 ${digest}) is not the zxing-wasm ${ZXING_WASM_VERSION} that barcode-detector expects (${ZXING_WASM_SHA256})`,
  );
}
const target = join(ROOT, 'public', 'zxing', 'zxing_reader.wasm');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, wasm);
console.log(
  `Copied zxing-wasm ${ZXING_WASM_VERSION} (${(wasm.length / 1024).toFixed(0)} KiB) to public/zxing/`,
);
