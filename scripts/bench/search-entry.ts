// Runs in the bench's Chromium page (scripts/bench/search.mjs): the add dialog's search over the
// whole catalog (the curated foods and the USDA table, fetched from the server as the app does)
// plus the user's own foods, typed one key at a time.
import { catalogFoods, type CatalogFood } from '@/lib/catalog/catalog-data';
import { foodOfUsdaRow, loadUsdaTable } from '@/lib/catalog/usda-table';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { SEARCH_BOOST, SearchIndex, type SearchDoc } from '@/lib/diary/search';

type SearchTimes = {
  foods: number;
  catalogFoods: number;
  tableMs: number;
  buildMs: number;
  reopenMs: number;
  /** From the call to the first answer over the whole catalog: the table fetched, the index built, one key searched. */
  firstResultMs: number;
  keystrokes: number[];
  queries: string[];
};

declare global {
  interface Window {
    benchSearch: (ownFoods: number, queries: string[], limit: number) => Promise<SearchTimes>;
    benchBridge: (queries: string[], limit: number) => Promise<number[]>;
  }
}

/**
 * A first visit's first key while the table is on its way (lib/hooks/use-table-bridge.ts): the
 * server names the table's foods the key needs, which join the curated foods' index (built when
 * the dialog opened), and the key is searched. Per query, the time from the key to that answer.
 */
window.benchBridge = async (queries, limit) => {
  const curated = new SearchIndex(catalogFoods.map((food) => catalogSearchDoc(food, 'en', food.id)));
  const times: number[] = [];
  for (const query of queries) {
    const locale = /[а-яё]/i.test(query) ? 'ru' : 'en';
    const key = query.slice(0, 1);
    const started = performance.now();
    const response = await fetch(`/api/catalog/search?${new URLSearchParams({ q: key, locale })}`, {
      cache: 'no-store',
    });
    const { rows } = (await response.json()) as { rows: Parameters<typeof foodOfUsdaRow>[0][] };
    const index = curated.with(
      rows.map(foodOfUsdaRow).map((food) => catalogSearchDoc(food, locale, food.id)),
    );
    index.search(key, limit);
    times.push(performance.now() - started);
  }
  return times;
};

let table: { foods: CatalogFood[]; ms: number } | null = null;

/** The whole catalog in one language plus `ownFoods` of the user's own: catalog names under made-up brands. */
function docs(
  catalog: readonly CatalogFood[],
  ownFoods: number,
  locale: 'en' | 'ru',
): Array<SearchDoc<string>> {
  const list: Array<SearchDoc<string>> = catalog.map((food) => catalogSearchDoc(food, locale, food.id));
  for (let i = 0; i < ownFoods; i++) {
    const food = catalogFoods[(i * 7919) % catalogFoods.length]!;
    list.push({
      item: `own-${i}`,
      name: `${food[locale]} ${i % 3 === 0 ? 'homemade' : `no. ${i}`}`,
      tags: [`Brand ${i % 250}`],
      boost: i % 10 === 0 ? SEARCH_BOOST.recent : SEARCH_BOOST.own,
    });
  }
  return list;
}

window.benchSearch = async (ownFoods, queries, limit) => {
  const called = performance.now();
  let firstResultMs: number | null = null;
  if (!table) {
    // The first call fetches the table as a first open of the add dialog does (the second, the
    // measured one, finds it fetched).
    const started = performance.now();
    table = { foods: await loadUsdaTable(), ms: 0 };
    table.ms = performance.now() - started;
  }
  const catalog = [...catalogFoods, ...table.foods];
  const keystrokes: number[] = [];
  let buildMs = 0;
  let reopenMs = 0;
  for (const locale of ['en', 'ru'] as const) {
    const all = docs(catalog, ownFoods, locale);
    // As the add dialog builds it: the catalog's index, kept for the page, with the own foods
    // added (lib/hooks/use-food-index.ts); a later open adds them to the kept one.
    const started = performance.now();
    const catalogIndex = new SearchIndex(all.slice(0, catalog.length));
    let index = catalogIndex.with(all.slice(catalog.length));
    buildMs = Math.max(buildMs, performance.now() - started);
    const reopened = performance.now();
    index = catalogIndex.with(all.slice(catalog.length));
    reopenMs = Math.max(reopenMs, performance.now() - reopened);
    for (const query of queries) {
      if (/[а-яё]/i.test(query) !== (locale === 'ru')) continue;
      // Each prefix is what the field holds after one more key.
      for (let length = 1; length <= query.length; length++) {
        const begin = performance.now();
        index.search(query.slice(0, length), limit);
        keystrokes.push(performance.now() - begin);
        firstResultMs ??= performance.now() - called;
      }
    }
  }
  return {
    foods: catalog.length + ownFoods,
    catalogFoods: catalog.length,
    tableMs: table.ms,
    buildMs,
    reopenMs,
    firstResultMs: firstResultMs ?? 0,
    keystrokes,
    queries,
  };
};
