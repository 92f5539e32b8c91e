// Bench input: a Cronometer servings.csv of many years, the size a long-time user's export has.
// Deterministic (a seeded generator), so a bench run can be compared with the last one. The
// header is Cronometer's own (57 columns, µ written as U+00B5); rows follow real exports: quoted
// group, food name, amount and category, 12-hour times or none, blank figures a food does not
// state, amounts in grams, ounces, cups, "large" and servings.

/** The header of a real Cronometer servings export. */
export const CRONOMETER_SERVINGS_HEADER = [
  'Day',
  'Time',
  'Group',
  'Food Name',
  'Amount',
  'Energy (kcal)',
  'Alcohol (g)',
  'Caffeine (mg)',
  'Water (g)',
  'B1 (Thiamine) (mg)',
  'B2 (Riboflavin) (mg)',
  'B3 (Niacin) (mg)',
  'B5 (Pantothenic Acid) (mg)',
  'B6 (Pyridoxine) (mg)',
  'B12 (Cobalamin) (µg)',
  'Folate (µg)',
  'Vitamin A (µg)',
  'Vitamin C (mg)',
  'Vitamin D (IU)',
  'Vitamin E (mg)',
  'Vitamin K (µg)',
  'Calcium (mg)',
  'Copper (mg)',
  'Iron (mg)',
  'Magnesium (mg)',
  'Manganese (mg)',
  'Phosphorus (mg)',
  'Potassium (mg)',
  'Selenium (µg)',
  'Sodium (mg)',
  'Zinc (mg)',
  'Carbs (g)',
  'Fiber (g)',
  'Starch (g)',
  'Sugars (g)',
  'Net Carbs (g)',
  'Fat (g)',
  'Cholesterol (mg)',
  'Monounsaturated (g)',
  'Polyunsaturated (g)',
  'Saturated (g)',
  'Trans-Fats (g)',
  'Omega-3 (g)',
  'Omega-6 (g)',
  'Cystine (g)',
  'Histidine (g)',
  'Isoleucine (g)',
  'Leucine (g)',
  'Lysine (g)',
  'Methionine (g)',
  'Phenylalanine (g)',
  'Protein (g)',
  'Threonine (g)',
  'Tryptophan (g)',
  'Tyrosine (g)',
  'Valine (g)',
  'Category',
];

// Figures per 100 g: kcal, protein, carbs, fat.
const BASES = [
  ['Oats, Rolled, Dry', 379, 13.2, 67.7, 6.5, 'Breakfast Cereals'],
  ['Eggs, Cooked', 143, 12.6, 0.7, 9.5, 'Dairy and Egg Products'],
  ['Chicken Breast, Roasted', 165, 31, 0, 3.6, 'Poultry Products'],
  ['Rice, White, Cooked', 130, 2.7, 28.2, 0.3, 'Cereal Grains and Pasta'],
  ['Greek Yogurt, Plain', 59, 10.2, 3.6, 0.4, 'Dairy and Egg Products'],
  ['Banana, Raw', 89, 1.1, 22.8, 0.3, 'Fruits and Fruit Juices'],
  ['Apple, Raw', 52, 0.3, 13.8, 0.2, 'Fruits and Fruit Juices'],
  ['Almonds', 579, 21.2, 21.6, 49.9, 'Nut and Seed Products'],
  ['Cheddar Cheese', 403, 24.9, 1.3, 33.1, 'Dairy and Egg Products'],
  ['Broccoli, Steamed', 35, 2.4, 7.2, 0.4, 'Vegetables and Vegetable Products'],
  ['Salmon, Atlantic, Baked', 206, 22.1, 0, 12.4, 'Finfish and Shellfish Products'],
  ['Bread, Whole Wheat', 247, 13, 41.3, 3.4, 'Baked Products'],
  ['Butter, Salted', 717, 0.9, 0.1, 81.1, 'Fats and Oils'],
  ['Milk, 2%', 50, 3.3, 4.8, 2, 'Dairy and Egg Products'],
  ['Lentils, Boiled', 116, 9, 20.1, 0.4, 'Legumes and Legume Products'],
  ['Potato, Baked', 93, 2.5, 21.2, 0.1, 'Vegetables and Vegetable Products'],
  ['Ground Beef, 85% Lean', 250, 25.9, 0, 15.4, 'Beef Products'],
  ['Pasta, Cooked', 158, 5.8, 30.9, 0.9, 'Cereal Grains and Pasta'],
  ['Olive Oil', 884, 0, 0, 100, 'Fats and Oils'],
  ['Hummus', 166, 7.9, 14.3, 9.6, 'Legumes and Legume Products'],
];
const VARIANTS = ['', 'Organic', 'Store Brand', 'Homemade', 'Low Fat', 'Family Size', 'Deli', 'Frozen'];
// Two brands for each food and variant: about 320 distinct foods in all.
const BRANDS = [
  ['', 'Publix', 'Kirkland', ''],
  ['Trader Joe’s', 'Great Value', 'Chobani', 'Barilla'],
];
const GROUPS = ['Breakfast', 'Lunch', 'Dinner', 'Snacks'];
/** A group the user made, as real exports have ("Staples", "Supplements"): the diary files it under snacks. */
const OWN_GROUP = 'Supplements';
// Units a food is logged in, with the grams one weighs ("g" is per gram).
const UNITS = [
  ['g', 1],
  ['g', 1],
  ['g', 1],
  ['oz', 28.35],
  ['cup', 240],
  ['large', 50],
  ['serving', 100],
  ['slice', 32],
  ['tbsp', 15],
];

/** Mulberry32: small, fast and the same everywhere. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quote = (text) => `"${text.replace(/"/g, '""')}"`;
const pad = (value) => String(value).padStart(2, '0');
const clock = (minutes) => {
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${pad(minutes % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
};

function foodList(next) {
  const foods = [];
  for (const [base, kcal, protein, carbs, fat, category] of BASES)
    for (const variant of VARIANTS)
      for (const brands of BRANDS) {
        const brand = brands[foods.length % brands.length];
        const name = [brand, base, variant].filter(Boolean).join(', ');
        const scale = 0.85 + next() * 0.3;
        // Database foods state every nutrient; a label's food, about a dozen of them.
        const detailed = brand === '' && next() < 0.6;
        const [unit, gramsEach] = UNITS[Math.floor(next() * UNITS.length)];
        const micro = CRONOMETER_SERVINGS_HEADER.slice(6, -1).map(() => next() * 5);
        foods.push({
          name,
          category,
          unit,
          gramsEach,
          detailed,
          micro,
          per100: [kcal, protein, carbs, fat].map((v) => v * scale),
        });
      }
  return foods;
}

/**
 * A servings.csv of `years` years from 2015-01-01: 10 to 15 servings a day from a few hundred
 * foods, about 1 MB a year.
 */
export function cronometerServingsCsv({ years = 10, seed = 1 } = {}) {
  const next = random(seed);
  const foods = foodList(next);
  const columns = CRONOMETER_SERVINGS_HEADER;
  const figure = Object.fromEntries(
    ['Energy (kcal)', 'Protein (g)', 'Carbs (g)', 'Fat (g)'].map((name, index) => [
      columns.indexOf(name),
      index,
    ]),
  );
  // The dozen nutrients a label states: caffeine, water, vitamin C, calcium, iron, sodium ...
  const sparse = new Set([7, 8, 17, 21, 23, 29, 32, 34, 35, 37, 40]);
  const lines = [columns.join(',')];
  const day = new Date(Date.UTC(2015, 0, 1));
  const end = new Date(Date.UTC(2015 + years, 0, 1));
  for (; day < end; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    const count = 10 + Math.floor(next() * 6);
    const untimed = next() < 0.1;
    for (let index = 0; index < count; index++) {
      const food = foods[Math.floor(next() * next() * foods.length)];
      const group = next() < 0.03 ? OWN_GROUP : GROUPS[Math.min(3, Math.floor((index / count) * 4))];
      const minutes = 420 + Math.floor((index / count) * 840 + next() * 30);
      const quantity =
        food.unit === 'g' ? Math.round(20 + next() * 280) : Math.round((0.5 + next() * 2.5) * 4) / 4;
      const grams = quantity * food.gramsEach;
      const cells = columns.map((_, column) => {
        if (column in figure) return ((food.per100[figure[column]] * grams) / 100).toFixed(2);
        if (column < 6 || column === columns.length - 1) return '';
        if (!food.detailed && !sparse.has(column)) return '';
        return ((food.micro[column - 6] * grams) / 100).toFixed(2);
      });
      cells[0] = date;
      cells[1] = untimed ? '' : clock(minutes);
      cells[2] = quote(group);
      cells[3] = quote(food.name);
      cells[4] = quote(`${quantity.toFixed(2)} ${food.unit}`);
      cells[columns.length - 1] = quote(food.category);
      lines.push(cells.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
