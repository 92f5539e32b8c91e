/*
 * The words the phrase reader (lib/diary/phrase-reader.ts) knows, English and Russian: measures
 * with their inflections, number words, the words that join items and the filler it drops. Words
 * are matched folded (lower case, ё as е), one token each; the reader tries longer phrases first.
 */

/** Household measures a food may be counted in, by the id the reader gives them in both languages. */
export const householdMeasureIds = [
  'cup',
  'slice',
  'piece',
  'tbsp',
  'tsp',
  'medium',
  'large',
  'small',
  'bowl',
  'glass',
  'can',
  'bottle',
  'handful',
  'pinch',
  'serving',
  'wedge',
  'cube',
  'strip',
  'scoop',
  'shot',
  'pat',
  'mug',
  'bag',
  'ear',
  'bar',
  'stick',
  'dash',
  'leaf',
] as const;
export type HouseholdMeasureId = (typeof householdMeasureIds)[number];

/** Units of weight, with grams in one. */
export const weightUnits = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 } as const;
export type WeightUnit = keyof typeof weightUnits;
/** Units of volume, with millilitres in one (fl oz and the pint are the US ones). */
export const volumeUnits = { ml: 1, l: 1000, floz: 29.5735295625, pint: 473.176473 } as const;
export type VolumeUnit = keyof typeof volumeUnits;

export type MeasureId = HouseholdMeasureId | WeightUnit | VolumeUnit;

/**
 * Each measure's spellings as whole-token patterns, one pattern per token of the phrase
 * ("fl oz" is two). Russian nouns carry every case and number people type after a count
 * ("стакан", "стакана", "стаканов", "полстакана" is read as "пол" + "стакана").
 */
export const MEASURE_PHRASES: readonly { id: MeasureId; words: readonly RegExp[] }[] = [
  // Two-word phrases first, so "fl oz" is not read as "fl" + an ounce.
  { id: 'floz', words: [/^fl$/, /^oz$/] },
  { id: 'floz', words: [/^fluid$/, /^ounces?$/] },
  { id: 'tbsp', words: [/^ст$/, /^л$/] },
  { id: 'tsp', words: [/^ч$/, /^л$/] },
  { id: 'tbsp', words: [/^столов(ая|ой|ую|ые|ых|ыми)$/, /^лож(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  { id: 'tsp', words: [/^чайн(ая|ой|ую|ые|ых|ыми)$/, /^лож(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  // "2 ст. ложки", "ч. ложка": the adjective cut short, the noun in full.
  { id: 'tbsp', words: [/^ст$/, /^лож(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  { id: 'tsp', words: [/^ч$/, /^лож(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  { id: 'scoop', words: [/^мерн(ая|ой|ую|ые|ых|ыми)$/, /^лож(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  { id: 'tbsp', words: [/^ст\.?л$/] },
  { id: 'tsp', words: [/^ч\.?л$/] },
  // A spoon named alone is a tablespoon: "ложка мёда".
  { id: 'tbsp', words: [/^лож(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  { id: 'cup', words: [/^cups?$/] },
  { id: 'cup', words: [/^стакан(|а|ов|ы|е|ом|ами|ах)$/] },
  { id: 'cup', words: [/^чаш(ка|ки|ку|кой|ке|ек|ками|ках)$/] },
  { id: 'slice', words: [/^slices?$/] },
  { id: 'slice', words: [/^ломтик(|а|ов|и|ом|ами|ах)$/] },
  { id: 'slice', words: [/^ломт(ь|я|ей|и)$/] },
  { id: 'piece', words: [/^(pieces?|pcs?)$/] },
  { id: 'piece', words: [/^кус(ок|ка|ков|ки|ком|ками|ках|очек|очка|очков|очки|очком)$/] },
  { id: 'piece', words: [/^(штук(|а|и|у|ой)|шт)$/] },
  { id: 'tbsp', words: [/^(tbsps?|tbs|tablespoons?)$/] },
  { id: 'tsp', words: [/^(tsps?|teaspoons?)$/] },
  { id: 'medium', words: [/^medium$/] },
  { id: 'medium', words: [/^средн(ий|его|ему|ее|яя|юю|ей|ие|их|ими)$/] },
  { id: 'large', words: [/^(large|big)$/] },
  { id: 'large', words: [/^(больш|крупн)(ой|ого|ому|ое|ая|ую|ий|ый|ые|ие|их|ыми|ими)$/] },
  { id: 'small', words: [/^small$/] },
  { id: 'small', words: [/^(маленьк|небольш|мелк)(ий|ого|ому|ое|ая|ую|ой|ие|их|ими)$/] },
  { id: 'bowl', words: [/^bowls?$/] },
  { id: 'bowl', words: [/^тарел(ка|ки|ку|кой|ке|ок|ками|ках)$/] },
  { id: 'glass', words: [/^glass(es)?$/] },
  { id: 'glass', words: [/^(бокал|фужер)(|а|ов|ы|е|ом|ами|ах)$/] },
  { id: 'can', words: [/^(cans?|tins?)$/] },
  { id: 'can', words: [/^бан(ка|ки|ку|кой|ке|ок|ками|ках)$/] },
  { id: 'bottle', words: [/^bottles?$/] },
  { id: 'bottle', words: [/^бутыл(ка|ки|ку|кой|ке|ок|ками|ках)$/] },
  { id: 'handful', words: [/^handfuls?$/] },
  { id: 'handful', words: [/^горст(ь|и|ей|ью|ями|ях)$/] },
  { id: 'pinch', words: [/^pinch(es)?$/] },
  // A stick of butter (113 g), where the food has one; a dash of a sauce or a spice.
  { id: 'stick', words: [/^sticks?$/] },
  { id: 'dash', words: [/^dash(es)?$/] },
  { id: 'leaf', words: [/^lea(f|ves)$/] },
  { id: 'pinch', words: [/^щепот(ка|ки|ку|кой|ке|ок|ь|и)$/] },
  { id: 'wedge', words: [/^wedges?$/] },
  { id: 'wedge', words: [/^дол(ька|ьки|ьку|ек|ькой|ьками)$/] },
  { id: 'cube', words: [/^(cubes?|lumps?)$/] },
  { id: 'cube', words: [/^куб(ик|ика|иков|ики|иком)$/] },
  { id: 'strip', words: [/^(strips?|rashers?)$/] },
  { id: 'strip', words: [/^полос(ка|ки|ку|ок|кой|ками)$/] },
  { id: 'scoop', words: [/^scoops?$/] },
  { id: 'shot', words: [/^shots?$/] },
  { id: 'shot', words: [/^(рюм|стоп)(ка|ки|ку|ок|кой|ками)$/] },
  { id: 'pat', words: [/^pats?$/] },
  { id: 'mug', words: [/^mugs?$/] },
  { id: 'mug', words: [/^круж(ка|ки|ку|ек|кой|ке|ками)$/] },
  { id: 'bag', words: [/^(bags?|packets?|packs?|sachets?)$/] },
  { id: 'bag', words: [/^(пач(ка|ки|ку|ек|кой)|пакет(|а|ов|ик|ика|иков))$/] },
  { id: 'ear', words: [/^ears?$/] },
  { id: 'ear', words: [/^поч(аток|атка|атков|атки)$/] },
  { id: 'bar', words: [/^bars?$/] },
  { id: 'bar', words: [/^плит(ка|ки|ку|ок|кой)$/] },
  { id: 'serving', words: [/^(servings?|portions?)$/] },
  { id: 'serving', words: [/^порци(я|и|ю|ей|й|ями|ях)$/] },
  { id: 'g', words: [/^(g|gr|grams?|grammes?|gms?)$/] },
  { id: 'g', words: [/^(г|гр|грамм|граммов|грамма|граммы|граммами)$/] },
  { id: 'kg', words: [/^(kg|kgs|kilos?|kilograms?)$/] },
  { id: 'kg', words: [/^(кг|килограмм(|а|ов)|кило)$/] },
  { id: 'oz', words: [/^(oz|ounces?)$/] },
  { id: 'lb', words: [/^(lbs?|pounds?)$/] },
  { id: 'ml', words: [/^(ml|millilitres?|milliliters?)$/] },
  { id: 'ml', words: [/^(мл|миллилитр(|а|ов))$/] },
  { id: 'l', words: [/^(l|litres?|liters?|ltr)$/] },
  { id: 'l', words: [/^(л|литр(|а|ов|ы))$/] },
  { id: 'pint', words: [/^(pints?|pt)$/] },
  { id: 'pint', words: [/^пинт(а|ы|у|ой|ах)?$/] },
];

/** Words whose dot marks an abbreviation ("ст. л.", "oz."), not the end of a sentence. */
export const ABBREVIATIONS = new Set([
  ...['ст', 'ч', 'л', 'шт', 'г', 'гр', 'кг', 'мл', 'стол', 'чайн'],
  ...['tbsp', 'tbs', 'tsp', 'oz', 'fl', 'lb', 'lbs', 'g', 'gr', 'kg', 'ml', 'pc', 'pcs'],
]);

/** Number words worth a value on their own (units, teens, tens, hundreds). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  один: 1,
  одна: 1,
  одно: 1,
  одну: 1,
  одного: 1,
  одной: 1,
  два: 2,
  две: 2,
  двух: 2,
  три: 3,
  трех: 3,
  четыре: 4,
  четырех: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  одиннадцать: 11,
  двенадцать: 12,
  тринадцать: 13,
  четырнадцать: 14,
  пятнадцать: 15,
  шестнадцать: 16,
  семнадцать: 17,
  восемнадцать: 18,
  девятнадцать: 19,
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  сто: 100,
  двести: 200,
  триста: 300,
  четыреста: 400,
  пятьсот: 500,
};

/** Words worth a value that start a count but take no number after them ("a dozen", "полтора"). */
export const AMOUNT_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  half: 0.5,
  dozen: 12,
  couple: 2,
  pair: 2,
  пол: 0.5,
  половина: 0.5,
  половину: 0.5,
  половинка: 0.5,
  половинку: 0.5,
  полтора: 1.5,
  полторы: 1.5,
  пара: 2,
  пару: 2,
  парочку: 2,
  дюжина: 12,
  дюжину: 12,
};

/** Vulgar fraction characters and their values. */
export const FRACTION_CHARS: Readonly<Record<string, number>> = {
  '½': 1 / 2,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
  '⅕': 1 / 5,
};

/** Words that join two items of a list. */
export const JOINERS = new Set(['and', 'plus', 'и', 'then', 'потом', 'ещё', 'еще']);
/** Words that join a food to what it was had with: a later layer may read both as one food. */
export const WITH_JOINERS = new Set(['with', 'с', 'со']);

/** Filler phrases dropped before a count, a measure or a food, longest first. */
export const FILLERS: readonly (readonly string[])[] = [
  ['a', 'bit', 'of'],
  ['a', 'little', 'bit', 'of'],
  ['a', 'little'],
  ['i', 'have', 'had'],
  ["i've", 'had'],
  ["i've", 'eaten'],
  ['i', 'had'],
  ['i', 'ate'],
  ['i', 'drank'],
  ['i', 'just', 'had'],
  ['i', 'just', 'ate'],
  ['had'],
  ['ate'],
  ['drank'],
  ['of'],
  ['some'],
  ['about'],
  ['approximately'],
  ['around'],
  ['я'],
  ['съел'],
  ['съела'],
  ['съел(а)'],
  ['выпил'],
  ['выпила'],
  ['выпил(а)'],
  ['поел'],
  ['поела'],
  ['ел'],
  ['ела'],
  ['немного'],
  ['немножко'],
  ['чуть-чуть'],
  ['около'],
  ['примерно'],
  ['где-то'],
];

/** Phrases that name the meal, read for the whole text and dropped from its items. */
export const MEAL_PHRASES: readonly {
  words: readonly string[];
  meal: 'breakfast' | 'lunch' | 'dinner' | 'snacks';
}[] = [
  { words: ['for', 'breakfast'], meal: 'breakfast' },
  { words: ['at', 'breakfast'], meal: 'breakfast' },
  { words: ['for', 'lunch'], meal: 'lunch' },
  { words: ['at', 'lunch'], meal: 'lunch' },
  { words: ['for', 'dinner'], meal: 'dinner' },
  { words: ['at', 'dinner'], meal: 'dinner' },
  { words: ['for', 'supper'], meal: 'dinner' },
  { words: ['for', 'a', 'snack'], meal: 'snacks' },
  { words: ['as', 'a', 'snack'], meal: 'snacks' },
  { words: ['for', 'snack'], meal: 'snacks' },
  { words: ['for', 'snacks'], meal: 'snacks' },
  { words: ['на', 'завтрак'], meal: 'breakfast' },
  { words: ['за', 'завтраком'], meal: 'breakfast' },
  { words: ['на', 'обед'], meal: 'lunch' },
  { words: ['за', 'обедом'], meal: 'lunch' },
  { words: ['на', 'ужин'], meal: 'dinner' },
  { words: ['за', 'ужином'], meal: 'dinner' },
  { words: ['на', 'перекус'], meal: 'snacks' },
  { words: ['на', 'полдник'], meal: 'snacks' },
  // A meal named alone, as a heading ("Breakfast: eggs").
  { words: ['breakfast'], meal: 'breakfast' },
  { words: ['lunch'], meal: 'lunch' },
  { words: ['dinner'], meal: 'dinner' },
  { words: ['snack'], meal: 'snacks' },
  { words: ['snacks'], meal: 'snacks' },
  { words: ['завтрак'], meal: 'breakfast' },
  { words: ['обед'], meal: 'lunch' },
  { words: ['ужин'], meal: 'dinner' },
  { words: ['перекус'], meal: 'snacks' },
];
