import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A folder's modules import one another one way: a loop (a reader naming the type that the list
// of readers, which imports it, declares) makes each part of it unreadable without the others,
// and breaks the first that runs before the other has loaded. Types count too: they are the
// loops issue 50 found (the importers' readers and formats.ts).

/** The loops among the modules of `folder` by their relative imports, each as its path of files. */
function importLoops(folder: string): string[][] {
  const files = readdirSync(folder).filter((name) => /\.tsx?$/.test(name));
  const edges = new Map(
    files.map((file) => {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const targets = [...text.matchAll(/from '\.\/([\w-]+)'/g)].map((match) => `${match[1]}.ts`);
      return [file, targets.filter((target) => files.includes(target))] as const;
    }),
  );
  const loops: string[][] = [];
  const visit = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      loops.push([...trail.slice(at), file]);
      return;
    }
    for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
  };
  for (const file of files) visit(file, []);
  return loops;
}

describe('imports run one way', () => {
  it.each(['lib/importers', 'lib/data', 'lib/data/guest', 'lib/data/offline', 'lib/diary', 'lib/server/db'])(
    '%s has no loop',
    (folder) => {
      expect(importLoops(path.resolve(folder))).toEqual([]);
    },
  );
});
