// The bench's way to run the app's own modules in Chromium: an entry file bundled by esbuild
// into one script for page.addScriptTag, and the browser launched the way the tests launch it.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { findTestChromium, QUIET_CHROMIUM_ARGS } from '../lib/chromium.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Lighthouse's mobile CPU slowdown, standing in for a mid-range phone. */
export const CPU_SLOWDOWN = 4;

/** The entry (a URL beside the caller) and everything it imports, as one minified script. */
export async function bundleForBrowser(entryUrl) {
  const result = await build({
    entryPoints: [fileURLToPath(entryUrl)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    absWorkingDir: ROOT,
    tsconfig: `${ROOT}tsconfig.json`,
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** Debian's Chromium, kept off Google's services. */
export function launchBenchBrowser() {
  return chromium.launch({
    executablePath: findTestChromium() ?? undefined,
    args: [...QUIET_CHROMIUM_ARGS],
  });
}
