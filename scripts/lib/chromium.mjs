// Finds a Chromium (or Chrome) binary on this machine, for the benchmark and the e2e runner.
//
// We use the distribution's browser rather than one downloaded by Playwright or Puppeteer:
// the machines this project runs on reach only the npm and Debian registries, so a browser
// download at install time would fail.
import { accessSync, constants, statSync } from 'node:fs';

/** Candidates tried in order when CHROME_PATH is not set. */
export const CHROMIUM_CANDIDATES = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]);

/** True when `path` is a regular file we may execute. */
function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path of a browser to launch, or null when there is none.
 *
 * An explicit CHROME_PATH wins and is returned only if it is executable: a wrong override
 * should show up as "no browser" rather than silently falling back to another binary.
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | null}
 */
export function findChromium(env = process.env) {
  const override = env.CHROME_PATH?.trim();
  if (override) return isExecutableFile(override) ? override : null;
  return CHROMIUM_CANDIDATES.find(isExecutableFile) ?? null;
}

/**
 * Debian's headless build of the same Chromium (package chromium-headless-shell), the kind of
 * browser Playwright itself runs headless tests in: no window system, and a fifth less time
 * over the same specs on a 2-core machine than the full browser in headless mode.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for the browser tests: CHROME_PATH when set (as findChromium), else the headless
 * shell, else the full Chromium (slower, same results). `--headed` needs the full one:
 * CHROME_PATH=/usr/bin/chromium.
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | null}
 */
export function findTestChromium(env = process.env) {
  if (env.CHROME_PATH?.trim()) return findChromium(env);
  return isExecutableFile(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium(env);
}

/** Flags that keep Chromium from reaching for Google's services, which this network refuses. */
export const QUIET_CHROMIUM_ARGS = Object.freeze([
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]);

/** Fake camera flags: Chromium films `videoFile` (Y4M or MJPEG) and grants the camera unasked. */
export function fakeCameraArgs(videoFile) {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${videoFile}`,
  ];
}
