// Runs in the bench's Chromium page (scripts/bench/search.mjs): the add dialog's search over
// 5,000 foods, typed one key at a time.
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { SEARCH_BOOST, SearchIndex, type SearchDoc } from '@/lib/diary/search';

type SearchTimes = { foods: number; buildMs: number; keystrokes: number[]; queries: string[] };

declare global {
  interface Window {
    benchSearch: (total: number, queries: string[], limit: number) => SearchTimes;
  }
}

/** The catalog in one language plus the user's own foods: catalog names under made-up brands. */
function docs(total: number, locale: 'en' | 'ru'): Array<SearchDoc<string>> {
  const list: Array<SearchDoc<string>> = catalogFoods.map((food) => catalogSearchDoc(food, locale, food.id));
  for (let i = 0; list.length < total; i++) {
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

window.benchSearch = (total, queries, limit) => {
  const keystrokes: number[] = [];
  let buildMs = 0;
  for (const locale of ['en', 'ru'] as const) {
    const started = performance.now();
    const index = new SearchIndex(docs(total, locale));
    buildMs = Math.max(buildMs, performance.now() - started);
    for (const query of queries) {
      if (/[а-яё]/i.test(query) !== (locale === 'ru')) continue;
      // Each prefix is what the field holds after one more key.
      for (let length = 1; length <= query.length; length++) {
        const begin = performance.now();
        index.search(query.slice(0, length), limit);
        keystrokes.push(performance.now() - begin);
      }
    }
  }
  return { foods: total, buildMs, keystrokes, queries };
};
