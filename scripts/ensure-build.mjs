// `npm start` on a fresh clone: build the production app first when there is no build yet,
// so `npm install && npm start` is the whole set-up. An existing build is served as it is;
// run `npm run build` after changing the code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built =
  existsSync('.next/BUILD_ID') && existsSync('public/sw.js') && existsSync('public/builds/latest.json');
if (!built) {
  console.log('No production build found: running `npm run build` first (about a minute).');
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(result.status ?? 1);
}
