// Runs in the bench's Chromium page (scripts/bench/recipe-lines.mjs): the 50 English recipe pages
// of tests/fixtures/recipe-pages read as the recipe import reads them (the page's schema.org
// recipe, each ingredient line through the cookbook reader and the add dialog's matcher) against
// the whole catalog, each page timed and each line scored as tests/unit/recipe-lines-corpus.test.ts
// scores it.
import { loadWholeCatalog } from '@/lib/catalog/load';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loggableFromCatalog } from '@/lib/diary/loggable';
import { SearchIndex } from '@/lib/diary/search';
import { readIngredients } from '@/lib/recipes/read-ingredients';
import { recipesOfPage } from '@/lib/recipes/schema-org';
import { describeItem } from '@/tests/fixtures/phrases';
import { parseRecipeLines, scoreRecipeLine } from '@/tests/fixtures/recipe-lines';

type RecipeLinesResult = {
  pages: number;
  found: number;
  withServings: number;
  /** Pages whose recipe states no servings. */
  withoutServings: string[];
  lines: number;
  right: number;
  /** Milliseconds per page: its recipe read from the HTML and every line matched. */
  times: Array<{ page: string; ms: number }>;
  misread: Array<{ line: string; expected: string; got: string }>;
};

declare global {
  interface Window {
    benchRecipeLines: (
      corpus: string,
      pages: Record<string, { html: string; title: string }>,
    ) => Promise<RecipeLinesResult>;
  }
}

let index: SearchIndex<CatalogFood> | null = null;

window.benchRecipeLines = async (corpusText, pages) => {
  const catalog = await loadWholeCatalog();
  index ??= new SearchIndex(catalog.map((food) => catalogSearchDoc(food, 'en', food)));
  const search = index;
  const corpus = parseRecipeLines(corpusText);
  const result: RecipeLinesResult = {
    pages: 0,
    found: 0,
    withServings: 0,
    withoutServings: [],
    lines: 0,
    right: 0,
    times: [],
    misread: [],
  };
  for (const [page, { html, title }] of Object.entries(pages)) {
    result.pages++;
    const begin = performance.now();
    const recipe = recipesOfPage(html).find((found) => found.name === title.replace(/\s+/g, ' ').trim());
    const readings = recipe
      ? readIngredients(
          recipe.ingredients,
          (words, limit) => search.ranked(words, limit),
          (food: CatalogFood) => loggableFromCatalog(food, 'en'),
          'en',
        )
      : [];
    result.times.push({ page, ms: performance.now() - begin });
    if (!recipe) continue;
    result.found++;
    if (recipe.servings !== null) result.withServings++;
    else result.withoutServings.push(page);
    const expected = corpus.filter((line) => line.page === page);
    expected.forEach((line, i) => {
      const reading = readings[i];
      const items = reading?.line.counted
        ? reading.matches
            .filter((match) => match.found && match.grams !== null)
            .map((match) => ({ food: match.found!.id, grams: match.grams }))
        : [];
      const right = scoreRecipeLine(line, items).every((verdict) => verdict.right);
      result.lines++;
      if (right) result.right++;
      else
        result.misread.push({
          line: line.line,
          expected: line.missing ? '?' : line.items.map(describeItem).join(' ; ') || '(nothing)',
          got: items.map(describeItem).join(' ; ') || '(nothing)',
        });
    });
  }
  return result;
};
