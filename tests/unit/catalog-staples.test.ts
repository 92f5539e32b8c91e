import { describe, expect, it } from 'vitest';
import { catalogFoods, type CatalogFood } from '@/lib/catalog/catalog-data';
import { SearchIndex } from '@/lib/diary/search';

/**
 * Everyday foods that must stay findable in the catalog: a query as people type it, and the item
 * it must find by its own-language name. Where USDA has no row for the food itself, the item is
 * the documented stand-in (lib/catalog/README.md): kefir is cultured buttermilk of the same fat,
 * tvorog is unsalted cottage cheese (made up to 5 % fat with cream).
 */
const STAPLES: Record<'en' | 'ru', ReadonlyArray<readonly [query: string, id: string]>> = {
  en: [
    ['banana', 'banana'],
    ['apple', 'apple'],
    ['orange', 'orange'],
    ['strawberries', 'strawberries'],
    ['grapes', 'grapes-table'],
    ['watermelon', 'watermelon'],
    ['cucumber', 'cucumber'],
    ['tomato', 'tomato'],
    ['lettuce', 'lettuce-iceberg'],
    ['cabbage', 'cabbage-raw'],
    ['bell pepper', 'bell-pepper-red'],
    ['carrot', 'carrots-raw'],
    ['potatoes', 'potatoes-boiled'],
    ['onion', 'onion'],
    ['buckwheat', 'buckwheat-boiled'],
    ['millet', 'millet-boiled'],
    ['pearl barley', 'pearl-barley-boiled'],
    ['bulgur', 'bulgur-boiled'],
    ['couscous', 'couscous-cooked'],
    ['quinoa', 'quinoa-boiled'],
    ['rice', 'rice-boiled'],
    ['rolled oats', 'rolled-oats'],
    ['oatmeal', 'oatmeal-milk'],
    ['pasta', 'pasta-boiled'],
    ['lentils', 'lentils-boiled'],
    ['chickpeas', 'chickpeas-boiled'],
    ['white bread', 'white-bread'],
    ['rye bread', 'rye-bread'],
    ['milk', 'milk-3-2'],
    ['kefir', 'buttermilk-whole'],
    ['cottage cheese', 'cottage-cheese-2'],
    ['sour cream', 'sour-cream-20'],
    ['yogurt', 'yogurt-plain-whole'],
    ['butter', 'butter-unsalted'],
    ['cheddar', 'cheddar'],
    ['egg', 'egg-boiled'],
    ['chicken breast', 'chicken-breast-raw'],
    ['beef mince', 'beef-mince-80-raw'],
    ['salmon', 'salmon-raw'],
    ['tuna', 'tuna-canned-in-water'],
    ['sugar', 'sugar'],
    ['honey', 'honey'],
    ['jam', 'jam'],
    ['chocolate', 'milk-chocolate'],
    ['tea', 'black-tea'],
    ['coffee', 'coffee-brewed'],
    ['beer', 'beer'],
    ['wine', 'red-wine'],
    ['orange juice', 'orange-juice'],
    ['sunflower oil', 'sunflower-oil-regular'],
    ['peanut butter', 'peanut-butter'],
    ['ketchup', 'ketchup'],
  ],
  ru: [
    ['банан', 'banana'],
    ['яблоко', 'apple'],
    ['апельсин', 'orange'],
    ['клубника', 'strawberries'],
    ['виноград', 'grapes-table'],
    ['арбуз', 'watermelon'],
    ['огурец', 'cucumber'],
    ['огурцы солёные', 'pickles-sour'],
    ['помидор', 'tomato'],
    ['салат листовой', 'lettuce-green-leaf'],
    ['капуста белокочанная', 'cabbage-raw'],
    ['капуста квашеная', 'sauerkraut'],
    ['перец болгарский', 'bell-pepper-red'],
    ['морковь', 'carrots-raw'],
    ['картофель', 'potatoes-boiled'],
    ['лук', 'onion'],
    ['гречка', 'buckwheat-boiled'],
    ['пшено', 'millet-dry'],
    ['пшённая каша', 'millet-boiled'],
    ['перловка', 'pearl-barley-boiled'],
    ['булгур', 'bulgur-boiled'],
    ['кускус', 'couscous-cooked'],
    ['киноа', 'quinoa-boiled'],
    ['рис', 'rice-boiled'],
    ['овсяные хлопья', 'rolled-oats'],
    ['овсяная каша', 'oatmeal-milk'],
    ['макароны', 'pasta-boiled'],
    ['чечевица', 'lentils-boiled'],
    ['нут', 'chickpeas-boiled'],
    ['горох', 'split-peas-boiled'],
    ['хлеб белый', 'white-bread'],
    ['хлеб ржаной', 'rye-bread'],
    ['молоко', 'milk-3-2'],
    ['кефир', 'buttermilk-whole'],
    ['творог', 'tvorog-5'],
    ['сметана', 'sour-cream-20'],
    ['йогурт', 'yogurt-plain-whole'],
    ['масло сливочное', 'butter-unsalted'],
    ['сыр', 'gouda'],
    ['яйцо', 'egg-boiled'],
    ['куриная грудка', 'chicken-breast-raw'],
    ['фарш говяжий', 'beef-mince-80-raw'],
    ['лосось', 'salmon-raw'],
    ['сельдь', 'herring-pickled'],
    ['сахар', 'sugar'],
    ['мёд', 'honey'],
    ['варенье', 'jam'],
    ['шоколад', 'milk-chocolate'],
    ['чай', 'black-tea'],
    ['кофе', 'coffee-brewed'],
    ['пиво', 'beer'],
    ['вино', 'red-wine'],
    ['апельсиновый сок', 'orange-juice'],
    ['масло подсолнечное', 'sunflower-oil-regular'],
  ],
};

/** The catalog as the add dialog searches it in each language (components/diary/food-search.tsx). */
const indexes = {
  en: new SearchIndex(catalogFoods.map((food) => ({ item: food.id, name: food.en, alsoKnownAs: food.ru }))),
  ru: new SearchIndex(catalogFoods.map((food) => ({ item: food.id, name: food.ru, alsoKnownAs: food.en }))),
};
/** How far down the results a staple may sit: the first screen of the add dialog. */
const FIRST_SCREEN = 8;

const byId = new Map<string, CatalogFood>(catalogFoods.map((food) => [food.id, food]));

describe('food catalog: everyday staples', () => {
  for (const lang of ['en', 'ru'] as const) {
    it.each(STAPLES[lang])(`${lang}: "%s" finds %s on the first screen`, (query, id) => {
      expect(byId.get(id), `${id} is missing from the catalog`).toBeDefined();
      expect(indexes[lang].search(query, FIRST_SCREEN)).toContain(id);
    });
  }
});
