// Writes public/catalog/usda/<group>.json: every food of USDA SR Release 24 (public domain) that
// the curated catalog (lib/catalog/catalog-data.ts) does not already cite, with its energy,
// macronutrients and household measures, one file per USDA food group; public/catalog/nutrients,
// the nutrients of those foods by group and of every curated food (its row's, or for a dish of
// ours the mix of its ingredients' by its recipe); lib/catalog/curated-measures.json, the curated
// foods' household measures (their rows' and ours of curated-measures.tsv, one a size); and
// lib/catalog/usda-groups.ts and nutrient-groups.ts, each file's content hash: a browser fetches a
// file by its hash and keeps it (app/sw.ts), so a build that changes one leaves the others good.
// A development tool: npm test reads the files, it never runs this.
//
//   node scripts/catalog/extract-usda-table.mjs <sr24-dir> [--check]
//
// <sr24-dir>  the usda_sr24 folder of Debian's cronometer package (one NNNNN.xml per food, plus
//             foods.index), see lib/catalog/reference/README.md for how to get it.
// --check     write nothing; exit 1 if the files differ from what would be written.
//
// A row is [ndb, description, kcal, protein, fat, carbs, alcohol, measures, russian?]: USDA's
// description verbatim, kcal as in the row, grams per 100 g rounded to one decimal
// (carbohydrate by difference, fibre included, as the curated catalog counts it), measures as
// [label, grams, russian label] with the amount folded into the label when it is not 1 ("0.5
// cup"), and the Russian name of scripts/catalog/usda-ru-names.tsv when it gives one (ours, not
// USDA's). Every measure's Russian label is ours too, from scripts/catalog/usda-ru-measures.tsv.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { inRecipeOrder, mix, readCurated, recipeOf } from './curated.mjs';

const OUT_DIR = new URL('../../public/catalog/usda/', import.meta.url);
const NUTRIENTS_DIR = new URL('../../public/catalog/nutrients/', import.meta.url);
const NUTRIENT_GROUPS_FILE = new URL('../../lib/catalog/nutrient-groups.ts', import.meta.url);
const GROUPS_FILE = new URL('../../lib/catalog/usda-groups.ts', import.meta.url);
const CURATED = new URL('../../lib/catalog/catalog-data.ts', import.meta.url);
const RUSSIAN_NAMES = new URL('./usda-ru-names.tsv', import.meta.url);
const RUSSIAN_MEASURES = new URL('./usda-ru-measures.tsv', import.meta.url);
const CURATED_MEASURES = new URL('../../lib/catalog/curated-measures.json', import.meta.url);
const OWN_MEASURES = new URL('./curated-measures.tsv', import.meta.url);
const REFERENCE_CSV = new URL('../../lib/catalog/reference/usda-sr.csv', import.meta.url);
/** LIMITS.servingLabelLength.max and servingGrams.max: a measure is logged as a serving is. */
const MAX_LABEL = 100;
const MAX_GRAMS = 5_000;
/** Energy a catalog food may have per 100 g (LIMITS.foodKcal.max): pure fats (902 kcal) are left out. */
const MAX_KCAL = 900;

function fail(message) {
  console.error(`extract-usda-table: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const check = args.includes('--check');
const dir =
  args.find((arg) => !arg.startsWith('--')) ?? fail('usage: extract-usda-table.mjs <sr24-dir> [--check]');
if (!existsSync(path.join(dir, 'foods.index'))) fail(`${dir} holds no foods.index`);

const decode = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (tag, name) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? decode(found[1]) : null;
};
const round1 = (value) => Math.round(value * 10) / 10;

// The curated catalog's items, and the rows they cite: by NDB number or (rows of the earlier
// excerpt) by description; a row of an item's description is left to it either way.
const { items: curatedItems } = readCurated(readFileSync(CURATED, 'utf8'));
const cited = new Set(curatedItems.flatMap((item) => item.ndb ?? []));
const citedNames = new Set(curatedItems.flatMap((item) => item.usda ?? []));

/** A two-column TSV of ours as a Map, every line checked. */
function tsv(url, name, keyPattern) {
  return new Map(
    readFileSync(url, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line, index) => {
        const [key, value, ...rest] = line.split('\t');
        if (!keyPattern.test(key) || !value?.trim() || rest.length > 0)
          fail(`${name} line ${index + 1} is not "<key>\\t<value>": ${line}`);
        return [key, value.trim()];
      }),
  );
}

// Our Russian label of each USDA measure: "<USDA label>\t<label>" a line.
const russianMeasures = tsv(RUSSIAN_MEASURES, 'usda-ru-measures.tsv', /\S/);
// Our Russian names of the foods people log most: "<ndb>\t<name>" a line.
const russianNames = tsv(RUSSIAN_NAMES, 'usda-ru-names.tsv', /^\d{5}$/);
const unlabelled = new Set();
const usedMeasures = new Set();
/**
 * A food's measures as [label, grams, russian]; those of no weight left out, and those heavier
 * than a serving may be (a whole roast, a 10 lb bag), which nobody logs at once.
 */
function measuresOf(xml) {
  return [...xml.matchAll(/<measure\s[^>]*\/>/g)]
    .filter(([tag]) => Number(attribute(tag, 'grams')) > 0)
    .map(([tag]) => {
      const amount = Number(attribute(tag, 'amount'));
      const name = attribute(tag, 'name');
      const label = amount === 1 ? name : `${amount} ${name}`;
      const russian = russianMeasures.get(label);
      if (!russian) unlabelled.add(label);
      usedMeasures.add(label);
      if (label.length > MAX_LABEL || (russian ?? '').length > MAX_LABEL)
        fail(`measure "${label}" or its Russian label is longer than ${MAX_LABEL} characters`);
      return [label, Number(attribute(tag, 'grams')), russian];
    })
    .filter(([, grams]) => grams <= MAX_GRAMS);
}

/**
 * The nutrients of lib/diary/nutrients.ts in its order, from the names Debian's package gives
 * USDA's figures: its "Vitamin A" and "Vitamin D" are in IU, so vitamin A is worked out as
 * retinol activity equivalents (retinol + beta-carotene / 12 + alpha-carotene and
 * beta-cryptoxanthin / 24, the IOM's factors, as USDA computes its RAE; see vitaminA), and vitamin D is IU / 40. "Folate" is total folate. SR24 has no added sugars.
 */
const NUTRIENT_ORDER = [
  ['fibre', 2, (n) => n.get('Fiber')],
  ['sugars', 2, (n) => n.get('Sugars')],
  ['addedSugars', 2, () => undefined],
  ['saturatedFat', 3, (n) => n.get('Saturated')],
  ['cholesterol', 1, (n) => n.get('Cholesterol')],
  ['sodium', 1, (n) => n.get('Sodium')],
  ['potassium', 1, (n) => n.get('Potassium')],
  ['calcium', 1, (n) => n.get('Calcium')],
  ['iron', 3, (n) => n.get('Iron')],
  ['magnesium', 1, (n) => n.get('Magnesium')],
  ['zinc', 3, (n) => n.get('Zinc')],
  ['vitaminA', 1, vitaminA],
  ['vitaminC', 2, (n) => n.get('Vitamin C')],
  ['vitaminD', 2, (n) => (n.has('Vitamin D') ? n.get('Vitamin D') / 40 : undefined)],
  ['vitaminE', 3, (n) => n.get('Vitamin E')],
  ['vitaminK', 2, (n) => n.get('Vitamin K')],
  ['thiamin', 3, (n) => n.get('B1 (Thiamine)')],
  ['riboflavin', 3, (n) => n.get('B2 (Riboflavin)')],
  ['niacin', 3, (n) => n.get('B3 (Niacin)')],
  ['vitaminB6', 3, (n) => n.get('B6 (Pyridoxine)')],
  ['folate', 1, (n) => n.get('Folate')],
  ['vitaminB12', 3, (n) => n.get('B12 (Cyanocobalamin)')],
];
/**
 * Vitamin A as retinol activity equivalents, where the row says enough: with retinol and
 * beta-carotene both given; else 0 when its IU are 0; else the retinol when the IU are all
 * retinol (0.3 µg an IU, an animal food). Anything else (carotenes given only as IU) is unknown.
 */
function vitaminA(n) {
  const retinol = n.get('Retinol');
  const iu = n.get('Vitamin A');
  if (retinol !== undefined && n.has('Beta-carotene'))
    return (
      retinol +
      n.get('Beta-carotene') / 12 +
      ((n.get('Alpha-carotene') ?? 0) + (n.get('Beta-cryptoxanthin') ?? 0)) / 24
    );
  if (iu === 0) return 0;
  if (retinol !== undefined && iu !== undefined && Math.abs(iu * 0.3 - retinol) <= 1 + 0.05 * retinol)
    return retinol;
  return undefined;
}

/** A row's nutrients in the order of NUTRIENT_ORDER, as given (unrounded), null for unknown. */
function rawNutrients(amounts) {
  return NUTRIENT_ORDER.map(([, , read]) => {
    const value = read(amounts);
    return value === undefined || !Number.isFinite(value) || value < 0 ? null : value;
  });
}
/** Nutrients as the app stores a set: rounded, in order, null for unknown, no trailing nulls. */
function stored(raw) {
  const values = raw.map((value, index) => {
    if (value === null) return null;
    const factor = 10 ** NUTRIENT_ORDER[index][1];
    // "+ 0" writes a rounded -0 as 0.
    return Math.round(value * factor) / factor + 0;
  });
  while (values.length > 0 && values.at(-1) === null) values.pop();
  return values;
}
const nutrientsOf = (amounts) => stored(rawNutrients(amounts));
const amountsOf = (xml) =>
  new Map(
    [...xml.matchAll(/<nutrient\s[^>]*\/>/g)].map(([tag]) => [
      attribute(tag, 'name'),
      Number(attribute(tag, 'amount')),
    ]),
  );

const groups = new Map();
/** Each table row's nutrients by group and NDB number; the cited rows' by NDB number and description. */
const nutrientGroups = new Map();
const citedNutrients = new Map();
/** The measures of the rows the curated catalog cites, by NDB number and by description. */
const citedMeasures = new Map();
let skippedEnergy = 0;
for (const file of readdirSync(dir)
  .filter((name) => /^\d{5}\.xml$/.test(name))
  .sort()) {
  const xml = readFileSync(path.join(dir, file), 'utf8');
  const food = /<food\s[^>]*>/.exec(xml)?.[0] ?? fail(`${file}: no <food>`);
  const ndb = attribute(food, 'uid');
  const measures = measuresOf(xml);
  const nutrients = amountsOf(xml);
  if (cited.has(ndb) || citedNames.has(attribute(food, 'name'))) {
    citedMeasures.set(ndb, measures);
    citedMeasures.set(attribute(food, 'name'), measures);
    citedNutrients.set(ndb, rawNutrients(nutrients));
    citedNutrients.set(attribute(food, 'name'), rawNutrients(nutrients));
    continue;
  }
  const kcal = nutrients.get('Energy');
  if (kcal === undefined || !Number.isFinite(kcal)) continue;
  if (kcal > MAX_KCAL) {
    skippedEnergy++;
    continue;
  }
  const row = [
    ndb,
    attribute(food, 'name'),
    kcal,
    round1(nutrients.get('Protein') ?? 0),
    round1(nutrients.get('Fat') ?? 0),
    round1(nutrients.get('Carbs') ?? 0),
    round1(nutrients.get('Alcohol') ?? 0),
    measures,
    ...(russianNames.has(ndb) ? [russianNames.get(ndb)] : []),
  ];
  russianNames.delete(ndb);
  const group = ndb.slice(0, 2);
  if (!groups.has(group)) groups.set(group, []);
  groups.get(group).push(row);
  if (!nutrientGroups.has(group)) nutrientGroups.set(group, []);
  nutrientGroups.get(group).push([ndb, nutrientsOf(nutrients)]);
}

let differs = false;
/** Writes `text` to `file` unless it is there already; with --check, only notes the difference. */
function put(file, text) {
  if ((existsSync(file) ? readFileSync(file, 'utf8') : null) === text) return;
  differs = true;
  if (check) console.error(`extract-usda-table: ${file.pathname} is not what the package gives`);
  else writeFileSync(file, text);
}
if (!check) mkdirSync(OUT_DIR, { recursive: true });
if (!check) mkdirSync(NUTRIENTS_DIR, { recursive: true });
const hashes = [];
for (const [group, rows] of [...groups].sort()) {
  // One row per line: a new release changes the lines of the foods it changes.
  const text = `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`;
  put(new URL(`${group}.json`, OUT_DIR), text);
  hashes.push([group, createHash('sha256').update(text).digest('hex').slice(0, 12), rows.length]);
}
put(
  GROUPS_FILE,
  `// Written by scripts/catalog/extract-usda-table.mjs: the USDA table's files in public/catalog/usda,
// one per food group (the first two digits of the NDB number), by content hash and food count.
export const USDA_GROUPS: ReadonlyArray<readonly [group: string, hash: string, foods: number]> = [
${hashes.map(([group, hash, count]) => `  ['${group}', '${hash}', ${count}],`).join('\n')}
];
`,
);
// The curated foods' nutrients: a food citing a row has the row's; a dish of ours (a recipe of
// other curated foods) the weighted sum of its ingredients', divided by its yield, each nutrient
// known only where every ingredient knows it (lib/diary/nutrients.ts mixNutrients says why).
const curatedRaw = new Map();
const uncited = [];
/** The excerpt rows of lib/catalog/reference/usda-sr.csv by description: their fibre and sugars. */
const excerptRows = new Map(
  readFileSync(REFERENCE_CSV, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      // RFC 4180 as the file writes it: a field is quoted when it holds a comma or a quote.
      const fields = [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) =>
        match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2],
      );
      const [source, , name, , , , , fibre, sugars] = fields;
      const amount = (text) => (text === '' ? null : Number(text));
      return source === 'excerpt' ? [name, { fibre: amount(fibre), sugars: amount(sugars) }] : null;
    })
    .filter(Boolean),
);
// First the foods citing a row, then those whose row lacks what another food's gives ("//
// nutrients: as red-wine; ..." above a varietal wine: its own figures first, the rest the other's),
// then the dishes, each after its ingredients.
const standInOf = (item) => /^nutrients: as ([a-z0-9-]+)/.exec(item.comment ?? '')?.[1];
for (const item of curatedItems) {
  if (item.source === 'recipe') continue;
  const raw = citedNutrients.get(item.ndb ?? item.usda);
  if (raw) curatedRaw.set(item.id, raw);
  else {
    // A row of the earlier excerpt that Release 24 lacks (almond milk, protein powders): the
    // excerpt gives fibre and sugars only, and those are all the catalog knows of it.
    const excerpt = excerptRows.get(item.usda);
    if (!excerpt)
      fail(`${item.id} cites ${item.ndb ?? item.usda}, which neither the package nor the excerpt holds`);
    uncited.push(item.id);
    curatedRaw.set(
      item.id,
      NUTRIENT_ORDER.map(([key]) =>
        key === 'fibre' ? excerpt.fibre : key === 'sugars' ? excerpt.sugars : null,
      ),
    );
  }
}
for (const item of curatedItems) {
  const standIn = standInOf(item);
  if (standIn === undefined) continue;
  const other = curatedRaw.get(standIn);
  if (item.source === 'recipe' || !other || standInOf(curatedItems.find(({ id }) => id === standIn)))
    fail(`${item.id}: "nutrients: as ${standIn}" needs a food of a row of its own`);
  curatedRaw.set(
    item.id,
    curatedRaw.get(item.id).map((value, index) => value ?? other[index]),
  );
}
for (const item of inRecipeOrder(curatedItems)) {
  const recipe = recipeOf(item);
  if (item.source === 'recipe' && !recipe) fail(`${item.id} is a dish with no "// recipe:" above it`);
  if (recipe)
    curatedRaw.set(
      item.id,
      NUTRIENT_ORDER.map((_, index) => mix(recipe, (id) => curatedRaw.get(id)[index]) ?? null),
    );
}
const curatedNutrients = curatedItems.map((item) => [item.id, stored(curatedRaw.get(item.id))]);

// The curated foods' measures: USDA's of the row a food cites, then ours (curated-measures.tsv),
// one a size. The serving comes first in the app (lib/diary/measures.ts catalogMeasures), so a
// measure that weighs what the serving or an earlier measure weighs is the same row twice and is
// left out; a measure named as one listed before (a leading "1" aside) but of another weight is a
// conflict the data must settle (the serving made USDA's weight, or named apart), so it fails.
const ownMeasures = new Map();
readFileSync(OWN_MEASURES, 'utf8')
  .split('\n')
  .forEach((line, index) => {
    if (!line.trim() || line.startsWith('#')) return;
    const [id, label, grams, russian, source, ...rest] = line.split('\t');
    if (
      !curatedItems.some((item) => item.id === id) ||
      !(Number(grams) > 0) ||
      !russian?.trim() ||
      !source?.trim() ||
      rest.length > 0
    )
      fail(
        `curated-measures.tsv line ${index + 1} is not "<id>\\t<label>\\t<grams>\\t<russian>\\t<source>": ${line}`,
      );
    if (label.length > MAX_LABEL || russian.length > MAX_LABEL)
      fail(`curated-measures.tsv line ${index + 1}: a label is too long`);
    if (!ownMeasures.has(id)) ownMeasures.set(id, []);
    ownMeasures.get(id).push([label.trim(), Number(grams), russian.trim()]);
  });
/**
 * A measure's noun and its closing detail in brackets, without a leading "1": "cup (8 fl oz)" is
 * a cup of 8 fl oz. Two labels name one measure when they are the same, or when one of ours (the
 * serving, curated-measures.tsv) gives no detail and has the other's noun: "1 can" and USDA's
 * "can (12 fl oz)" read alike on a diary line (lib/diary/measures.ts measureNoun). USDA's own
 * measures are told apart by their details ("thigh" and "thigh (yield from 1 lb ...)").
 */
function nameOf(label) {
  const text = label.trim().toLowerCase().replace(/^1\s+/, '');
  const detail = /\s*\(([^()]*)\)\s*$/.exec(text);
  return { noun: detail ? text.slice(0, detail.index) : text, detail: detail?.[1].trim() ?? '' };
}
function sameName(ours, theirs) {
  const [x, y] = [nameOf(ours), nameOf(theirs)];
  return x.noun === y.noun && (x.detail === y.detail || !x.detail);
}
/** Weights an entry keeps to 0.1 g: two measures closer than half of that are one size. */
const sameWeight = (a, b) => Math.abs(a - b) < 0.05;
const curatedMeasures = [];
const conflicts = [];
let duplicates = 0;
for (const item of curatedItems) {
  // [label, grams, russian, ours]: the serving and ours may clash with USDA's by noun alone.
  const listed = item.serving ? [[item.serving.en, item.serving.grams, item.serving.ru, true]] : [];
  const measures = [];
  const usdaLabels = new Set();
  const candidates = [
    ...(citedMeasures.get(item.ndb ?? item.usda) ?? []).map((measure) => [...measure, false]),
    ...(ownMeasures.get(item.id) ?? []).map((measure) => [...measure, true]),
  ];
  for (const candidate of candidates) {
    const [label, grams, russian, ours] = candidate;
    // A second size USDA gives under the very same label (white bread's two "slice") is
    // dropped too: one row per name, USDA's first.
    const again = !ours && usdaLabels.has(label);
    if (!ours) usdaLabels.add(label);
    if (again || listed.some(([, weight]) => sameWeight(weight, grams))) {
      duplicates++;
      continue;
    }
    const named = (a, b, aOurs, bOurs) => (aOurs && sameName(a, b)) || (bOurs && sameName(b, a));
    const clash = listed.find(
      ([en, , ru, listedOurs]) => named(en, label, listedOurs, ours) || named(ru, russian, listedOurs, ours),
    );
    if (clash)
      conflicts.push(
        `${item.id}: "${clash[0]}" / "${clash[2]}" ${clash[1]} g and "${label}" / "${russian}" ${grams} g`,
      );
    listed.push(candidate);
    measures.push([label, grams, russian]);
  }
  if (measures.length > 0) curatedMeasures.push([item.id, measures]);
}
if (conflicts.length > 0) fail(`measures of one name and two weights:\n${conflicts.join('\n')}`);
if (uncited.length > 0)
  console.log(
    `${uncited.length} curated foods cite an excerpt row Release 24 lacks, fibre and sugars only: ${uncited.join(', ')}`,
  );
// The nutrients, one file per group as the table's, and one of the curated foods by slug.
const nutrientHashes = [];
for (const [group, rows] of [...nutrientGroups, ['curated', curatedNutrients]].sort()) {
  const text = `{\n${rows.map(([key, values]) => `${JSON.stringify(key)}:${JSON.stringify(values)}`).join(',\n')}\n}\n`;
  put(new URL(`${group}.json`, NUTRIENTS_DIR), text);
  nutrientHashes.push([group, createHash('sha256').update(text).digest('hex').slice(0, 12)]);
}
put(
  NUTRIENT_GROUPS_FILE,
  `// Written by scripts/catalog/extract-usda-table.mjs: the catalog's nutrients in public/catalog/nutrients,
// one file per USDA food group (by NDB number) and one of the curated foods (by slug), by content hash.
export const NUTRIENT_GROUPS: ReadonlyArray<readonly [group: string, hash: string]> = [
${nutrientHashes.map(([group, hash]) => `  ['${group}', '${hash}'],`).join('\n')}
];
`,
);
put(
  CURATED_MEASURES,
  `{\n${curatedMeasures.map(([id, measures]) => `${JSON.stringify(id)}: ${JSON.stringify(measures)}`).join(',\n')}\n}\n`,
);
if (unlabelled.size > 0)
  fail(
    `usda-ru-measures.tsv lacks ${unlabelled.size} measures, e.g. ${[...unlabelled].slice(0, 5).join(' | ')}`,
  );
const unused = [...russianMeasures.keys()].filter((label) => !usedMeasures.has(label));
if (unused.length > 0)
  fail(`usda-ru-measures.tsv names measures no food has: ${unused.slice(0, 5).join(' | ')}`);
if (russianNames.size > 0)
  fail(`usda-ru-names.tsv names foods the table has not: ${[...russianNames.keys()].join(', ')}`);
const total = [...groups.values()].reduce((sum, rows) => sum + rows.length, 0);
console.log(
  `${total} foods in ${groups.size} groups; ${cited.size + citedNames.size} rows cited by the curated catalog left to it (${curatedMeasures.length} with measures, ${duplicates} measures of a size listed before left out), ${skippedEnergy} over ${MAX_KCAL} kcal left out`,
);
if (check && differs) process.exit(1);
