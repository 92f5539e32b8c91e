// Writes public/builds/latest.json after `next build`: the id of the build now being served.
// Open pages compare it with their own build id to notice a new deploy.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const id = readFileSync(new URL('../.next/BUILD_ID', import.meta.url), 'utf8').trim();
mkdirSync(new URL('../public/builds/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../public/builds/latest.json', import.meta.url),
  `${JSON.stringify({ id, builtAt: new Date().toISOString() })}\n`,
);
console.log(`Build ${id} recorded in public/builds/latest.json`);
