// @ts-check
// Runs the npm scripts it is given side by side and fails when any of them fails: `npm test`
// runs the type check beside the lint and the format check, and the unit and API tests beside the build (which they
// do not read). Each is mostly one process on one core, so on a machine with two they take the
// time of the slower one instead of the sum.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node scripts/side-by-side.mjs SCRIPT [SCRIPT...] (npm scripts of package.json)');
  process.exit(2);
}

const run = (/** @type {string} */ script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all(scripts.map(run));
for (const [index, code] of codes.entries()) {
  if (code !== 0) console.error(`npm run ${scripts[index]} failed (exit ${code})`);
}
process.exit(codes.every((code) => code === 0) ? 0 : 1);
