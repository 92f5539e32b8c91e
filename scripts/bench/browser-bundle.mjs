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

/**
 * A page of the app's origin (so the bundled modules fetch the catalog as the app does) with
 * `script` added and the CPU slowed down as a phone's is; the CDP session, for more emulation.
 */
export async function openBenchPage(browser, baseUrl, script) {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/builds/latest.json`);
  await page.addScriptTag({ content: script });
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, session };
}
