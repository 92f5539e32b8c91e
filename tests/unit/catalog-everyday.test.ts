import { describe, expect, it } from 'vitest';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { SearchIndex } from '@/lib/diary/search';
import { usdaTableFoods } from '../support/usda-table';

/**
 * The everyday foods of issue 49 that the catalog once lacked or hid (café drinks, soft drinks,
 * breakfast cereals, fast food, the Russian table): the word people type, in either language,
 * and the food it must bring up on the add dialog's first screen, over the whole catalog.
 */
const EVERYDAY: ReadonlyArray<readonly [locale: 'en' | 'ru', query: string, id: string]> = [
  ['en', 'espresso', 'espresso'],
  ['ru', 'эспрессо', 'espresso'],
  ['en', 'americano', 'americano'],
  ['ru', 'американо', 'americano'],
  ['en', 'latte', 'latte'],
  ['ru', 'латте', 'latte'],
  ['en', 'cappuccino', 'cappuccino'],
  ['ru', 'капучино', 'cappuccino'],
  ['en', 'flat white', 'flat-white'],
  ['ru', 'флэт уайт', 'flat-white'],
  ['en', 'tea with milk', 'tea-with-milk'],
  ['ru', 'чай с молоком', 'tea-with-milk'],
  ['en', 'hot chocolate', 'hot-chocolate'],
  ['ru', 'горячий шоколад', 'hot-chocolate'],
  ['en', 'cola', 'cola'],
  ['ru', 'кола', 'cola'],
  ['en', 'orange soda', 'orange-soda'],
  ['ru', 'газировка', 'orange-soda'],
  ['en', 'apple juice', 'apple-juice'],
  ['ru', 'яблочный сок', 'apple-juice'],
  ['en', 'grape juice', 'grape-juice'],
  ['ru', 'виноградный сок', 'grape-juice'],
  ['en', 'beer', 'beer'],
  ['ru', 'пиво', 'beer'],
  ['en', 'wine', 'red-wine'],
  ['ru', 'вино', 'red-wine'],
  ['en', 'kvass', 'kvass'],
  ['ru', 'квас', 'kvass'],
  ['en', 'kompot', 'kompot'],
  ['ru', 'компот', 'kompot'],
  ['en', 'cornflakes', 'corn-flakes'],
  ['en', 'corn flakes', 'corn-flakes'],
  ['ru', 'кукурузные хлопья', 'corn-flakes'],
  ['en', 'muesli', 'muesli'],
  ['ru', 'мюсли', 'muesli'],
  ['en', 'granola', 'granola'],
  ['ru', 'гранола', 'granola'],
  ['en', 'donut', 'doughnut-glazed'],
  ['ru', 'пончик', 'doughnut-glazed'],
  ['en', 'croissant', 'croissant'],
  ['ru', 'круассан', 'croissant'],
  ['en', 'pizza slice', 'pizza-cheese-slice'],
  ['ru', 'пицца', 'pizza-cheese-slice'],
  ['en', 'burger', 'hamburger'],
  ['ru', 'бургер', 'hamburger'],
  ['en', 'fries', 'french-fries'],
  ['ru', 'картошка фри', 'french-fries'],
  ['en', 'syrniki', 'syrniki'],
  ['ru', 'сырники', 'syrniki'],
  ['ru', 'блины', 'blini'],
  ['ru', 'оладьи', 'oladyi'],
  ['ru', 'пельмени', 'pelmeni'],
  ['ru', 'вареники', 'vareniki-tvorog'],
  ['ru', 'борщ', 'borscht'],
  ['ru', 'щи', 'shchi'],
  ['ru', 'солянка', 'solyanka'],
  ['ru', 'плов', 'plov'],
  ['ru', 'оливье', 'olivier-salad'],
  ['ru', 'винегрет', 'vinaigrette-salad'],
  ['ru', 'котлета', 'kotlety'],
  ['ru', 'гречка с молоком', 'buckwheat-with-milk'],
  ['ru', 'каша манная', 'semolina-porridge-milk'],
  ['ru', 'ряженка', 'ryazhenka'],
  ['en', 'ryazhenka', 'ryazhenka'],
  ['ru', 'творожная масса', 'tvorog-mass'],
  ['ru', 'творог', 'tvorog-5'],
  ['en', 'tvorog', 'tvorog-5'],
  ['ru', 'кефир', 'buttermilk-whole'],
];

/** The whole catalog as the add dialog searches it (components/diary/food-search.tsx). */
const wholeCatalog = [...catalogFoods, ...usdaTableFoods];
const indexes = {
  en: new SearchIndex(wholeCatalog.map((food) => catalogSearchDoc(food, 'en', food.id))),
  ru: new SearchIndex(wholeCatalog.map((food) => catalogSearchDoc(food, 'ru', food.id))),
};
/** The add dialog's first screen. */
const FIRST_SCREEN = 8;

describe('catalog: everyday foods by their everyday words', () => {
  it.each(EVERYDAY)('%s "%s" finds %s on the first screen', (locale, query, id) => {
    expect(
      catalogFoods.some((food) => food.id === id),
      `${id} is missing`,
    ).toBe(true);
    expect(indexes[locale].search(query, FIRST_SCREEN)).toContain(id);
  });
});
