// A recipe brought in whole: from a page's address (a page served here, which the server's fetch
// guard lets through by RECIPE_PAGE_HOSTS in playwright.config.ts) and from a paste offline, then
// logged as a serving. Its review, messages and limits are the component tier's
// (tests/components/recipe-paste.test.tsx); the guard's refusals the integration tier's.
import { createServer, type Server } from 'node:http';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  messages,
  onScreenOf,
  setLocale,
  setOnline,
  startAccount,
  waitForController,
} from './helpers';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const page = `<!doctype html><html><head><title>Porridge</title><script type="application/ld+json">${JSON.stringify(
  {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Morning porridge',
    recipeYield: '2 servings',
    recipeIngredient: ['1 cup rolled oats', '2 cups milk', 'salt to taste'],
    recipeInstructions: [{ '@type': 'HowToStep', text: 'Simmer for 5 minutes.' }],
    nutrition: { '@type': 'NutritionInformation', calories: '300 kcal' },
  },
)}</script></head><body><h1>Porridge</h1></body></html>`;

let server: Server | undefined;
test.afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

test(
  'guest, en: a recipe read from a page’s address is saved and logged as a serving',
  onScreenOf('en'),
  async ({ page: tab, context }, testInfo) => {
    const port = Number(process.env.E2E_RECIPE_PAGE_PORTS!.split(',')[testInfo.parallelIndex % 2]);
    server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(page),
    );
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const t = messages.en.food;
    const tDiary = messages.en.diary;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await tab.goto('/food');

    await tab.getByRole('button', { name: t.newRecipe }).click();
    const form = tab.getByTestId('recipe-form');
    await form.getByText(t.recipePaste).click();
    await form.getByLabel(t.recipePasteLabel).fill(`http://127.0.0.1:${port}/porridge`);
    await form.getByRole('button', { name: t.recipePasteRead }).click();
    const rows = form.getByTestId('recipe-ingredients').getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(form.getByLabel(t.name, { exact: true })).toHaveValue('Morning porridge');
    await expect(form.getByLabel(t.recipeServings)).toHaveValue('2');
    await expect(form.getByTestId('recipe-left-out')).toContainText('salt to taste');
    // 81 g of oats (307 kcal) and 488 g of milk (298 kcal) in 2 servings: 302 kcal, the page says 300.
    await expect(form.getByTestId('recipe-page-states')).toContainText('300 kcal');
    await form.getByRole('button', { name: t.create }).click();
    await expect(tab.getByTestId('food-row').filter({ hasText: 'Morning porridge' })).toContainText(t.recipe);

    await tab.goto('/dashboard');
    await tab.getByRole('button', { name: fill(tDiary.addTo, { meal: tDiary.meals.breakfast }) }).click();
    await tab.getByPlaceholder(tDiary.searchPlaceholder).fill('Morning porridge');
    await tab.getByRole('option', { name: /^Morning porridge/ }).click();
    await tab.getByRole('button', { name: tDiary.logIt }).click();
    await expect(tab.getByTestId('meal-breakfast').getByTestId('entry-row')).toContainText(
      'Morning porridge',
    );
  },
);

test(
  'account, ru: a recipe pasted offline is read on the phone, saved, and reaches the server',
  onScreenOf('ru'),
  async ({ page: tab, context }) => {
    const t = messages.ru.food;
    await startAccount(context);
    await setLocale(context, 'ru');
    await tab.goto('/food');
    await waitForController(tab);
    await tab.reload();
    await setOnline(context, false);

    await tab.getByRole('button', { name: t.newRecipe }).click();
    const form = tab.getByTestId('recipe-form');
    await form.getByText(t.recipePaste).click();
    await form
      .getByLabel(t.recipePasteLabel)
      .fill('Блины\nНа 4 порции\nМука — 200 г\n2 яйца\n500 мл молока\nсоль по вкусу');
    await form.getByRole('button', { name: t.recipePasteRead }).click();
    await expect(form.getByTestId('recipe-ingredients').getByRole('listitem')).toHaveCount(3);
    await expect(form.getByLabel(t.recipeServings)).toHaveValue('4');
    await form.getByRole('button', { name: t.create }).click();
    await expect(tab.getByTestId('food-row').filter({ hasText: 'Блины' })).toContainText(t.recipe);

    await setOnline(context, true);
    await expect
      .poll(async () => {
        const foods = (await (await context.request.get('/api/foods')).json()) as {
          name: string;
          recipe: unknown;
        }[];
        return foods.find((food) => food.name === 'Блины')?.recipe;
      })
      .toMatchObject({
        servings: 4,
        ingredients: [{ grams: 200 }, { grams: 100 }, { grams: expect.any(Number) }],
      });
  },
);

const recipeApps = 'tests/fixtures/recipe-apps';

test(
  'guest, en: a Nextcloud Cookbook folder’s recipes are listed, one reviewed, saved and logged',
  onScreenOf('en'),
  async ({ page: tab, context }) => {
    const t = messages.en.settings.importers.recipes;
    const tFood = messages.en.food;
    const tDiary = messages.en.diary;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await tab.goto('/settings');
    await tab.getByTestId('import-file').setInputFiles(`${recipeApps}/nextcloud-cookbook.zip`);
    const dialog = tab.getByTestId('import-dialog');
    await expect(
      tab.getByRole('dialog', {
        name: fill(messages.en.settings.importers.previewTitle, { app: 'Nextcloud Cookbook' }),
      }),
    ).toBeVisible();
    await expect(dialog.getByTestId('recipe-import-count')).toHaveText('3 recipes in the files.');
    const list = dialog.getByTestId('recipe-import-list');
    await expect(list).toHaveAttribute('data-matched', 'whole', { timeout: 20_000 });
    await expect(list.getByTestId('recipe-import-row')).toHaveCount(3);
    await list.getByRole('button', { name: fill(t.reviewNamed, { name: 'Air Fryer Shrimp' }) }).click();

    const form = tab.getByTestId('recipe-form');
    await expect(form.getByLabel(tFood.name, { exact: true })).toHaveValue('Air Fryer Shrimp');
    await expect(form.getByLabel(tFood.recipeServings)).toHaveValue('4');
    await expect(form.getByTestId('recipe-ingredients')).toContainText(
      fill(tFood.recipePastedFrom, { line: '1 lb shrimp' }),
    );
    await expect(form.getByTestId('recipe-page-states')).toContainText('134 kcal');
    // What a serving of it holds, by its ingredients: the entry logged below carries it.
    const summary = (await form.getByTestId('recipe-summary').textContent()) ?? '';
    const kcal = Math.round(Number(/:\s*([\d.,]+)\s*kcal/.exec(summary)![1]!.replace(/,/g, '')));
    expect(kcal).toBeGreaterThan(0);
    await form.getByRole('button', { name: tFood.create }).click();
    await expect(list.getByTestId('recipe-import-row').first()).toContainText(t.saved);

    await tab.goto('/dashboard');
    await tab.getByRole('button', { name: fill(tDiary.addTo, { meal: tDiary.meals.dinner }) }).click();
    await tab.getByPlaceholder(tDiary.searchPlaceholder).fill('Air Fryer Shrimp');
    await tab.getByRole('option', { name: /^Air Fryer Shrimp/ }).click();
    await tab.getByRole('button', { name: tDiary.logIt }).click();
    const entry = tab.getByTestId('meal-dinner').getByTestId('entry-row');
    await expect(entry).toContainText('Air Fryer Shrimp');
    await expect(entry).toContainText(String(kcal));
  },
);

test(
  'account, ru: a Tandoor export’s recipe is saved to the server; the same file again offers to update it',
  onScreenOf('ru'),
  async ({ page: tab, context }) => {
    const t = messages.ru.settings.importers.recipes;
    const tFood = messages.ru.food;
    await startAccount(context);
    await setLocale(context, 'ru');
    await tab.goto('/settings');
    const dialog = tab.getByTestId('import-dialog');
    const review = async () => {
      await tab.getByTestId('import-file').setInputFiles(`${recipeApps}/tandoor.zip`);
      const list = dialog.getByTestId('recipe-import-list');
      await expect(list).toHaveAttribute('data-matched', 'whole', { timeout: 20_000 });
      await list.getByRole('button', { name: fill(t.reviewNamed, { name: '“Texas Red” Chili' }) }).click();
      return tab.getByTestId('recipe-form');
    };

    let form = await review();
    await expect(form.getByLabel(tFood.name, { exact: true })).toHaveValue('“Texas Red” Chili');
    // Each row names the line it was read from (marked for checking where the reading was unsure).
    await expect(form.getByTestId('recipe-ingredients')).toContainText('«2 lb (907 g) beef stew meat»');
    await form.getByRole('button', { name: tFood.create }).click();
    await expect(dialog.getByTestId('recipe-import-saved')).toHaveText(t.saved);
    await expect
      .poll(async () => {
        const foods = (await (await context.request.get('/api/foods')).json()) as {
          name: string;
          recipe: { source?: unknown; steps?: string[] } | null;
        }[];
        return foods.find((food) => food.name === '“Texas Red” Chili')?.recipe?.source;
      })
      .toMatchObject({ app: 'tandoor', file: 'recipe.json' });

    await dialog.getByRole('button', { name: messages.ru.settings.importers.close }).click();
    form = await review();
    await expect(form.getByTestId('recipe-same-page')).toContainText(
      fill(tFood.recipeSameApp, { app: 'Tandoor', name: '“Texas Red” Chili' }),
    );
    await form.getByRole('button', { name: tFood.recipeSamePageUpdate }).click();
    await form.getByRole('button', { name: tFood.create }).click();
    await expect(dialog.getByTestId('recipe-import-saved')).toHaveText(t.saved);
    const foods = (await (await context.request.get('/api/foods')).json()) as { name: string }[];
    expect(foods.filter((food) => food.name === '“Texas Red” Chili')).toHaveLength(1);
  },
);
