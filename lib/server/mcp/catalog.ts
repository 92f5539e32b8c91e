import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loadCatalog } from '@/lib/catalog/load';
import { NUTRIENT_GROUPS } from '@/lib/catalog/nutrient-groups';
import { USDA_GROUPS } from '@/lib/catalog/usda-groups';
import { foodOfUsdaRow } from '@/lib/catalog/usda-table';
import { nutrientsOfList, type Nutrients } from '@/lib/diary/nutrients';

/*
 * The built-in catalog on the server. The browser fetches the USDA table and the catalog's
 * nutrients from public/catalog (lib/catalog/load.ts, catalog-nutrients.ts), which a server
 * cannot fetch from itself by a relative URL: here the same files are read from disk, once per
 * process, and turned into foods by the same functions.
 */
const PUBLIC_CATALOG = path.join(process.cwd(), 'public', 'catalog');

type UsdaRow = Parameters<typeof foodOfUsdaRow>[0];

const readJson = async (file: string): Promise<unknown> =>
  JSON.parse(await readFile(path.join(PUBLIC_CATALOG, file), 'utf8'));

let whole: Promise<{
  foods: readonly CatalogFood[];
  bySlug: Map<string, CatalogFood>;
  rows: Map<string, UsdaRow>;
}> | null = null;

function loadWhole() {
  whole ??= Promise.all([
    loadCatalog(),
    ...USDA_GROUPS.map(async ([group]) => (await readJson(`usda/${group}.json`)) as UsdaRow[]),
  ]).then(([curated, ...groups]) => {
    const rows = groups.flat();
    const foods = [...curated, ...rows.map(foodOfUsdaRow)];
    return {
      foods,
      bySlug: new Map(foods.map((food) => [food.id, food])),
      rows: new Map(rows.map((row) => [`usda-${row[0]}`, row])),
    };
  });
  // A file that could not be read is tried again by the next call.
  whole.catch(() => (whole = null));
  return whole;
}

/** The curated catalog and then the whole USDA table, as loadWholeCatalog() gives the browser; the same list each time. */
export async function serverCatalog(): Promise<readonly CatalogFood[]> {
  return (await loadWhole()).foods;
}

/** The catalog food of `slug`, or undefined when the catalog has none. */
export async function serverCatalogFood(slug: string): Promise<CatalogFood | undefined> {
  return (await loadWhole()).bySlug.get(slug);
}

/** The row of the USDA table a table food (`usda-<ndb>`) was made of, as its group's file holds it. */
export async function serverTableRow(slug: string): Promise<UsdaRow | undefined> {
  return (await loadWhole()).rows.get(slug);
}

const nutrientFiles = new Map<string, Promise<Map<string, Nutrients>>>();

/**
 * A catalog food's nutrients per 100 g beyond the macros, as catalogNutrients() gives the
 * browser: a USDA row's from its group's file by NDB number, a curated food's by slug; {} for
 * none known.
 */
export async function serverCatalogNutrients(slug: string): Promise<Nutrients> {
  const ndb = /^usda-(\d{5})$/.exec(slug)?.[1];
  const [group, key] = ndb ? [ndb.slice(0, 2), ndb] : ['curated', slug];
  if (!NUTRIENT_GROUPS.some(([name]) => name === group)) return {};
  let file = nutrientFiles.get(group);
  if (!file) {
    file = readJson(`nutrients/${group}.json`).then((rows) => {
      const byKey = new Map<string, Nutrients>();
      for (const [rowKey, values] of Object.entries(rows as Record<string, unknown>)) {
        const nutrients = nutrientsOfList(values);
        if (nutrients) byKey.set(rowKey, nutrients);
      }
      return byKey;
    });
    file.catch(() => nutrientFiles.delete(group));
    nutrientFiles.set(group, file);
  }
  return (await file).get(key) ?? {};
}
