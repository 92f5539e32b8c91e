// Before the browser tests: make sure a system Chromium exists. Playwright cannot download its
// own browser on these machines, so the tests use Debian's: the headless shell (package
// chromium-headless-shell) when it is there, else the full `chromium`. When neither is, or only
// the full one is and this process may install packages (root with apt-get), it installs the
// headless shell and says so; otherwise it stops, or goes on with the full browser, naming the
// one command that would install it.
import { spawnSync } from 'node:child_process';
import { findChromium, findTestChromium, HEADLESS_SHELL } from './lib/chromium.mjs';

const PACKAGE = 'chromium-headless-shell';
const INSTALL = `apt-get install -y ${PACKAGE}`;

const found = findTestChromium();
if (found === HEADLESS_SHELL || process.env.CHROME_PATH?.trim()) {
  if (found) process.exit(0);
  console.error(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable browser.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  if (found) {
    console.log(`Browser tests in ${found}; \`sudo ${INSTALL}\` would make them about a fifth faster.`);
    process.exit(0);
  }
  console.error(`No Chromium found for the browser tests: run \`sudo ${INSTALL}\` (or set CHROME_PATH).`);
  process.exit(1);
}

console.log(`No Chromium headless shell found: installing Debian's ${PACKAGE} package (${INSTALL}).`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () => spawnSync('apt-get', ['install', '-y', '-qq', PACKAGE], { stdio: 'inherit', env });
// The package lists may be missing or stale on a fresh machine: refreshed only when needed.
let result = install();
if (result.status !== 0) {
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status === 0) result = install();
}
if (findTestChromium() === HEADLESS_SHELL) process.exit(0);
if (findChromium()) {
  console.log(`Installing ${PACKAGE} failed: the browser tests run in ${findChromium()} instead.`);
  process.exit(0);
}
console.error(`Installing Chromium failed: run \`${INSTALL}\` by hand, then the tests again.`);
process.exit(1);
