import { describe, expect, it } from 'vitest';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { SEARCH_BOOST, SearchIndex } from '@/lib/diary/search';
import { usdaTableFoods } from '../support/usda-table';

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
  ['en', 'cheese', /^cheddar$/], // an everyday cheese, not blue cheese
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
  ['ru', 'творог', /^tvorog-(1|5|9)$/],
  ['ru', 'пиво', /^beer$/],
  ['ru', 'клубника', /^strawberries$/],
  ['ru', 'картошка', /^potato/],
  ['ru', 'куриная грудка', /^chicken-breast-/],
  ['ru', 'banana', /^banana$/],
  ['en', 'гречка', /^buckwheat-/],
  // What a query for a kind of food means is its usual variant (CatalogFood.common): porridge for
  // "oatmeal", plain yogurt for "yogurt". Misspellings, Russian word forms, and the other
  // language's words typed in either interface.
  ['en', 'oatmeal', /^oatmeal-(water|milk)$/], // porridge, not oatmeal cookies or oatmeal bread
  ['en', 'porridge', /^oatmeal-(water|milk)$/], // UK: oat porridge, not semolina or rice porridge
  ['en', 'rice', /^rice-boiled$/], // cooked white long-grain, not dry rice, rice cakes or pudding
  ['en', 'white rice', /^rice-boiled$/],
  ['en', 'brown rice', /^brown-rice-boiled$/],
  ['en', 'pasta', /^pasta-(boiled|dry)$/], // plain pasta; dry is what many people weigh
  ['en', 'spaghetti bolognese', /^spaghetti-bolognese$/],
  ['en', 'toast', /^white-bread-toasted$/], // plain white toast, not French toast
  ['en', 'rye bread', /^rye-bread$/], // not the rye crispbread
  ['en', 'pancakes', /^pancakes-homemade$/],
  ['en', 'yogurt', /^yogurt-plain-(whole|low-fat)$/], // plain, not fruit yogurt
  ['en', 'yoghurt', /^yogurt-plain-(whole|low-fat)$/], // British spelling
  ['en', 'yougurt', /^yogurt-plain-(whole|low-fat)$/], // typo
  ['en', 'cottage cheese', /^cottage-cheese-(4|2)$/], // plain, not with fruit
  ['en', 'sour cream', /^sour-cream-20$/], // regular, not reduced fat
  ['en', 'mozarella', /^mozzarella$/], // typo; whole-milk, not the part-skim pizza kind
  ['en', 'parmesean', /^(parmesan|parmesan-grated)$/], // typo
  ['en', 'chedar', /^cheddar$/], // typo
  ['en', 'butter', /^butter-unsalted$/], // not peanut butter, butter cookies or spread; unsalted, as plain foods are
  ['ru', 'масло сливочное', /^butter-unsalted$/], // Russian butter is sold unsalted
  ['ru', 'сок', /^orange-juice$/], // not lime juice, whose name once started with "Сок"
  ['ru', 'сало', /^pork-fatback$/], // not salami, whose stem it shares
  ['ru', 'бургер', /^hamburger$/],
  ['ru', 'батон', /^white-bread$/],
  ['en', 'taco', /^usda-21082$/], // not Taco Bell's nachos
  ['en', 'cookie', /^chocolate-chip-cookies$/], // not an ice cream cookie sandwich
  ['en', 'steak', /^beef-sirloin-steak-grilled$/], // a grilled steak as eaten, not a raw flank
  ['ru', 'стейк', /^beef-sirloin-steak-grilled$/],
  ['en', 'pizza', /^pizza-cheese-slice$/], // a pizzeria's cheese slice, not salami pizza
  ['ru', 'пицца', /^pizza-cheese-slice$/],
  ['en', 'almond milk', /^almond-milk-vanilla$/], // not chocolate almond milk
  ['en', 'corn on the cob', /^corn-on-the-cob$/],
  ['en', 'ice cream', /^ice-cream-vanilla$/], // regular vanilla, not light
  ['en', 'eggs', /^egg-(raw|boiled)$/],
  ['en', 'boiled egg', /^egg-boiled$/],
  ['en', 'omelette', /^omelette-plain$/], // not cheese omelette
  ['en', 'omlette', /^omelette-plain$/], // typo
  ['en', 'chicken', /^(chicken-breast-(raw|boiled|roasted|fried)|chicken-roasted)$/], // breast or a plain roast chicken, not fried in batter or nuggets
  ['en', 'chicken soup', /^(chicken-noodle-soup|chicken-soup-chunky)$/], // not the creamy chicken-mushroom soup
  ['en', 'turkey', /^turkey-(breast|white-meat)-roasted$/], // roast turkey breast, not deli slices or sausage
  ['en', 'beef', /^(beef-raw|beef-lean-cooked)$/], // the generic average, not broth, soup or a specific cut
  ['en', 'ground beef', /^beef-mince-80-(raw|fried)$/],
  ['en', 'pork', /^(pork-raw|pork-cooked)$/], // generic, not pork rinds or pork sausages
  ['en', 'salmon', /^salmon-(raw|baked)$/], // Atlantic salmon, not pink salmon canned
  ['en', 'tuna', /^tuna-canned-in-(water|oil)$/], // canned tuna is what most people log
  ['en', 'potato', /^potatoes-(boiled|baked|raw|boiled-in-skin)$/], // plain potato, not fries, crisps or mash
  ['en', 'potatoe', /^potatoes-(boiled|baked|raw|boiled-in-skin)$/], // typo
  ['en', 'mashed potatoes', /^mashed-potatoes$/], // homemade, not instant flakes
  ['en', 'fries', /^french-fries$/], // deep-fried, as eaten; not the frozen oven-ready pack
  ['en', 'tomatoe', /^tomato$/], // typo
  ['en', 'avacado', /^avocado$/], // typo
  ['en', 'brocoli', /^broccoli-(raw|boiled)$/], // typo; fresh, not frozen
  ['en', 'carrots', /^carrots-raw$/], // fresh, not canned or frozen
  ['en', 'onion', /^onion$/], // not spring, sweet or boiled onion
  ['en', 'corn', /^(corn-on-the-cob|sweet-corn-boiled|sweet-corn-canned)$/], // sweet corn, not corn flakes or cornmeal
  ['en', 'orange', /^orange$/], // the fruit, not orange juice
  ['en', 'grapes', /^grapes-table$/], // table grapes, not the Isabella type
  ['en', 'watermellon', /^watermelon$/], // typo
  ['en', 'bluberries', /^blueberries$/], // typo; fresh, not frozen with sugar
  ['en', 'rasberries', /^raspberries$/], // typo
  ['en', 'pinapple', /^pineapple$/], // typo
  ['en', 'cherries', /^sweet-cherries$/], // plain "cherries" in English are sweet cherries
  ['en', 'lentils', /^lentils-(boiled|dry)$/], // not red lentils specifically
  ['en', 'orange juice', /^orange-juice$/],
  ['en', 'tea', /^(tea|black-tea)$/], // plain tea, not with milk or sugar, not instant powder
  ['en', 'cofee', /^coffee-brewed$/], // typo
  ['en', 'coffee with milk', /^coffee-with-milk$/], // not with sugar
  ['en', 'olive oil', /^olive-oil$/],
  ['en', 'peanut butter', /^peanut-butter$/], // not peanut butter cookies or sandwich
  ['en', 'mayonaise', /^mayonnaise$/], // typo; full-fat, not the light dressing
  ['en', 'dark chocolate', /^dark-chocolate(-70)?$/],
  ['en', 'wallnuts', /^walnuts$/], // typo
  ['en', 'humus', /^hummus$/], // typo
  ['en', 'crisps', /^potato-chips$/], // UK word; salted, not barbecue
  ['en', 'борщ', /^borscht$/],
  ['en', 'яблоко', /^apple$/],
  ['en', 'творог', /^(tvorog-(1|5|9)|cottage-cheese-(4|2|1))$/], // plain tvorog, unsalted, before US cottage cheese
  ['ru', 'овсяная каша', /^oatmeal-(water|milk)$/],
  ['ru', 'овсянку', /^oatmeal-(water|milk)$/], // not oatmeal cookies
  ['ru', 'рис', /^rice-(boiled|medium-grain-boiled|short-grain-boiled)$/], // cooked white rice; round and long grain are both everyday in Russia
  ['ru', 'риса', /^rice-(boiled|medium-grain-boiled|short-grain-boiled)$/],
  ['ru', 'гречкой', /^buckwheat-(boiled|dry)$/],
  ['ru', 'гричка', /^buckwheat-(boiled|dry)$/], // typo
  ['ru', 'пшенная каша', /^millet-(porridge-milk|boiled)$/], // "ё" typed as "е"
  ['ru', 'манная каша', /^semolina-porridge-milk$/], // classic semolina porridge is made with milk
  ['ru', 'макароны', /^pasta-(boiled|dry)$/], // plain, not navy-style or with cheese
  ['ru', 'хлеб', /^(white-bread|wheat-bread)$/],
  ['ru', 'черный хлеб', /^(rye-bread|pumpernickel)$/], // "black bread" is rye bread
  ['ru', 'малоко', /^milk-(3-2|3-7|2-plain)$/], // typo
  ['ru', 'молока', /^milk-(3-2|3-7|2-plain)$/],
  ['ru', 'кефира', /^buttermilk-(whole|2)$/],
  ['ru', 'творога', /^tvorog-(1|5|9)$/], // plain unsalted tvorog, not salted cottage cheese, with fruit, syrniki or vareniki
  ['ru', 'творогом', /^tvorog-(1|5|9)$/],
  ['ru', 'сыр', /^(gouda|edam|cheddar)$/], // everyday hard cheese, not blue, processed or cream cheese
  ['ru', 'сыром', /^(gouda|edam|cheddar)$/], // not "сырой" (raw) foods
  ['ru', 'сметана', /^sour-cream-(20|12)$/],
  ['ru', 'сметаной', /^sour-cream-(20|12)$/], // not borscht or salad with sour cream
  ['ru', 'йогурт', /^yogurt-plain-(whole|low-fat)$/], // plain, not fruit yogurt
  ['ru', 'яйца', /^egg-(raw|boiled)$/], // not quail eggs or eggs with mayonnaise
  ['ru', 'курица', /^(chicken-breast-(raw|boiled|roasted|fried)|chicken-roasted)$/],
  ['ru', 'курицу', /^(chicken-breast-(raw|boiled|roasted|fried)|chicken-roasted)$/],
  ['ru', 'куринная грудка', /^chicken-breast-(raw|boiled|roasted|fried)$/], // typo; not deli slices
  ['ru', 'куриную грудку', /^chicken-breast-(raw|boiled|roasted|fried)$/],
  ['ru', 'говядину', /^(beef-raw|beef-lean-cooked)$/],
  ['ru', 'котлету', /^kotlety$/], // classic pork-and-beef kotlety, not a grilled burger patty
  ['ru', 'сасиски', /^frankfurters$/], // typo; plain, not pork-only or with fried eggs
  ['ru', 'колбаса', /^(bologna|smoked-sausage)$/], // boiled (докторская type) or semi-smoked, the everyday kinds
  ['ru', 'лосось', /^salmon-(raw|baked)$/],
  ['ru', 'икра', /^(caviar|squash-caviar)$/], // fish roe or the everyday squash spread, not cooked roe
  ['ru', 'пелемени', /^pelmeni$/], // typo
  ['ru', 'пельменей', /^pelmeni$/],
  ['ru', 'блинчики', /^blini$/], // not pancake syrup
  ['ru', 'сырники', /^syrniki$/],
  ['ru', 'борща', /^borscht(-with-sour-cream)?$/],
  ['ru', 'куриный суп', /^(chicken-noodle-soup|chicken-soup-chunky)$/], // not the creamy chicken-mushroom soup
  ['ru', 'плов', /^(plov|chicken-plov)$/],
  ['ru', 'оливье', /^olivier-salad$/],
  ['ru', 'пюре', /^mashed-potatoes$/], // mashed potatoes, not apple, pumpkin or tomato purée, not instant
  ['ru', 'картошку', /^potatoes-(boiled|baked|raw|boiled-in-skin)$/],
  ['ru', 'яблоки', /^apple$/], // not peeled, purée, juice or pie
  ['ru', 'бананы', /^banana$/],
  ['ru', 'бананн', /^banana$/], // typo
  ['ru', 'виноград', /^grapes-table$/], // table grapes, not the Isabella type
  ['ru', 'вишня', /^sour-cherries$/], // fresh, not frozen, in syrup or pie
  ['ru', 'черника', /^blueberries$/], // fresh, not frozen with sugar
  ['ru', 'малину', /^raspberries$/],
  ['ru', 'огурцы', /^cucumber$/], // fresh, not pickled
  ['ru', 'памидоры', /^tomato$/], // typo, plural
  ['ru', 'морковку', /^carrots-raw$/],
  ['ru', 'капуста', /^cabbage-raw$/], // white cabbage, not cauliflower, Chinese or sauerkraut
  ['ru', 'свеклу', /^beets-(boiled|raw)$/],
  ['ru', 'лук', /^onion$/], // not spring onions or leeks
  ['ru', 'кабачки', /^zucchini-raw$/], // not squash caviar
  ['ru', 'грибы', /^mushrooms-(raw|boiled)$/], // champignons, the everyday mushroom
  ['ru', 'фасоль', /^(kidney-beans-(boiled|canned|dry)|white-beans-dry)$/], // dry beans, not green beans or baked beans
  ['ru', 'масло', /^(butter|butter-unsalted|sunflower-oil-regular|sunflower-oil)$/], // not rapeseed oil or peanut butter
  ['ru', 'подсолнечное масло', /^sunflower-oil-regular$/], // regular, not high-oleic
  ['ru', 'майонез', /^mayonnaise$/], // full-fat, not the light dressing
  ['ru', 'шокалад', /^(milk-chocolate|dark-chocolate|dark-chocolate-70)$/], // typo; a plain bar
  ['ru', 'мороженное', /^ice-cream-vanilla$/], // common misspelling; regular vanilla
  ['ru', 'семечки', /^sunflower-seeds-(toasted|raw|oil-roasted)$/], // sunflower, not pumpkin seeds
  ['ru', 'кофе с молоком', /^coffee-with-milk$/], // not with sugar
  ['ru', 'какао', /^cocoa-with-milk$/], // the drink, not cocoa powder
  ['ru', 'oatmeal', /^oatmeal-(water|milk)$/],
  ['ru', 'yogurt', /^yogurt-plain-(whole|low-fat)$/],
  // Queries that found nonsense before issue 49: "latte" gave Fried chicken in batter, "латте"
  // натто, "greek yogurt" green peas, "яиц" an omelette before the egg.
  ['en', 'latte', /^latte$/],
  ['ru', 'латте', /^latte$/],
  ['en', 'greek yogurt', /^yogurt-plain-/],
  ['ru', 'яиц', /^egg-(raw|boiled)$/],
  ['en', 'burger', /^hamburger$/],
];

// The whole catalog the add dialog searches: the curated foods and the USDA table.
const wholeCatalog = [...catalogFoods, ...usdaTableFoods];
const indexes = {
  en: new SearchIndex(wholeCatalog.map((food) => catalogSearchDoc(food, 'en', food))),
  ru: new SearchIndex(wholeCatalog.map((food) => catalogSearchDoc(food, 'ru', food))),
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

  it('puts a food of the user’s own before a common catalog food that matches alike', () => {
    const porridge = catalogFoods.find((food) => food.id === 'oatmeal-water')!;
    expect(porridge.common).toBe(2);
    const index = new SearchIndex([
      catalogSearchDoc(porridge, 'en', 'catalog'),
      { item: 'own', name: 'Oatmeal porridge, my recipe', boost: SEARCH_BOOST.own },
    ]);
    expect(index.search('oatmeal porridge')).toEqual(['own', 'catalog']);
  });

  it('finds "Овсяная каша" for "овсянка" and every milk before a porridge with milk', () => {
    expect(indexes.ru.search('овсянка', 5).map((food) => food.id)).toContain('oatmeal-water');
    const milk = indexes.en.search('milk', 10);
    const firstPorridge = milk.findIndex((food) => /porridge/.test(food.id));
    expect(milk.slice(0, 4).every((food) => food.id.startsWith('milk-'))).toBe(true);
    expect(firstPorridge === -1 || firstPorridge >= 4).toBe(true);
  });
});
