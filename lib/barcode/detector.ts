/**
 * Finds barcodes in camera frames: the browser's own BarcodeDetector where it reads EAN and UPC
 * (Chrome on Android and macOS), else the `barcode-detector` ponyfill (ZXing compiled to
 * WebAssembly). The ponyfill and its .wasm load only when the scanner opens, and the .wasm comes
 * from this origin (scripts/copy-barcode-wasm.mjs puts it in public/), never from a CDN.
 */

/** The retail formats a food package carries. UPC-E is left out: its check digit needs expanding first. */
export const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a'] as const;

/** Where the ponyfill's WebAssembly is served from (public/zxing). */
export const ZXING_WASM_PATH = '/zxing/';

export type FrameDetector = {
  /** 'native' for the browser's BarcodeDetector, 'zxing-wasm' for the ponyfill. */
  path: 'native' | 'zxing-wasm';
  detect(source: HTMLVideoElement): Promise<string[]>;
};

type NativeDetector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDetector(): Promise<FrameDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = RETAIL_FORMATS.filter((format) => supported.includes(format));
    if (!formats.includes('ean_13')) return null;
    const detector = new Native({ formats });
    return {
      path: 'native',
      detect: async (source) => (await detector.detect(source)).map((found) => found.rawValue),
    };
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<FrameDetector> {
  const { BarcodeDetector, prepareZXingModule, ZXING_WASM_VERSION } =
    await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) =>
        file.endsWith('.wasm') ? `${ZXING_WASM_PATH}${file}?v=${ZXING_WASM_VERSION}` : prefix + file,
    },
  });
  const detector = new BarcodeDetector({ formats: [...RETAIL_FORMATS] });
  return {
    path: 'zxing-wasm',
    detect: async (source) => (await detector.detect(source)).map((found) => found.rawValue),
  };
}

/** The best detector this browser has. */
export async function createFrameDetector(): Promise<FrameDetector> {
  return (await nativeDetector()) ?? ponyfillDetector();
}
