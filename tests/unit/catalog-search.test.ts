import { describe, expect, it } from 'vitest';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { SearchIndex } from '@/lib/diary/search';

/**
 * What a new user types and the catalog food that must come first, as the add dialog ranks the
 * catalog (components/diary/food-search.tsx): the name in the user's language, the other
 * language's name below it. The first rows are the ones a user coming from MyFitnessPal met:
 * "banana" found only banana cream pie, "гречка" nothing, "coffee" chocolate-coated beans.
 */
const FIRST_RESULT: ReadonlyArray<readonly [locale: 'en' | 'ru', query: string, firstId: RegExp]> = [
  ['en', 'banana', /^banana$/],
  ['en', 'coffee', /^coffee-brewed$/],
  ['en', 'milk', /^milk-/],
  ['ru', 'гречка', /^buckwheat-/],
  ['ru', 'овсянка', /oatmeal/],
  ['en', 'buckwheat', /^buckwheat-/],
  ['en', 'cucumber', /^cucumber$/],
  ['en', 'tomato', /^tomato$/],
  ['en', 'tomatoes', /^tomato$/],
  ['en', 'sugar', /^sugar$/],
  ['en', 'honey', /^honey$/],
  ['en', 'kefir', /^buttermilk-/],
  ['en', 'strawberries', /^strawberries$/],
  ['en', 'egg', /^egg-(raw|boiled)$/],
  ['en', 'apple', /^apple$/],
  ['en', 'beer', /^beer$/],
  ['en', 'bread', /bread/],
  ['en', 'chocolate', /^(milk|dark)-chocolate/],
  ['en', 'cheese', /^(blue-cheese|cream-cheese|cottage-cheese|cheddar|gouda|edam|muenster)/],
  ['en', 'chicken breast', /^chicken-breast-/],
  ['en', 'chiken', /^chicken-/],
  ['en', 'bananna', /^banana$/],
  ['ru', 'гречку', /^buckwheat-/],
  ['ru', 'гречневая каша', /^buckwheat-/],
  ['ru', 'молоко', /^milk-/],
  ['ru', 'молако', /^milk-/],
  ['ru', 'банан', /^banana$/],
  ['ru', 'кофе', /^coffee-brewed$/],
  ['ru', 'огурец', /^cucumber$/],
  ['ru', 'помидор', /^tomato$/],
  ['ru', 'сахар', /^sugar$/],
  ['ru', 'мёд', /^honey$/],
  ['ru', 'мед', /^honey$/],
  ['ru', 'кефир', /^buttermilk-/],
  ['ru', 'творог', /^cottage-cheese-|tvorog/],
  ['ru', 'пиво', /^beer$/],
  ['ru', 'клубника', /^strawberries$/],
  ['ru', 'картошка', /^potato/],
  ['ru', 'куриная грудка', /^chicken-breast-/],
  ['ru', 'banana', /^banana$/],
  ['en', 'гречка', /^buckwheat-/],
];

const indexes = {
  en: new SearchIndex(catalogFoods.map((food) => ({ item: food, name: food.en, alsoKnownAs: food.ru }))),
  ru: new SearchIndex(catalogFoods.map((food) => ({ item: food, name: food.ru, alsoKnownAs: food.en }))),
};

describe('catalog search: the first result of everyday queries', () => {
  it.each(FIRST_RESULT)('%s "%s" → %s', (locale, query, firstId) => {
    const [first] = indexes[locale].search(query, 5);
    expect(
      first?.id,
      `first of ${indexes[locale]
        .search(query, 5)
        .map((food) => food.id)
        .join(', ')}`,
    ).toMatch(firstId);
  });

  it('finds "Овсяная каша" for "овсянка" and every milk before a porridge with milk', () => {
    expect(indexes.ru.search('овсянка', 5).map((food) => food.id)).toContain('oatmeal-water');
    const milk = indexes.en.search('milk', 10);
    const firstPorridge = milk.findIndex((food) => /porridge/.test(food.id));
    expect(milk.slice(0, 4).every((food) => food.id.startsWith('milk-'))).toBe(true);
    expect(firstPorridge === -1 || firstPorridge >= 4).toBe(true);
  });
});
