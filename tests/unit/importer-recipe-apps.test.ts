import { readFileSync } from 'node:fs';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LIMITS, RECIPE_PAGE_READING } from '@/lib/limits';
import { readExportFiles, readPickedFiles, type PickedFile } from '@/lib/importers/read-export';
import { minutesOfText } from '@/lib/importers/recipe-apps/app-recipe';

/** A real export of tests/fixtures/recipe-apps (see its README for where each comes from). */
const fixture = (name: string): PickedFile => ({
  name,
  bytes: new Uint8Array(readFileSync(`tests/fixtures/recipe-apps/${name}`)),
});
const OPTIONS = { goal: 2000, weightUnit: null };

function recipesOf(...files: PickedFile[]) {
  const read = readPickedFiles(files, OPTIONS);
  if (read.kind !== 'recipes') throw new Error(`read as ${read.kind}`);
  return read;
}

const paprikaFile = (recipe: object): PickedFile => ({
  name: 'My Recipes.paprikarecipes',
  bytes: zipSync({ 'Soup.paprikarecipe': gzipSync(strToU8(JSON.stringify(recipe))) }),
});
const paprikaRecipe = (fields: object) => ({
  uid: 'A1',
  name: 'Soup',
  ingredients: '1 onion',
  directions: 'Cook.',
  servings: '2',
  ...fields,
});

describe('recipe apps’ real exports', () => {
  it('reads Paprika’s .paprikarecipes: gzip’d recipes in a ZIP, names written by macOS', () => {
    const read = recipesOf(fixture('paprika.zip'));
    expect(read.report.app).toBe('paprika');
    expect(read.recipes).toHaveLength(5);
    expect(read.report.recognised.map((file) => file.file)).toContain(
      'Zweimal gebratenes Hähnchen mit Gemüse und Nudeln.paprikarecipe',
    );
    const puffer = read.recipes.find((recipe) => recipe.name === 'Zucchinipuffer')!;
    expect(puffer.ingredients.slice(0, 4)).toEqual([
      '400 g Zucchini',
      '400 g Kartoffel(n)',
      '200 g Frühlingszwiebel(n)',
      '2 Ei(er)',
    ]);
    expect(puffer.servings).toBe(4);
    expect(puffer.address).toBe('http://www.chefkoch.de/rezepte/317951113441309/Zucchini.html');
    const rolls = read.recipes.find((recipe) => recipe.name.startsWith('Zucchini Rolls'))!;
    // "about 20 rolls"; prep 30 minutes and cook 30 minutes, no total written.
    expect([rolls.servings, rolls.totalMinutes]).toEqual([20, 60]);
  });

  it('reads Tandoor’s export: a ZIP of a ZIP per recipe, lines from amount, unit, food and note', () => {
    const read = recipesOf(fixture('tandoor.zip'));
    expect(read.report.app).toBe('tandoor');
    expect(read.recipes).toHaveLength(1);
    const [chili] = read.recipes;
    expect(chili!.name).toBe('“Texas Red” Chili');
    expect(chili!.ingredients).toHaveLength(12);
    expect(chili!.ingredients[0]).toBe('2 oz New Mexico chile, dry, 57 g');
    expect(chili!.ingredients[2]).toBe('2 lb (907 g) beef stew meat');
    expect(chili!.steps.length).toBeGreaterThan(0);
  });

  it('reads Mealie’s recipe export (2021, snake_case) and its backup’s database.json', () => {
    const recipes = recipesOf(fixture('mealie-2021.zip'));
    expect(recipes.report.app).toBe('mealie');
    expect(recipes.recipes.map((recipe) => recipe.name).sort()).toEqual([
      'Levain Chocolate Chip Cookies',
      'Old-Fashioned Beef Stew',
      'PIZZA DOUGH — Basics With Babish',
    ]);
    const stew = recipes.recipes.find((recipe) => recipe.name === 'Old-Fashioned Beef Stew')!;
    expect(stew.ingredients[0]).toBe('1/4 cup all-purpose flour');
    expect(stew.servings).toBe(4);
    expect(stew.totalMinutes).toBe(150);
    expect(stew.address).toBe('https://cooking.nytimes.com/recipes/4735-old-fashioned-beef-stew');
    expect(stew.nutrition).toEqual({ kcal: null, protein: 35, fat: 12, carbs: 54 });

    const backup = recipesOf(fixture('mealie-backup.zip'));
    expect(backup.report.recognised).toEqual([{ file: 'database.json', kind: 'recipeBackup' }]);
    expect(backup.recipes).toHaveLength(46);
    expect(backup.recipes.every((recipe) => recipe.ingredients.length > 0)).toBe(true);
  });

  it('reads a recipe of Mealie’s later builds (camelCase, written here from its API schema)', () => {
    const recipe = {
      id: '1',
      slug: 'tomato-soup',
      name: 'Tomato soup',
      recipeServings: 4,
      recipeYield: '4 bowls',
      totalTime: '45 minutes',
      orgURL: 'https://cooking.example/tomato-soup',
      recipeIngredient: [
        {
          title: 'Soup',
          note: '',
          quantity: 2,
          unit: { name: 'cup' },
          food: { name: 'tomato puree' },
          originalText: null,
        },
        { note: 'diced', quantity: 1, unit: null, food: { name: 'onion' }, display: '1 onion, diced' },
        { note: 'salt to taste', disableAmount: true },
      ],
      recipeInstructions: [{ title: '', text: 'Simmer everything.' }],
      nutrition: { calories: '180', proteinContent: '4', fatContent: '6', carbohydrateContent: '25' },
    };
    const file = { name: 'tomato-soup.json', bytes: strToU8(JSON.stringify(recipe)) };
    const [soup] = recipesOf(file).recipes;
    expect(soup).toMatchObject({
      name: 'Tomato soup',
      ingredients: ['Soup:', '2 cup tomato puree', '1 onion, diced', 'salt to taste'],
      servings: 4,
      steps: ['Simmer everything.'],
      totalMinutes: 45,
      nutrition: { kcal: 180, protein: 4, fat: 6, carbs: 25 },
      address: 'https://cooking.example/tomato-soup',
    });
  });

  it('reads Nextcloud Cookbook’s folder: one recipe.json each, told apart by their folders', () => {
    const read = recipesOf(fixture('nextcloud-cookbook.zip'));
    expect(read.report.app).toBe('nextcloudCookbook');
    expect(read.report.recognised.map((file) => file.file)).toEqual([
      'Air Fryer Shrimp/recipe.json',
      'Chicken Parmigiana/recipe.json',
      "Skillet Shepherd's Pie/recipe.json",
    ]);
    const parmigiana = read.recipes.find((recipe) => recipe.name === 'Chicken Parmigiana')!;
    expect(parmigiana.ingredients).toContain('¾ (16 ounce) jar spaghetti sauce');
    expect(parmigiana.servings).toBe(2);
    expect(parmigiana.totalMinutes).toBe(90);
    expect(parmigiana.nutrition).toEqual({ kcal: 528.3, protein: 43.5, fat: 18.3, carbs: 44.9 });
    expect(parmigiana.address).toBe('https://www.allrecipes.com/recipe/8975/chicken-parmigiana/');
  });

  it('refuses recipe files where a diary export is expected, and a diary and recipes at once', () => {
    expect(() => readExportFiles([fixture('paprika.zip')], OPTIONS)).toThrow(
      expect.objectContaining({ reason: 'unknownFormat' }),
    );
    const diaryFile = { name: 'servings.csv', bytes: strToU8('Day,Group,Food Name,Amount,Energy (kcal)\n') };
    expect(() => readPickedFiles([fixture('paprika.zip'), diaryFile], OPTIONS)).toThrow(
      expect.objectContaining({ reason: 'mixedApps' }),
    );
  });
});

describe('bad recipe files', () => {
  it('refuses a gzip’d recipe that would inflate past the import limit, counting as it inflates', () => {
    const zeros = new Uint8Array(LIMITS.importBytes.max + 1);
    const bomb = zipSync({ 'Bomb.paprikarecipe': gzipSync(zeros, { level: 9 }) }, { level: 0 });
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(() => readPickedFiles([{ name: 'bomb.paprikarecipes', bytes: bomb }], OPTIONS)).toThrow(
      expect.objectContaining({ reason: 'tooLarge' }),
    );
  });

  it('refuses a broken gzip and a recipe that is not JSON, naming the file', () => {
    const broken = zipSync({ 'Soup.paprikarecipe': new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3]) });
    expect(() => readPickedFiles([{ name: 'r.paprikarecipes', bytes: broken }], OPTIONS)).toThrow(
      expect.objectContaining({ reason: 'badZip', file: 'Soup.paprikarecipe' }),
    );
    const notJson = zipSync({
      'Soup.paprikarecipe': gzipSync(strToU8('{"uid": "1", "ingredients": "x", "directions": ')),
    });
    expect(() => readPickedFiles([{ name: 'r.paprikarecipes', bytes: notJson }], OPTIONS)).toThrow(
      expect.objectContaining({ reason: 'badJson', file: 'Soup.paprikarecipe' }),
    );
  });

  it('reads at most as many lines as a page may hold, each cut to a line’s limit', () => {
    const many = Array.from({ length: 2500 }, (_, i) => `${i + 1} g rice`).join('\n');
    const [recipe] = recipesOf(paprikaFile(paprikaRecipe({ ingredients: many }))).recipes;
    expect(recipe!.ingredients).toHaveLength(RECIPE_PAGE_READING.ingredients);
    const long = `1 onion ${'a'.repeat(10_000)}`;
    const [cut] = recipesOf(paprikaFile(paprikaRecipe({ ingredients: long }))).recipes;
    expect(cut!.ingredients[0]!.length).toBeLessThanOrEqual(RECIPE_PAGE_READING.lineLength);
    expect(cut!.ingredients[0]!.startsWith('1 onion')).toBe(true);
  });

  it('keeps no address that is not a web page’s, and no markup in the lines', () => {
    const [recipe] = recipesOf(
      paprikaFile(
        paprikaRecipe({
          source_url: 'javascript:alert(1)',
          image_url: 'data:image/png;base64,AAAA',
          ingredients: '<b>2</b> eggs<script>x</script>',
        }),
      ),
    ).recipes;
    expect(recipe!.address).toBeNull();
    expect(recipe!.image).toBeNull();
    expect(recipe!.ingredients).toEqual(['2 eggs']);
  });
});

describe('minutesOfText', () => {
  it.each([
    ['PT1H30M', 90],
    ['2 Hours 30 Minutes', 150],
    ['1 hr 15 mins', 75],
    ['45 min', 45],
    ['1 ч 20 мин', 80],
    ['30', 30],
    [25, 25],
    ['', null],
    ['PT0M', null],
    ['overnight', null],
  ])('%s is %s minutes', (text, minutes) => {
    expect(minutesOfText(text)).toBe(minutes);
  });
});
