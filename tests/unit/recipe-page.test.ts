import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recipesOfPage, type PageRecipe } from '@/lib/recipes/schema-org';

/** Saved pages with recipe-scrapers' results beside them (tests/fixtures/recipe-pages/README.md). */
const FIXTURES = path.resolve(__dirname, '../fixtures/recipe-pages');

type Expected = {
  title: string;
  ingredients: string[];
  yields?: string | null;
  instructions_list?: string[];
};

/**
 * Section headings recipe-scrapers lists among the steps; recipesOfPage flattens a HowToSection
 * into its steps alone, so a heading is the one step it leaves out.
 */
const SECTION_HEADINGS: Record<string, string[]> = {
  'ricardocuisine.com__ricardocuisine_1': ['Slow-Cooked Pulled Pork'],
  // recipe-scrapers leaves out the first section's heading ("Oppskrift") itself.
  'tine.no__tineno_2': ['Tikka masala:', 'Raita:'],
};

const pages = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.html.gz'))
  .map((file) => file.slice(0, -'.html.gz'.length))
  .sort();

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A step as recipesOfPage keeps it: at most 500 characters. */
const asKept = (text: string) => collapse(text).slice(0, 500);

function readFixture(page: string): { html: string; expected: Expected } {
  const html = gunzipSync(readFileSync(path.join(FIXTURES, `${page}.html.gz`))).toString('utf8');
  const expected = JSON.parse(readFileSync(path.join(FIXTURES, `${page}.json`), 'utf8')) as Expected;
  return { html, expected };
}

/** A page with the given JSON-LD documents, each in its own script. */
function ldPage(...documents: unknown[]): string {
  const scripts = documents
    .map((document) => `<script type="application/ld+json">${JSON.stringify(document)}</script>`)
    .join('\n');
  return `<!doctype html><html><head><title>t</title>${scripts}</head><body><p>Hello</p></body></html>`;
}

function onlyRecipe(html: string): PageRecipe {
  const recipes = recipesOfPage(html);
  expect(recipes).toHaveLength(1);
  return recipes[0] as PageRecipe;
}

/** Milliseconds recipesOfPage takes over a page, with what it found. */
/**
 * The hostile pages below guard against reading that grows faster than the page (a pattern that
 * backtracks, a walk that revisits what it saw): such a reading of 5 MB takes minutes. Alone these
 * take 0.2-0.5 s here and 1.5 s was seen beside the build on CI, so the bound sits far above a
 * busy machine's time and far below a runaway's; how fast a page reads is the bench's figure
 * (`npm run bench`, recipeLines), not a test's.
 */
const RUNAWAY_MS = 5_000;

function timed(html: string): { ms: number; recipes: PageRecipe[] } {
  const start = performance.now();
  const recipes = recipesOfPage(html);
  return { ms: performance.now() - start, recipes };
}

/**
 * The first twelve pages (several languages, JSON-LD and microdata), compared with recipe-scrapers
 * in full; the other 48 are the English pages the ingredient-line bench reads
 * (tests/fixtures/recipe-lines.tsv).
 */
const FIRST_TWELVE = new Set([
  'budgetbytes.com__budgetbytes',
  'chefkoch.de__chefkoch',
  'cook-talk.com__cooktalk_2',
  'cookpad.com__cookpad',
  'cuisineaz.com__cuisineaz',
  'eatingwell.com__eatingwell',
  'nosalty.hu__nosalty_2',
  'ricardocuisine.com__ricardocuisine_1',
  'ricette.giallozafferano.it__giallozafferano',
  'tine.no__tineno_2',
  'tudogostoso.com.br__tudogostoso_1',
  'valdemarsro.dk__valdemarsro',
]);

/**
 * Lines recipe-scrapers' site scraper reads from the page's HTML, where recipesOfPage reads the
 * page's schema.org data, and the two say it differently (each checked by hand): the count of
 * lines still agrees.
 */
const LINES_WRITTEN_OTHERWISE: Record<string, string> = {
  'acouplecooks.com__acouplecooks_1': 'the HTML writes ½, the JSON-LD 1/2',
  'culinaryhill.com__culinaryhill_1': 'the JSON-LD brackets the note: "8 apples (cold (see note 1))"',
  'justonecookbook.com__justonecookbook': 'the scraper adds the HTML’s unit switcher: "… 3 540"',
  'loveandlemons.com__loveandlemons_1': 'the JSON-LD brackets the alternative',
  'recipetineats.com__recipetineats_1': 'the JSON-LD brackets a note that has brackets of its own',
};

/**
 * Servings where recipesOfPage and recipe-scrapers differ, each checked by hand: recipesOfPage
 * takes the first number of the page's own recipeYield; recipe-scrapers reads the HTML or adds a
 * default.
 */
const SERVINGS_OTHERWISE: Record<string, { servings: number | null; why: string }> = {
  'cooking.nytimes.com__nytimes': { servings: 5, why: 'yield "5 cups (about 120 to 160 crackers)"' },
  'food52.com__food52': { servings: 2, why: 'yield "Serves 2 to 4"' },
  'foodandwine.com__foodandwine_1': { servings: null, why: 'the page states no yield at all' },
  'sallysbakingaddiction.com__sallysbakingaddiction_1': {
    servings: 28,
    why: 'yield ["28", "28-32 cookies"]',
  },
  'seriouseats.com__seriouseats': { servings: 20, why: 'yield ["20", "2 pies"]' },
};

describe('recipesOfPage on saved pages', () => {
  it('has sixty pages from sixty sites', () => {
    expect(pages).toHaveLength(60);
    expect(new Set(pages.map((page) => page.split('__')[0])).size).toBe(60);
  });

  describe.each(pages)('%s', (page) => {
    const { html, expected } = readFixture(page);
    const recipes = recipesOfPage(html);
    const recipe = recipes.find((found) => found.name === collapse(expected.title));

    it('finds the recipe by its title', () => {
      expect(recipes.map((found) => found.name)).toContain(collapse(expected.title));
    });

    it('reads the ingredient lines', () => {
      if (page in LINES_WRITTEN_OTHERWISE)
        expect(recipe?.ingredients).toHaveLength(expected.ingredients.length);
      else expect(recipe?.ingredients.map(collapse)).toEqual(expected.ingredients.map(collapse));
    });

    it('reads the servings as the first number of the yield', () => {
      const first = expected.yields ? /\d+(?:\.\d+)?/.exec(expected.yields)?.[0] : undefined;
      const servings =
        page in SERVINGS_OTHERWISE
          ? SERVINGS_OTHERWISE[page]!.servings
          : first === undefined
            ? null
            : Number(first);
      expect(recipe?.servings).toBe(servings);
    });

    it('reads the steps, sections flattened', () => {
      // recipe-scrapers lists many sites' section headings among the steps; the first twelve pages
      // name theirs, the others are checked for steps that are steps.
      if (!FIRST_TWELVE.has(page)) {
        // Steps where the page has any (foodnetwork.co.uk's has none).
        const pageHasSteps = (expected.instructions_list ?? []).length > 0;
        expect((recipe?.steps.length ?? 0) > 0).toBe(pageHasSteps);
        for (const step of recipe?.steps ?? []) expect(step).toMatch(/\p{L}.*\p{L}/u);
        return;
      }
      const headings = SECTION_HEADINGS[page] ?? [];
      const steps = (expected.instructions_list ?? [])
        .filter((step) => !headings.includes(step))
        .map(asKept)
        .filter(Boolean);
      expect(recipe?.steps).toEqual(steps);
    });
  });

  it('reads a real page of 370 KB in a blink, not a runaway', () => {
    const { html } = readFixture('chefkoch.de__chefkoch');
    expect(timed(html).ms).toBeLessThan(RUNAWAY_MS / 5);
  });

  it('reads the details the Russian microdata page gives', () => {
    const recipe = recipesOfPage(readFixture('cook-talk.com__cooktalk_2').html)[0];
    expect(recipe?.image).toMatch(/^https:\/\/cook-talk\.com\/.+\.jpg$/);
    expect(recipe?.yieldText).toBeNull();
  });

  it('reads the nutrition and the time of a JSON-LD page', () => {
    const recipe = recipesOfPage(readFixture('ricette.giallozafferano.it__giallozafferano').html)[0];
    // "312,8 kcal", "22,4 g": decimal commas; the page gives no protein.
    expect(recipe?.nutrition).toEqual({ kcal: 312.8, protein: null, fat: 22.4, carbs: 25.4 });
    expect(recipe?.totalMinutes).toBe(45);
    expect(recipe?.yieldText).toBe('10');
  });
});

describe('recipesOfPage, JSON-LD', () => {
  it('finds a recipe in @graph', () => {
    const html = ldPage({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Site' },
        { '@type': 'WebPage', name: 'Page', mainEntity: { '@id': '#recipe' } },
        {
          '@type': 'Recipe',
          '@id': '#recipe',
          name: 'Borscht',
          recipeIngredient: ['1 beet', '2 potatoes'],
        },
      ],
    });
    const recipe = onlyRecipe(html);
    expect(recipe.name).toBe('Borscht');
    expect(recipe.ingredients).toEqual(['1 beet', '2 potatoes']);
  });

  it('finds a recipe whose @type is an array, or a full URL', () => {
    const html = ldPage(
      { '@type': ['Recipe', 'NewsArticle'], headline: 'Story', name: 'Pancakes', recipeIngredient: ['milk'] },
      { '@type': 'http://schema.org/Recipe', name: 'Waffles', recipeIngredient: ['flour'] },
      { '@type': ['NewsArticle'], name: 'Not a recipe', recipeIngredient: ['x'] },
    );
    expect(recipesOfPage(html).map((recipe) => recipe.name)).toEqual(['Pancakes', 'Waffles']);
  });

  it('falls back to the headline when a recipe has no name', () => {
    const html = ldPage({
      '@type': ['Recipe', 'NewsArticle'],
      headline: 'Syrniki',
      recipeIngredient: ['tvorog'],
    });
    expect(onlyRecipe(html).name).toBe('Syrniki');
  });

  it('flattens HowToSections into their steps, in order, without their headings', () => {
    const html = ldPage({
      '@type': 'Recipe',
      name: 'Cake',
      recipeInstructions: [
        {
          '@type': 'HowToSection',
          name: 'For the sponge',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Beat the eggs.' },
            { '@type': 'HowToStep', text: 'Fold in the flour.' },
          ],
        },
        {
          '@type': 'HowToSection',
          name: 'For the cream',
          itemListElement: [{ '@type': 'HowToStep', name: 'Whip', text: 'Whip the cream.' }],
        },
        { '@type': 'HowToStep', text: 'Assemble.' },
      ],
    });
    expect(onlyRecipe(html).steps).toEqual([
      'Beat the eggs.',
      'Fold in the flour.',
      'Whip the cream.',
      'Assemble.',
    ]);
  });

  it('splits instructions given as one text into lines', () => {
    const html = ldPage({
      '@type': 'Recipe',
      name: 'Tea',
      recipeInstructions: 'Boil water.\n\n  Pour it.\r\nWait<br>Drink.',
    });
    expect(onlyRecipe(html).steps).toEqual(['Boil water.', 'Pour it.', 'Wait', 'Drink.']);
  });

  it.each([
    ['Serves 4-6', 4, 'Serves 4-6'],
    ['makes 12 cookies', 12, 'makes 12 cookies'],
    ['4', 4, '4'],
    [4, 4, '4'],
    [['4', '4 servings'], 4, '4'],
    ['1,5 portions', 1.5, '1,5 portions'],
    ['a few', null, 'a few'],
    [undefined, null, null],
  ])('reads recipeYield %j as %j servings', (recipeYield, servings, yieldText) => {
    const recipe = onlyRecipe(ldPage({ '@type': 'Recipe', name: 'X', recipeYield }));
    expect(recipe.servings).toBe(servings);
    expect(recipe.yieldText).toBe(yieldText);
  });

  it.each([
    ['https://example.com/a.jpg', 'https://example.com/a.jpg'],
    [['https://example.com/a.jpg', 'https://example.com/b.jpg'], 'https://example.com/a.jpg'],
    [{ '@type': 'ImageObject', url: 'https://example.com/c.jpg', width: 1200 }, 'https://example.com/c.jpg'],
    [[{ '@type': 'ImageObject', contentUrl: 'https://example.com/d.jpg' }], 'https://example.com/d.jpg'],
    [
      { '@type': 'ImageObject', url: { '@type': 'URL', '@id': 'https://example.com/e.jpg' } },
      'https://example.com/e.jpg',
    ],
    [[], null],
  ])('reads image %j', (image, url) => {
    expect(onlyRecipe(ldPage({ '@type': 'Recipe', name: 'X', image })).image).toBe(url);
  });

  it.each([
    [{ totalTime: 'PT1H30M' }, 90],
    [{ totalTime: 'P0DT2H' }, 120],
    [{ totalTime: 'P0Y0M0DT0H35M0.000S' }, 35],
    [{ prepTime: 'PT15M', cookTime: 'PT1H' }, 75],
    [{ totalTime: 'PT0M', cookTime: 'PT20M' }, 20],
    [{ totalTime: '30 minutes' }, null],
    [{}, null],
  ])('reads the time of %j as %j minutes', (times, minutes) => {
    expect(onlyRecipe(ldPage({ '@type': 'Recipe', name: 'X', ...times })).totalMinutes).toBe(minutes);
  });

  it('reads NutritionInformation strings', () => {
    const nutrition = (values: Record<string, unknown>) =>
      onlyRecipe(
        ldPage({ '@type': 'Recipe', name: 'X', nutrition: { '@type': 'NutritionInformation', ...values } }),
      ).nutrition;
    expect(
      nutrition({
        calories: '240 kcal',
        proteinContent: '12 g',
        fatContent: '9.5g',
        carbohydrateContent: '30 grams',
      }),
    ).toEqual({ kcal: 240, protein: 12, fat: 9.5, carbs: 30 });
    expect(nutrition({ calories: '240 calories', fatContent: '1,5 g' })).toEqual({
      kcal: 240,
      protein: null,
      fat: 1.5,
      carbs: null,
    });
    expect(nutrition({ calories: '1004 kJ' })?.kcal).toBe(240);
    expect(nutrition({ calories: '1,200 kcal' })?.kcal).toBe(1200);
    expect(nutrition({ calories: 310 })?.kcal).toBe(310);
    expect(nutrition({ servingSize: '1 bowl' })).toBeNull();
  });

  it('decodes entities and strips tags from the text', () => {
    const html = ldPage({
      '@type': 'Recipe',
      name: 'Mac &amp; Cheese &#8211; the &quot;best&quot;',
      recipeIngredient: [
        '<b>1</b> cup&nbsp;macaroni',
        '&frac12; cup cr&egrave;me fra&icirc;che',
        '  ',
        '<a href="#">salt</a>',
      ],
      recipeInstructions: [{ '@type': 'HowToStep', text: '&lt;p&gt;Boil&lt;/p&gt; the &amp;amp; pasta' }],
    });
    const recipe = onlyRecipe(html);
    expect(recipe.name).toBe('Mac & Cheese – the "best"');
    expect(recipe.ingredients).toEqual(['1 cup macaroni', '½ cup crème fraîche', 'salt']);
    expect(recipe.steps).toEqual(['Boil the & pasta']);
  });

  it('splits an ingredient list given as one text', () => {
    const html = ldPage({
      '@type': 'Recipe',
      name: 'X',
      recipeIngredient: ['2 eggs\n1 cup milk\n\n', 'salt'],
    });
    expect(onlyRecipe(html).ingredients).toEqual(['2 eggs', '1 cup milk', 'salt']);
  });

  it('reads the legacy `ingredients` property', () => {
    expect(
      onlyRecipe(ldPage({ '@type': 'Recipe', name: 'X', ingredients: ['1 onion'] })).ingredients,
    ).toEqual(['1 onion']);
  });

  it('reads two recipes on a page in page order, and a repeated one once', () => {
    const soup = { '@type': 'Recipe', name: 'Soup', recipeIngredient: ['water'] };
    const salad = { '@type': 'Recipe', name: 'Salad', recipeIngredient: ['lettuce'] };
    const html = ldPage(soup, { '@graph': [salad, soup] }, [soup]);
    expect(recipesOfPage(html).map((recipe) => recipe.name)).toEqual(['Soup', 'Salad']);
  });

  it('keeps two recipes of the same name with different ingredients', () => {
    const html = ldPage([
      { '@type': 'Recipe', name: 'Pie', recipeIngredient: ['apples'] },
      { '@type': 'Recipe', name: 'Pie', recipeIngredient: ['cherries'] },
    ]);
    expect(recipesOfPage(html)).toHaveLength(2);
  });

  it('finds nothing on a page without a recipe', () => {
    expect(recipesOfPage(ldPage({ '@type': 'Article', name: 'News' }))).toEqual([]);
    expect(recipesOfPage('<html><body><h1>Recipe</h1><p>Just text</p></body></html>')).toEqual([]);
    expect(recipesOfPage('')).toEqual([]);
  });

  it('skips a Recipe node with nothing in it', () => {
    expect(recipesOfPage(ldPage({ '@type': 'Recipe', url: 'https://example.com/other' }))).toEqual([]);
  });

  it('skips a script whose JSON is broken and reads the next', () => {
    const html =
      '<script type="application/ld+json">{"@type": "Recipe", "name": "Broken", </script>' +
      '<script type="application/ld+json">{"@type": "Recipe", "name": "Fine", "recipeIngredient": ["rice"]}</script>';
    expect(recipesOfPage(html).map((recipe) => recipe.name)).toEqual(['Fine']);
  });

  it('reads scripts with raw line breaks in strings, or wrapped in a comment', () => {
    const html =
      '<script type="application/ld+json">\n<!--\n{"@type": "Recipe", "name": "Okroshka", ' +
      '"recipeInstructions": "Chop.\nPour kvass.", "description": "don\\\'t"}\n-->\n</script>';
    expect(onlyRecipe(html).steps).toEqual(['Chop.', 'Pour kvass.']);
  });

  it('reads the type attribute however it is quoted', () => {
    const html = `<SCRIPT TYPE='application/ld+json; charset=utf-8'>{"@type":"Recipe","name":"Kasha"}</SCRIPT>`;
    expect(onlyRecipe(html).name).toBe('Kasha');
  });

  it('prefers JSON-LD to microdata', () => {
    const html =
      ldPage({ '@type': 'Recipe', name: 'From JSON-LD' }) +
      '<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">From microdata</h1></div>';
    expect(recipesOfPage(html).map((recipe) => recipe.name)).toEqual(['From JSON-LD']);
  });
});

describe('recipesOfPage, microdata', () => {
  const page = `<!doctype html>
<html><head><title>Pelmeni</title>
<script>var s = '<div itemprop="recipeIngredient">not me</div>';</script></head>
<body itemscope itemtype="http://schema.org/WebPage">
<article itemscope itemtype="https://schema.org/Recipe">
  <h1 itemprop="name">Пельмени &amp; сметана</h1>
  <img itemprop="image" src="https://example.com/pelmeni.jpg" alt="">
  <meta itemprop="recipeYield" content="4 порции">
  <meta itemprop="totalTime" content="PT1H30M">
  <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Бабушка</span></span>
  <ul>
    <li itemprop="recipeIngredient"><span>500 г</span> муки
    <li itemprop="recipeIngredient">1 яйцо</li>
    <li itemprop="ingredients">300 г фарша</li>
    <!-- <li itemprop="recipeIngredient">commented out</li> -->
  </ul>
  <table><tr itemprop="recipeIngredient"><td>1 ч. л.</td><td>соли</td></tr></table>
  <div itemprop="nutrition" itemscope itemtype="https://schema.org/NutritionInformation">
    <span itemprop="calories">250 ккал</span>, <span itemprop="proteinContent">11 г</span>
  </div>
  <ol>
    <li itemprop="recipeInstructions">Замесить
      тесто.</li>
    <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Слепить пельмени.</span></li>
  </ol>
  <div itemprop="recipeInstructions"><p>Сварить.</p><p>Подать со сметаной.</p></div>
</article>
</body></html>`;

  it('reads a Recipe item', () => {
    const recipe = onlyRecipe(page);
    expect(recipe).toEqual({
      name: 'Пельмени & сметана',
      ingredients: ['500 г муки', '1 яйцо', '1 ч. л. соли'],
      servings: 4,
      yieldText: '4 порции',
      steps: ['Замесить тесто.', 'Слепить пельмени.', 'Сварить.', 'Подать со сметаной.'],
      image: 'https://example.com/pelmeni.jpg',
      totalMinutes: 90,
      nutrition: { kcal: 250, protein: 11, fat: null, carbs: null },
    });
  });

  it('reads the legacy `ingredients` property when there is no recipeIngredient', () => {
    const html = `<div itemscope itemtype="http://schema.org/Recipe"><span itemprop="name">Blini</span>
      <span itemprop="ingredients">2 eggs</span><span itemprop="ingredients">milk</span></div>`;
    expect(onlyRecipe(html).ingredients).toEqual(['2 eggs', 'milk']);
  });

  it('reads two microdata recipes in page order', () => {
    const html = ['Shchi', 'Ukha', 'Shchi']
      .map(
        (name) =>
          `<section itemscope itemtype="https://schema.org/Recipe"><h2 itemprop="name">${name}</h2>` +
          `<p itemprop="recipeIngredient">water</p></section>`,
      )
      .join('');
    expect(recipesOfPage(html).map((recipe) => recipe.name)).toEqual(['Shchi', 'Ukha']);
  });

  it('leaves out properties of items nested in the recipe', () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe">
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><b itemprop="name">Ann</b></div>
      <b itemprop="name">Kissel</b></div>`;
    expect(onlyRecipe(html).name).toBe('Kissel');
  });

  it('takes tag and entity names for names, not for object properties', () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><constructor><__proto__><toString>
      <b itemprop="name">Kompot &constructor; &toString;</b></toString></__proto__></constructor></div>`;
    expect(onlyRecipe(html).name).toBe('Kompot &constructor; &toString;');
  });

  it('survives an unclosed attribute quote', () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><b itemprop="name">Kvass</b><i class="oops>`;
    expect(onlyRecipe(html).name).toBe('Kvass');
  });
});

describe('recipesOfPage on hostile pages', { timeout: 3 * RUNAWAY_MS }, () => {
  const FIVE_MB = 5 * 1024 * 1024;

  it('reads 5 MB of deeply nested JSON-LD promptly, and the recipe beside it', () => {
    const levels = Math.ceil(FIVE_MB / 13);
    const deep = `${'{"@graph":['.repeat(levels)}{"@type":"Recipe","name":"Too deep"}${']}'.repeat(levels)}`;
    const unclosed = '[{"@type":"Thing","about":'.repeat(Math.ceil(FIVE_MB / 26));
    const html =
      `<script type="application/ld+json">${deep}</script>` +
      `<script type="application/ld+json">${unclosed}</script>` +
      ldPage({ '@type': 'Recipe', name: 'Fine', recipeIngredient: ['salt'] });
    expect(html.length).toBeGreaterThan(2 * FIVE_MB);
    const { ms, recipes } = timed(html);
    expect(recipes.map((recipe) => recipe.name)).toEqual(['Fine']);
    expect(ms).toBeLessThan(RUNAWAY_MS);
  });

  it('goes no deeper than 20 levels into JSON', () => {
    const at = (depth: number) => {
      let node: unknown = { '@type': 'Recipe', name: `At ${depth}` };
      for (let level = 0; level < depth; level++) node = [node];
      return node;
    };
    expect(recipesOfPage(ldPage(at(20))).map((recipe) => recipe.name)).toEqual(['At 20']);
    expect(recipesOfPage(ldPage(at(21)))).toEqual([]);
  });

  it('reads 5 MB of JSON-LD nested 200 deep, many times over, promptly', () => {
    let deep: unknown = { '@type': 'Recipe', name: 'Too deep' };
    for (let level = 0; level < 100; level++) deep = { '@type': 'Thing', about: [deep] };
    const count = Math.ceil(FIVE_MB / JSON.stringify(deep).length);
    const graph = [...Array.from({ length: count }, () => deep), { '@type': 'Recipe', name: 'Last' }];
    const html = ldPage({ '@graph': graph });
    expect(html.length).toBeGreaterThan(FIVE_MB);
    const { ms, recipes } = timed(html);
    expect(recipes.map((recipe) => recipe.name)).toEqual(['Last']);
    expect(ms).toBeLessThan(RUNAWAY_MS);
  });

  it('reads 5 MB of nested microdata and broken markup promptly', () => {
    const nested = '<div itemprop="recipeIngredient">1 egg <span itemprop="name">and ';
    const junk = '<p itemprop="recipeIngredient"><script <style <!-- <a href="x> ';
    const html =
      '<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Deep</h1>' +
      nested.repeat(Math.ceil(FIVE_MB / 2 / nested.length)) +
      junk.repeat(Math.ceil(FIVE_MB / 2 / junk.length));
    expect(html.length).toBeGreaterThan(FIVE_MB);
    const { ms, recipes } = timed(html);
    expect(recipes.map((recipe) => recipe.name)).toEqual(['Deep']);
    expect(recipes[0]?.ingredients.length).toBeLessThanOrEqual(2000);
    expect(ms).toBeLessThan(RUNAWAY_MS);
  });

  it('reads 5 MB of microdata ingredients promptly, and keeps 2,000', () => {
    const line = '<li itemprop="recipeIngredient"><b>1</b> cup &amp; more</li>\n';
    const html =
      '<ul itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Long</h1>' +
      line.repeat(Math.ceil(FIVE_MB / line.length)) +
      '</ul>';
    const { ms, recipes } = timed(html);
    expect(recipes[0]?.ingredients).toHaveLength(2000);
    expect(recipes[0]?.ingredients[1999]).toBe('1 cup & more');
    expect(ms).toBeLessThan(RUNAWAY_MS);
  });

  it('reads 5 MB of unclosed script tags promptly', () => {
    const html = '<script type="application/ld+json" '.repeat(Math.ceil(FIVE_MB / 36));
    const { ms, recipes } = timed(html);
    expect(recipes).toEqual([]);
    expect(ms).toBeLessThan(RUNAWAY_MS);
  });

  it('keeps at most 2,000 of 3,000 ingredients', () => {
    const recipeIngredient = Array.from({ length: 3000 }, (_, index) => `${index + 1} g flour`);
    const recipe = onlyRecipe(ldPage({ '@type': 'Recipe', name: 'Big', recipeIngredient }));
    expect(recipe.ingredients).toHaveLength(2000);
    expect(recipe.ingredients.at(-1)).toBe('2000 g flour');
  });

  it('keeps at most 200 steps and 500 characters a line', () => {
    const recipe = onlyRecipe(
      ldPage({
        '@type': 'Recipe',
        name: 'N'.repeat(2000),
        recipeIngredient: [`a${'😀'.repeat(400)}`],
        recipeInstructions: Array.from({ length: 300 }, (_, index) => ({
          '@type': 'HowToStep',
          text: `Step ${index}`,
        })),
      }),
    );
    expect(recipe.steps).toHaveLength(200);
    expect(recipe.name).toHaveLength(500);
    // An emoji is two UTF-16 units; the cut at 500 would fall inside the 250th, so it goes whole.
    expect(recipe.ingredients[0]).toBe(`a${'😀'.repeat(249)}`);
  });

  it('stops after 50 recipes', () => {
    const many = Array.from({ length: 80 }, (_, index) => ({ '@type': 'Recipe', name: `Recipe ${index}` }));
    const recipes = recipesOfPage(ldPage({ '@graph': many }));
    expect(recipes).toHaveLength(50);
    expect(recipes.at(-1)?.name).toBe('Recipe 49');
  });
});
