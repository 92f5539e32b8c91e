// @ts-check
// `npm test`'s first step: the type check and the lint side by side. Each is one process on one
// core, so on a machine with two they take the time of the slower one instead of the sum.
import { spawn } from 'node:child_process';

const run = (/** @type {string} */ script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all([run('typecheck'), run('lint')]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
