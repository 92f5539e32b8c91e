// The curated catalog (lib/catalog/catalog-data.ts) as the catalog scripts read it: its one-line
// items, the comment above each, and the recipes those comments write down. Shared by
// extract-usda-table.mjs (nutrients and measures) and recipe-figures.mjs (energy and macros),
// so both read a recipe the same way tests/unit/catalog.test.ts does.
import { readFileSync } from 'node:fs';

export const CURATED_URL = new URL('../../lib/catalog/catalog-data.ts', import.meta.url);

/**
 * Every item of the data file, in order: its fields as written, the index of its line, and the
 * comment directly above it (without "//"), or null. An item is one line, an object literal of
 * plain strings and numbers, so it is read as one.
 */
export function readCurated(text = readFileSync(CURATED_URL, 'utf8')) {
  const lines = text.split('\n');
  const items = [];
  lines.forEach((line, index) => {
    if (!/^\s*\{ id: '/.test(line)) return;
    const literal = line.trim().replace(/,$/, '');
    let item;
    try {
      item = Function(`"use strict"; return (${literal});`)();
    } catch (error) {
      throw new Error(`catalog-data.ts line ${index + 1} is not a one-line item: ${error.message}`);
    }
    const above = lines[index - 1]?.trim() ?? '';
    items.push({ ...item, line: index, comment: above.startsWith('//') ? above.slice(2).trim() : null });
  });
  return { lines, items };
}

/**
 * A recipe comment's ingredients and yield: "recipe: 42% pasta-dry, 58% water; yield 85% ...".
 * Shares are by weight of the raw mix and add up to 100; the yield (the cooked weight of 100 g of
 * the mix) is 100 % unless the comment says otherwise. Null for an item that is not a recipe.
 */
export function recipeOf(item) {
  if (item.source !== 'recipe' || !item.comment?.startsWith('recipe:')) return null;
  const [ingredients = '', ...rest] = item.comment.slice('recipe:'.length).split(';');
  const parts = [...ingredients.matchAll(/(\d+(?:\.\d+)?)% ([a-z0-9-]+)/g)].map((match) => ({
    share: Number(match[1]),
    id: match[2],
  }));
  const yieldMatch = /yield (\d+(?:\.\d+)?)%/.exec(rest.join(';'));
  return { parts, yieldShare: yieldMatch ? Number(yieldMatch[1]) / 100 : 1 };
}

/**
 * The items in an order where every recipe comes after its ingredients (a recipe may use another,
 * e.g. borscht with sour cream uses borscht). Throws on an unknown ingredient or a cycle.
 */
export function inRecipeOrder(items) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const done = new Set();
  const order = [];
  const visit = (item, path) => {
    if (done.has(item.id)) return;
    if (path.includes(item.id)) throw new Error(`recipe cycle: ${[...path, item.id].join(' → ')}`);
    for (const part of recipeOf(item)?.parts ?? []) {
      const ingredient = byId.get(part.id);
      if (!ingredient) throw new Error(`${item.id}: unknown ingredient ${part.id}`);
      visit(ingredient, [...path, item.id]);
    }
    done.add(item.id);
    order.push(item);
  };
  for (const item of items) visit(item, []);
  return order;
}

/**
 * A recipe's figure per 100 g of the dish: the weighted sum of its ingredients' figures (per 100 g
 * each), divided by the yield. `value(id)` gives an ingredient's figure, or undefined when it is
 * unknown, which leaves the dish's unknown too (a sum missing a part would read as the whole).
 */
export function mix(recipe, value) {
  let sum = 0;
  for (const { share, id } of recipe.parts) {
    if (share === 0) continue;
    const figure = value(id);
    if (figure === undefined || figure === null) return undefined;
    sum += (share / 100) * figure;
  }
  return sum / recipe.yieldShare;
}
