// Before the browser tests: make sure a system Chromium exists. Playwright cannot download its
// own browser on these machines, so we use Debian's `chromium` package. When it is missing and
// this process may install packages (root with apt-get), it installs it and says so; otherwise
// it stops with the one command that would.
import { spawnSync } from 'node:child_process';
import { findChromium } from './lib/chromium.mjs';

const INSTALL = 'apt-get install -y chromium';

if (findChromium()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(`No Chromium found for the browser tests: run \`sudo ${INSTALL}\` (or set CHROME_PATH).`);
  process.exit(1);
}

console.log(`No Chromium found: installing Debian's chromium package (${INSTALL}).`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
const install =
  update.status === 0
    ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
    : update;
if (install.status !== 0 || !findChromium()) {
  console.error(`Installing Chromium failed: run \`${INSTALL}\` by hand, then the tests again.`);
  process.exit(1);
}
