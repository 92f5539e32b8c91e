// Summarises a V8 CPU profile (`node --cpu-prof`) of the production server: self time by group
// (Next.js and React, our code, drizzle and pg, other packages, Node itself, the garbage
// collector) and the top functions. The app's own code runs from bundled chunks under
// .next/server, so frames there are traced back to their source files through the chunks'
// source maps before they are grouped.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOP_FUNCTIONS = 20;
const OUR_FUNCTIONS = 12;

// Next.js bundles its own copy of @opentelemetry/api (its tracing) into the app's chunks.
const PACKAGE_GROUPS = [
  {
    name: 'Next.js/React',
    packages:
      /^(next|react|react-dom|scheduler|next-intl|use-intl|@formatjs\/[^/]+|@next\/[^/]+|@opentelemetry\/api)$/,
  },
  { name: 'drizzle/pg', packages: /^(drizzle-orm|pg|pg-[a-z]+|postgres-[a-z]+|pgpass)$/ },
];

/** The package a path (from the project's folder) lies in, `zod` or `@formatjs/icu`; null for ours. */
function packageOf(path) {
  // Turbopack's own runtime, inside the chunks.
  if (path.startsWith('[turbopack]/')) return 'next';
  // drizzle-orm's source maps name its files `src/...`, which come out of Turbopack's maps as
  // `node_modules/src/...`: the only package here whose sources do.
  if (path.startsWith('node_modules/src/')) return 'drizzle-orm';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match?.[1] ?? null;
}

/** Reads and caches the source map of each bundled chunk, null when it has none. */
function sourceMaps() {
  const maps = new Map();
  return (file) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    }
    return maps.get(file);
  };
}

/**
 * Where a frame's code comes from: `{ group, name, where }`. `root` is the project's folder;
 * bundled frames are looked up in their chunk's source map.
 */
function frameReader(root, nextDir) {
  const mapOf = sourceMaps();
  const cache = new Map();
  const classify = ({ functionName, url, lineNumber, columnNumber }) => {
    let name = functionName || '(anonymous)';
    if (!url) {
      if (functionName === '(garbage collector)') return { group: 'GC', name, where: 'V8' };
      return { group: 'V8 (compiler, natives)', name, where: 'V8' };
    }
    if (url.startsWith('node:')) return { group: 'Node internals', name, where: url };
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    let source = file;
    let line = lineNumber + 1;
    if (file.startsWith(nextDir)) {
      const entry = mapOf(file)?.findEntry(lineNumber, columnNumber);
      if (!entry?.originalSource)
        return { group: 'app bundle (no source map)', name, where: relative(root, file) };
      // Turbopack's maps name sources relative to the chunk (`../../../lib/server/http.ts`).
      source = resolve(dirname(file), decodeURIComponent(entry.originalSource));
      line = entry.originalLine + 1;
      // The chunks are minified: the map may know the function's own name.
      if (entry.name) name = entry.name;
    }
    const path = relative(root, source);
    const where = `${path.replace(/^node_modules\/src\//, 'drizzle-orm/src/').replace(/^.*node_modules\//, '')}:${line}`;
    const pkg = packageOf(path);
    if (!pkg) return { group: 'ours', name, where };
    const group = PACKAGE_GROUPS.find((each) => each.packages.test(pkg))?.name ?? 'other packages';
    return { group, name, where };
  };
  return (callFrame) => {
    const key = `${callFrame.url}:${callFrame.lineNumber}:${callFrame.columnNumber}:${callFrame.functionName}`;
    if (!cache.has(key)) cache.set(key, classify(callFrame));
    return cache.get(key);
  };
}

/**
 * Self time per group and per function, and our functions' total time, of the samples taken
 * between `fromUs` and `toUs` (the profile's clock: microseconds, monotonic). Idle time is left
 * out; `totalMs` is the CPU the samples account for.
 */
export function summariseProfile(profile, { fromUs, toUs }, nextDir) {
  const root = resolve(nextDir, '..');
  const frameOf = frameReader(root, resolve(nextDir));
  const parents = new Map();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

  // A sample stands for the time until the next one.
  const selfUs = new Map();
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index];
    const span = profile.timeDeltas[index + 1] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const id = profile.samples[index];
    if (nodes.get(id).callFrame.functionName === '(idle)') continue;
    selfUs.set(id, (selfUs.get(id) ?? 0) + span);
  }

  const groups = new Map();
  const functions = new Map();
  const ours = new Map();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    totalUs += us;
    const frame = frameOf(nodes.get(id).callFrame);
    groups.set(frame.group, (groups.get(frame.group) ?? 0) + us);
    const key = `${frame.group}|${frame.name}|${frame.where}`;
    functions.set(key, { ...frame, us: (functions.get(key)?.us ?? 0) + us });
    // Each of our functions on the stack once, however deep it recurses.
    const onStack = new Set();
    for (let current = id; current !== undefined; current = parents.get(current)) {
      const caller = frameOf(nodes.get(current).callFrame);
      if (caller.group === 'ours') onStack.add(`${caller.name}|${caller.where}`);
    }
    for (const key of onStack) ours.set(key, (ours.get(key) ?? 0) + us);
  }

  const byTime = (a, b) => b.ms - a.ms;
  return {
    totalMs: totalUs / 1000,
    groups: [...groups].map(([name, us]) => ({ name, ms: us / 1000 })).sort(byTime),
    top: [...functions.values()]
      .map(({ us, ...frame }) => ({ ...frame, ms: us / 1000 }))
      .sort(byTime)
      .slice(0, TOP_FUNCTIONS),
    ours: [...ours]
      .map(([key, us]) => {
        const [name, where] = key.split('|');
        return { name, where, totalMs: us / 1000 };
      })
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, OUR_FUNCTIONS),
  };
}
