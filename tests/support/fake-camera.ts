import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that shows one
 * EAN-13 barcode, black on white, as a label on a pack would. Drawn from bwip-js's bar widths
 * into the luma plane of a one-frame Y4M (4:2:0, grey chroma), which Chromium loops; written to
 * the temp folder once per barcode, so nothing binary is committed.
 */
export function fakeCameraFile(barcode: string): string {
  const file = path.join(os.tmpdir(), `calorie-diary-camera-${barcode}.y4m`);
  if (existsSync(file)) return file;
  const width = 640;
  const height = 480;
  const moduleWidth = 4;
  const [symbol] = bwipjs.raw({ bcid: 'ean13', text: barcode }) as unknown as Array<{ sbs: number[] }>;
  const totalModules = symbol!.sbs.reduce((sum, value) => sum + value, 0);
  const luma = Buffer.alloc(width * height, 235);
  const left = Math.round((width - totalModules * moduleWidth) / 2);
  const top = Math.round(height * 0.28);
  const bottom = Math.round(height * 0.72);
  let x = left;
  symbol!.sbs.forEach((modules, index) => {
    const pixels = modules * moduleWidth;
    if (index % 2 === 0) {
      for (let row = top; row < bottom; row++) luma.fill(16, row * width + x, row * width + x + pixels);
    }
    x += pixels;
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      Buffer.from('FRAME\n'),
      luma,
      chroma,
      chroma,
    ]),
  );
  return file;
}
