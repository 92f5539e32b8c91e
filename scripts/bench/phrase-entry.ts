// Runs in the bench's Chromium page (scripts/bench/phrase.mjs): the phrase corpus of
// tests/fixtures/phrases.tsv read one phrase at a time against the whole catalog (the curated
// foods with their measures and the USDA table, fetched from the server as the app does), as
// "Say what you ate" reads it, each phrase timed and its reading scored as the unit test does.
import { loadWholeCatalog } from '@/lib/catalog/load';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loggableFromCatalog } from '@/lib/diary/loggable';
import { matchPhrase } from '@/lib/diary/phrase-match';
import { SearchIndex } from '@/lib/diary/search';
import { describeItem, parseCorpus, scorePhrase } from '@/tests/fixtures/phrases';

type PhraseTimes = {
  phrases: number;
  foods: number;
  /** The longest of the two languages' index builds, done once per page as the add dialog does. */
  buildMs: number;
  /** Milliseconds per phrase, in corpus order. */
  times: Array<{ phrase: string; ms: number }>;
  right: number;
  items: number;
  misread: Array<{ phrase: string; expected: string; got: string }>;
};

declare global {
  interface Window {
    benchPhrases: (corpus: string) => Promise<PhraseTimes>;
  }
}

const indexes = new Map<'en' | 'ru', SearchIndex<CatalogFood>>();

window.benchPhrases = async (corpus) => {
  const catalog = await loadWholeCatalog();
  let buildMs = 0;
  for (const locale of ['en', 'ru'] as const) {
    if (indexes.has(locale)) continue;
    // As tests/support/whole-catalog.ts builds it, which is the add dialog's index of the catalog.
    const started = performance.now();
    indexes.set(locale, new SearchIndex(catalog.map((food) => catalogSearchDoc(food, locale, food))));
    buildMs = Math.max(buildMs, performance.now() - started);
  }
  const phrases = parseCorpus(corpus);
  const times: PhraseTimes['times'] = [];
  const misread: PhraseTimes['misread'] = [];
  let right = 0;
  let items = 0;
  for (const phrase of phrases) {
    const index = indexes.get(phrase.locale)!;
    const begin = performance.now();
    const { matches } = matchPhrase(
      phrase.phrase,
      (words, limit) => index.ranked(words, limit),
      (food) => loggableFromCatalog(food, phrase.locale),
      phrase.locale,
    );
    times.push({ phrase: phrase.phrase, ms: performance.now() - begin });
    const verdicts = scorePhrase(
      phrase.items,
      matches.map((match) => ({ food: match.found?.id ?? null, grams: match.grams })),
    );
    items += verdicts.length;
    for (const verdict of verdicts) {
      if (verdict.right) right++;
      else
        misread.push({
          phrase: phrase.phrase,
          expected: describeItem(verdict.expected),
          got: describeItem(verdict.got),
        });
    }
  }
  return { phrases: phrases.length, foods: catalog.length, buildMs, times, right, items, misread };
};
