// @ts-check
// `npm start` on a fresh clone: build the production app first when there is no build yet,
// so `npm install && npm start` is the whole set-up. An existing build is served as it is;
// run `npm run build` after changing the code. Run by server/start.mjs, and on its own by the
// e2e servers (`node server/ensure-build.mjs`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Builds when there is no build. Answers the build's exit code (0 when there was one already).
 * A SIGTERM or SIGINT meanwhile is passed on to the build, whose code is then answered.
 * @returns {Promise<number>}
 */
export async function ensureBuild() {
  const built =
    existsSync('.next/BUILD_ID') && existsSync('public/sw.js') && existsSync('public/builds/latest.json');
  if (built) return 0;
  console.log('No production build found: running `npm run build` first (about a minute).');
  const build = spawn('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  const pass = (/** @type {NodeJS.Signals} */ signal) => build.kill(signal);
  process.on('SIGTERM', pass).on('SIGINT', pass);
  try {
    return await new Promise((resolve) => {
      build.once('error', () => resolve(1));
      build.once('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    process.off('SIGTERM', pass).off('SIGINT', pass);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await ensureBuild());
}
