// After `next build`, before the service worker's precache list is made: marks every client
// chunk for eager compilation with V8's explicit compile hint (Chrome 136+, other engines
// ignore the comment). Without it, V8 compiles each module factory on the main thread when the
// module first runs, which on a phone put the compile of React, Next and the view into the
// page's longest tasks. With it, the browser compiles the chunk's functions on a background
// thread while the script streams in. Chunks already load only when their code is about to run,
// so little of what gets compiled goes unused. See docs/decisions/0011-compile-hints.md.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const HINT = '//# allFunctionsCalledOnLoad\n';
const chunksDir = new URL('../.next/static/chunks/', import.meta.url);

let marked = 0;
for (const name of readdirSync(chunksDir, { recursive: true })) {
  if (!name.endsWith('.js')) continue;
  const file = new URL(name, chunksDir);
  const code = readFileSync(file, 'utf8');
  if (code.startsWith(HINT)) continue; // already marked: the script may run twice on one build
  writeFileSync(file, HINT + code);
  marked += 1;
}
console.log(`Compile hints added to ${marked} client chunks`);
