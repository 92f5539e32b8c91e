import { nutrientsOfList, type Nutrients } from '@/lib/diary/nutrients';
import { NUTRIENT_GROUPS } from './nutrient-groups';

/**
 * The catalog's nutrients per 100 g (USDA SR24, scripts/catalog/extract-usda-table.mjs), kept
 * apart from the foods so search never waits for them: one file per USDA food group, keyed by
 * NDB number, and one of the curated foods, keyed by slug. A file is fetched by its content
 * hash when a food of it is about to be logged, and kept by the service worker for offline use.
 */
type NutrientFile = Map<string, Nutrients>;

const loads = new Map<string, Promise<NutrientFile>>();

/** The file and key of a catalog food's nutrients: `c:usda-09040` is 09040 of group 09. */
function placeOf(ref: string): { group: string; key: string } | null {
  const slug = ref.startsWith('c:') ? ref.slice(2) : null;
  if (slug === null) return null;
  const ndb = /^usda-(\d{5})$/.exec(slug)?.[1];
  return ndb ? { group: ndb.slice(0, 2), key: ndb } : { group: 'curated', key: slug };
}

function loadFile(group: string): Promise<NutrientFile> {
  const hash = NUTRIENT_GROUPS.find(([name]) => name === group)?.[1];
  if (hash === undefined) return Promise.resolve(new Map());
  let load = loads.get(group);
  if (!load) {
    load = fetch(`/catalog/nutrients/${group}.json?v=${hash}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`catalog nutrients ${group}: ${response.status}`);
        const rows = (await response.json()) as Record<string, unknown>;
        const file: NutrientFile = new Map();
        for (const [key, values] of Object.entries(rows)) {
          const nutrients = nutrientsOfList(values);
          if (nutrients) file.set(key, nutrients);
        }
        return file;
      })
      .catch((error: unknown) => {
        // Offline before the file was ever kept: a later pick tries again.
        loads.delete(group);
        throw error;
      });
    loads.set(group, load);
  }
  return load;
}

/**
 * A catalog food's nutrients per 100 g: {} when the catalog knows none for it (a dish of ours,
 * a row without them); rejects when its file cannot be fetched, so the caller can say so.
 */
export async function catalogNutrients(ref: string): Promise<Nutrients> {
  const place = placeOf(ref);
  if (!place) return {};
  const file = await loadFile(place.group);
  return file.get(place.key) ?? {};
}
