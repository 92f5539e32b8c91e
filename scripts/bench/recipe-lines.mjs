// Bench section: recipes in from a page (issue 51). The 50 English recipe pages of
// tests/fixtures/recipe-pages, each read as the import reads it against the whole catalog, in
// Chromium slowed down four times as Lighthouse's phone is: whether each page's recipe and its
// servings are found, the share of ingredient lines matched to the right food with grams within
// ±15 % of a person's (tests/fixtures/recipe-lines.tsv), and how long a page takes.
import { readdir, readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { bundleForBrowser, CPU_SLOWDOWN, launchBenchBrowser, openBenchPage } from './browser-bundle.mjs';
import { percentile } from './figures.mjs';

/** The share of lines the import should read right (issue 51). */
export const RECIPE_LINES_SHARE_BAR = 0.85;
const PAGES = new URL('../../tests/fixtures/recipe-pages/', import.meta.url);
const CORPUS = new URL('../../tests/fixtures/recipe-lines.tsv', import.meta.url);

export async function recipeLinesSection(ctx) {
  const [script, corpus] = await Promise.all([
    bundleForBrowser(new URL('./recipe-lines-entry.ts', import.meta.url)),
    readFile(CORPUS, 'utf8'),
  ]);
  const wanted = new Set(corpus.split('\n').map((row) => row.split('\t')[0]));
  const pages = {};
  for (const file of (await readdir(PAGES)).filter((name) => name.endsWith('.html.gz')).sort()) {
    const page = file.slice(0, -'.html.gz'.length);
    if (!wanted.has(page)) continue;
    const html = gunzipSync(await readFile(new URL(file, PAGES))).toString('utf8');
    const { title } = JSON.parse(await readFile(new URL(`${page}.json`, PAGES), 'utf8'));
    pages[page] = { html, title };
  }
  const browser = await launchBenchBrowser();
  try {
    const { page } = await openBenchPage(browser, ctx.baseUrl, script);
    // The first pass fetches the table, builds the index and warms the JIT; the second is measured.
    await page.evaluate(([text, all]) => window.benchRecipeLines(text, all), [corpus, pages]);
    const result = await page.evaluate(([text, all]) => window.benchRecipeLines(text, all), [corpus, pages]);
    const share = result.right / result.lines;
    const times = result.times.map(({ ms }) => ms);
    const row = {
      pages: result.pages,
      sites: new Set(Object.keys(pages).map((name) => name.split('__')[0])).size,
      found: result.found,
      withServings: result.withServings,
      lines: result.lines,
      share,
      median: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      pass: share >= RECIPE_LINES_SHARE_BAR && result.found === result.pages,
    };
    const slowest = [...result.times].sort((a, b) => b.ms - a.ms).slice(0, 3);
    return {
      target: `every page's recipe found; ≥ ${RECIPE_LINES_SHARE_BAR * 100} % of ingredient lines matched to the right food, grams within ±15 %`,
      columns: [
        { key: 'pages', label: 'pages', align: 'right' },
        { key: 'sites', label: 'sites', align: 'right' },
        { key: 'found', label: 'recipe found', align: 'right' },
        { key: 'withServings', label: 'servings read', align: 'right' },
        { key: 'lines', label: 'lines', align: 'right' },
        { key: 'share', label: 'matched right', align: 'right', format: (v) => `${(v * 100).toFixed(1)} %` },
        { key: 'median', label: 'p50 per page (ms)', align: 'right', format: (v) => v.toFixed(1) },
        { key: 'p95', label: 'p95 per page (ms)', align: 'right', format: (v) => v.toFixed(1) },
        { key: 'pass', label: 'bar', format: (v) => (v ? 'PASS' : 'MISS') },
      ],
      rows: [{ ...row, misread: result.misread }],
      notes: [
        `Each page's recipe read from its HTML (lib/recipes/schema-org.ts) and its lines matched as the import matches them (lib/recipes/read-ingredients.ts over the whole catalog's English index), at ${CPU_SLOWDOWN}x CPU slowdown; the second of two passes is measured.`,
        `Servings read where the page states a yield; none stated: ${result.withoutServings.join(', ') || 'none'}.`,
        `Slowest: ${slowest.map(({ ms, page: name }) => `${name} ${ms.toFixed(0)} ms`).join(', ')}.`,
        share >= RECIPE_LINES_SHARE_BAR
          ? `${(share * 100).toFixed(1)} % of lines matched right, at or over ${RECIPE_LINES_SHARE_BAR * 100} %.`
          : `MISS: ${(share * 100).toFixed(1)} % of lines matched right, under ${RECIPE_LINES_SHARE_BAR * 100} % (${result.misread.length} misread: npx vitest run tests/unit/recipe-lines-corpus.test.ts lists them).`,
      ],
    };
  } finally {
    await browser.close();
  }
}
