import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecipeEditor } from '@/components/food/recipe-editor';
import { locales } from '@/lib/i18n/config';
import type { FoodInput } from '@/lib/schemas/food';
import { buckwheatIngredients, recipeFood } from '../support/fixtures';
import { messages, renderInDiary } from './render';

// A recipe pasted as text becomes the editor's rows for review, read on the device from the
// curated catalog (the USDA table is not fetched here): its title and servings, each line's food
// and grams, and what adds nothing listed with the reason. Saving is the editor's as before.

const pasted = {
  en: {
    text: 'Pancakes\nServes 4\n1 cup flour, sifted\n2 tbsp sugar\nsalt to taste\n3 zzqx blorps',
    title: 'Pancakes',
    flour: { name: 'Wheat flour, all-purpose', grams: '125' },
    sugar: { name: 'Sugar', grams: '25.4' },
    toTaste: 'salt to taste',
    noFood: '3 zzqx blorps',
    search: 'zzqx blorps',
  },
  ru: {
    text: 'Блины\nНа 4 порции\nМука — 200 г\n2 ст. л. сахара\nсоль по вкусу\n3 зzqx блорпа',
    title: 'Блины',
    flour: { name: 'Мука пшеничная', grams: '200' },
    sugar: { name: 'Сахар', grams: '25.7' },
    toTaste: 'соль по вкусу',
    noFood: '3 зzqx блорпа',
    search: 'зzqx блорпа',
  },
} as const;

// Offline, as on a device without a network whose service worker kept the catalog's nutrient
// files (the first visit's): the USDA table and the server's search cannot be reached, and the
// paste is read from what the device has.
/** What the server answers POST /api/recipes/read with, in the tests that read a page. */
let pageAnswer: { status: number; body: unknown } | null = null;
let pageAsked: unknown[] = [];

beforeEach(() => {
  pageAnswer = null;
  pageAsked = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/recipes/read' && pageAnswer) {
      pageAsked.push(JSON.parse(String(init?.body)));
      return Response.json(pageAnswer.body, { status: pageAnswer.status });
    }
    if (!path.startsWith('/catalog/nutrients/')) throw new TypeError('Failed to fetch');
    return new Response(readFileSync(join(process.cwd(), 'public', path)), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe.each(locales)('pasting a recipe in %s', (locale) => {
  const t = messages[locale].food;
  const sample = pasted[locale];

  it('fills the title, servings and ingredients for review, lists what adds nothing, and saves', async () => {
    const saved: FoodInput[] = [];
    const onSubmit = vi.fn(async (input: FoodInput) => void saved.push(input));
    const { user } = renderInDiary(
      <RecipeEditor submitLabel={t.create} onSubmit={onSubmit} onCancel={() => undefined} />,
      { locale },
    );
    await user.click(screen.getByText(t.recipePaste));
    const read = screen.getByRole('button', { name: t.recipePasteRead });
    expect(read).toHaveProperty('disabled', true);
    await user.click(screen.getByLabelText(t.recipePasteLabel));
    await user.paste(sample.text);
    // Read once the device's foods are in.
    await waitFor(() => expect(read).toHaveProperty('disabled', false));
    await user.click(read);

    const rows = await screen.findByTestId('recipe-ingredients');
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByLabelText(t.name, { exact: true })).toHaveProperty('value', sample.title);
    expect(screen.getByLabelText(t.recipeServings)).toHaveProperty('value', '4');
    const grams = (name: string) =>
      (screen.getByLabelText(t.ingredientGramsOf.replace('{name}', name)) as HTMLInputElement).value;
    expect(grams(sample.flour.name)).toBe(sample.flour.grams);
    expect(grams(sample.sugar.name).replace(',', '.')).toBe(sample.sugar.grams);

    // Each row says the line it was read from; the lines that add nothing say why.
    expect(within(rows).getAllByTestId('recipe-pasted-from')).toHaveLength(2);
    const leftOut = screen.getByTestId('recipe-left-out');
    expect(within(leftOut).getByText(sample.toTaste)).toBeTruthy();
    expect(within(leftOut).getByText(t.recipeLeftOutWhy.toTaste)).toBeTruthy();
    expect(within(leftOut).getByText(t.recipeLeftOutWhy.noFood)).toBeTruthy();
    // A line no food was found for is searched with the usual food search.
    await user.click(within(leftOut).getByRole('button', { name: t.recipeLeftOutSearch }));
    expect(screen.getByLabelText(t.addIngredient, { selector: 'input' })).toHaveProperty(
      'value',
      sample.search,
    );

    await user.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(saved[0]).toMatchObject({
      name: sample.title,
      recipe: {
        kind: 'recipe',
        servings: 4,
        ingredients: [
          { name: sample.flour.name, grams: Number(sample.flour.grams) },
          { name: sample.sugar.name, grams: Number(sample.sugar.grams) },
        ],
      },
    });
  });

  it('adds at most the 100 ingredients a recipe holds, and lists the rest', async () => {
    const { user } = renderInDiary(
      <RecipeEditor submitLabel={t.create} onSubmit={async () => undefined} onCancel={() => undefined} />,
      { locale },
    );
    await user.click(screen.getByText(t.recipePaste));
    await user.click(screen.getByLabelText(t.recipePasteLabel));
    await user.paste(Array.from({ length: 105 }, () => sample.text.split('\n')[2]).join('\n'));
    const read = screen.getByRole('button', { name: t.recipePasteRead });
    await waitFor(() => expect(read).toHaveProperty('disabled', false));
    await user.click(read);
    const rows = await screen.findByTestId('recipe-ingredients');
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(100));
    expect(
      within(screen.getByTestId('recipe-left-out')).getAllByText(t.recipeLeftOutWhy.tooMany),
    ).toHaveLength(5);
  });
});

describe('reading a recipe page’s address', () => {
  const t = messages.en.food;
  const userOf: { current: ReturnType<typeof renderInDiary>['user'] | null } = { current: null };
  const open = async (
    onSubmit: (input: FoodInput, replacing?: unknown) => Promise<void> = async () => undefined,
  ) => {
    const rendered = renderInDiary(
      <RecipeEditor submitLabel={t.create} onSubmit={onSubmit} onCancel={() => undefined} />,
    );
    userOf.current = rendered.user;
    await rendered.user.click(screen.getByText(t.recipePaste));
    await rendered.user.click(screen.getByLabelText(t.recipePasteLabel));
    await rendered.user.paste('https://cooking.example/pancakes');
    const read = screen.getByRole('button', { name: t.recipePasteRead });
    await waitFor(() => expect(read).toHaveProperty('disabled', false));
    await rendered.user.click(read);
  };

  it('asks the server for the page, reads its lines on the device, and keeps its steps and address', async () => {
    pageAnswer = {
      status: 200,
      body: {
        url: 'https://cooking.example/pancakes',
        recipes: [
          {
            name: 'Fluffy pancakes',
            ingredients: ['1 cup flour, sifted', 'salt to taste'],
            servings: 6,
            yieldText: '6',
            steps: ['Whisk.'],
            image: 'https://cooking.example/pancakes.jpg',
            totalMinutes: 20,
            nutrition: { kcal: 100, protein: 3, fat: null, carbs: null },
          },
        ],
      },
    };
    const saved: FoodInput[] = [];
    await open(async (input) => void saved.push(input));
    const rows = await screen.findByTestId('recipe-ingredients');
    expect(within(rows).getAllByRole('listitem')).toHaveLength(1);
    expect(pageAsked).toEqual([{ url: 'https://cooking.example/pancakes' }]);
    expect(screen.getByLabelText(t.name, { exact: true })).toHaveProperty('value', 'Fluffy pancakes');
    expect(screen.getByLabelText(t.recipeServings)).toHaveProperty('value', '6');
    expect(within(screen.getByTestId('recipe-left-out')).getByText('salt to taste')).toBeTruthy();
    // The page's own figure beside ours: a cup of flour (455 kcal) in 6 servings is 76 kcal, 24 % under 100.
    expect(screen.getByTestId('recipe-page-states').textContent).toBe(
      t.recipePageStates.replace('{energy}', '100 kcal').replace('{difference}', '-24%'),
    );
    expect(within(screen.getByTestId('recipe-steps')).getByText('Whisk.')).toBeTruthy();
    await userOf.current!.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.recipe).toMatchObject({
      steps: ['Whisk.'],
      source: {
        address: 'https://cooking.example/pancakes',
        image: 'https://cooking.example/pancakes.jpg',
        totalMinutes: 20,
      },
    });
  });

  it('asks which recipe to take from a page of several, and takes the one chosen', async () => {
    const recipe = (name: string, ingredients: string[]) => ({
      name,
      ingredients,
      servings: 2,
      yieldText: '2',
      steps: [],
      image: null,
      totalMinutes: null,
      nutrition: null,
    });
    pageAnswer = {
      status: 200,
      body: {
        url: 'https://cooking.example/brunch',
        recipes: [
          recipe('Pancakes', ['1 cup flour']),
          recipe('Sweet omelette', ['2 tbsp sugar', 'salt to taste']),
        ],
      },
    };
    await open(async () => undefined);
    const choices = await screen.findByTestId('recipe-page-choices');
    expect(within(choices).getByRole('status').textContent).toContain('2');
    expect(screen.queryByTestId('recipe-ingredients')).toBeNull();
    await userOf.current!.click(within(choices).getByRole('button', { name: /^Sweet omelette/ }));
    const rows = await screen.findByTestId('recipe-ingredients');
    expect(within(rows).getAllByRole('listitem')).toHaveLength(1);
    expect(within(rows).getByText(pasted.en.sugar.name)).toBeTruthy();
    expect(screen.getByLabelText(t.name, { exact: true })).toHaveProperty('value', 'Sweet omelette');
    expect(screen.queryByTestId('recipe-page-choices')).toBeNull();
  });

  it('offers to update the recipe saved from the same page before, instead of a second copy', async () => {
    const now = new Date().toISOString();
    const made = recipeFood(buckwheatIngredients, 4, null);
    const before = {
      ...made,
      name: 'Pancakes, saved',
      id: 7,
      brand: null,
      favorite: false,
      createdAt: now,
      updatedAt: now,
      recipe: { ...made.recipe, source: { address: 'https://cooking.example/pancakes' } },
    };
    localStorage.setItem('food-items', JSON.stringify([before]));
    pageAnswer = {
      status: 200,
      body: {
        url: 'https://cooking.example/pancakes',
        recipes: [
          {
            name: 'Fluffy pancakes',
            ingredients: ['1 cup flour'],
            servings: 2,
            yieldText: '2',
            steps: [],
            image: null,
            totalMinutes: null,
            nutrition: null,
          },
        ],
      },
    };
    const calls: Array<[FoodInput, unknown]> = [];
    await open(async (input, replacing) => void calls.push([input, replacing]));
    const offer = await screen.findByTestId('recipe-same-page');
    expect(offer.textContent).toContain(t.recipeSamePage.replace('{name}', 'Pancakes, saved'));
    await userOf.current!.click(within(offer).getByRole('button', { name: t.recipeSamePageUpdate }));
    expect(offer.textContent).toBe(t.recipeSamePageUpdating.replace('{name}', 'Pancakes, saved'));
    await userOf.current!.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]![1]).toMatchObject({ id: 7 });
    expect(calls[0]![0]).toMatchObject({ name: 'Fluffy pancakes', recipe: { servings: 2 } });
  });

  it('says why a page was not read, and that a page without a recipe can be pasted instead', async () => {
    pageAnswer = { status: 422, body: { error: 'pageRefused', reason: 'privateAddress' } };
    await open();
    expect((await screen.findByRole('alert')).textContent).toBe(t.recipePageProblem.privateAddress);
    expect(screen.queryByTestId('recipe-ingredients')).toBeNull();
  });

  it('says a page needs a connection when the device has none', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      await open();
      expect((await screen.findByRole('alert')).textContent).toBe(t.recipePageProblem.offline);
      expect(pageAsked).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });
});
