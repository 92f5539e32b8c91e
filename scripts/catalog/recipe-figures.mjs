// Writes the energy and macronutrients of every recipe item of lib/catalog/catalog-data.ts from
// the recipe written above it, so a changed ingredient (a row cited anew) carries into every dish
// that uses it: the weighted sum of the ingredients' catalog figures per 100 g, divided by the
// yield, kcal rounded to a whole number and grams to one decimal, as tests/unit/catalog.test.ts
// checks them. A development tool: npm test never runs it.
//
//   node scripts/catalog/recipe-figures.mjs [--check]
//
// --check  write nothing; exit 1 if a recipe item's figures are not what its recipe gives.
import { readFileSync, writeFileSync } from 'node:fs';
import { CURATED_URL, inRecipeOrder, mix, readCurated, recipeOf } from './curated.mjs';

const check = process.argv.includes('--check');
const text = readFileSync(CURATED_URL, 'utf8');
const { lines, items } = readCurated(text);
const figures = new Map(items.map((item) => [item.id, { ...item }]));
const round = (value, decimals) => Math.round(value * 10 ** decimals) / 10 ** decimals;

const changed = [];
for (const item of inRecipeOrder(items)) {
  const recipe = recipeOf(item);
  if (!recipe) continue;
  const total = recipe.parts.reduce((sum, part) => sum + part.share, 0);
  if (recipe.parts.length === 0 || Math.abs(total - 100) > 1e-6) {
    console.error(`recipe-figures: ${item.id}: shares add up to ${total}%, not 100%`);
    process.exit(2);
  }
  const of = (key) => mix(recipe, (id) => figures.get(id)[key] ?? 0);
  const next = {
    kcal: round(of('kcal'), 0),
    protein: round(of('protein'), 1),
    fat: round(of('fat'), 1),
    carbs: round(of('carbs'), 1),
    alcohol: round(of('alcohol'), 1),
  };
  figures.set(item.id, { ...item, ...next });
  let line = lines[item.line].replace(
    /kcal: [\d.]+, protein: [\d.]+, fat: [\d.]+, carbs: [\d.]+/,
    `kcal: ${next.kcal}, protein: ${next.protein}, fat: ${next.fat}, carbs: ${next.carbs}`,
  );
  // Alcohol only where the dish has some (a drink); the energy test counts it at 7 kcal/g.
  line = line.replace(/, alcohol: [\d.]+/, '');
  if (next.alcohol > 0) line = line.replace(/(carbs: [\d.]+)/, `$1, alcohol: ${next.alcohol}`);
  if (line !== lines[item.line]) {
    changed.push(`${item.id}: ${item.kcal} → ${next.kcal} kcal`);
    lines[item.line] = line;
  }
}

if (check) {
  if (changed.length > 0) {
    console.error(
      `recipe-figures: ${changed.length} recipe items differ from their recipes:\n${changed.join('\n')}`,
    );
    process.exit(1);
  }
  console.log('recipe-figures: every recipe item matches its recipe');
} else {
  writeFileSync(CURATED_URL, lines.join('\n'));
  console.log(
    `recipe-figures: ${changed.length} recipe items rewritten${changed.length ? `:\n${changed.join('\n')}` : ''}`,
  );
}
