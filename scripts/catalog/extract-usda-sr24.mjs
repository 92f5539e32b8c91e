// Writes the USDA rows of lib/catalog/reference/usda-sr.csv, the excerpt the catalog's `usda`
// items are checked against, so every figure can be traced to public-domain USDA data and
// re-derived. A development tool: npm test only reads the CSV, it never runs this.
//
//   node scripts/catalog/extract-usda-sr24.mjs <sr24-dir> [NDB ...] [--excerpt <csv>] [--check]
//
// <sr24-dir>  the usda_sr24 folder of Debian's cronometer package (USDA SR, Release 24, one
//             NNNNN.xml per food, plus foods.index), see lib/catalog/reference/README.md.
// NDB ...     SR24 numbers to extract; by default every `ndb: '…'` in catalog-data.ts.
// --excerpt   also re-copy the rows without an NDB number (items that name their row by its
//             description only) from that CSV, e.g. ../shared/reference/usda-sr-foods.csv;
//             without it those rows are kept as they are in the file.
// --check     write nothing; exit 1 if the file differs from what would be written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CSV_URL = new URL('../../lib/catalog/reference/usda-sr.csv', import.meta.url);
const DATA_URL = new URL('../../lib/catalog/catalog-data.ts', import.meta.url);
const HEADER = ['source', 'ndb', 'name', 'kcal', 'protein_g', 'fat_g', 'carbs_g', 'fiber_g', 'sugar_g'];
// SR24 nutrient names (cronometer's) for the CSV's figure columns, in column order.
const NUTRIENTS = ['Energy', 'Protein', 'Fat', 'Carbs', 'Fiber', 'Sugars'];

function fail(message) {
  console.error(`extract-usda-sr24: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { dir: null, ndbs: [], excerpt: null, check: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--check') options.check = true;
    else if (arg === '--excerpt') options.excerpt = argv[++i] ?? fail('--excerpt needs a file');
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (options.dir === null) options.dir = arg;
    else if (/^\d{5}$/.test(arg)) options.ndbs.push(arg);
    else fail(`not a five-digit NDB number: ${arg}`);
  }
  if (options.dir === null) {
    fail('usage: extract-usda-sr24.mjs <sr24-dir> [NDB ...] [--excerpt <csv>] [--check]');
  }
  return options;
}

/** RFC 4180 fields of one line: quoted fields and "" escapes, no line breaks inside fields. */
function parseCsvLine(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

function readCsv(file) {
  const [head, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
  const header = parseCsvLine(head);
  return lines.map((line) => {
    const fields = parseCsvLine(line);
    return Object.fromEntries(header.map((name, i) => [name, fields[i] ?? '']));
  });
}

function csvField(value) {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The catalog's usda items as { id, usda, ndb }, read from the data file's one-line items. */
function catalogUsdaItems() {
  const items = [];
  for (const line of readFileSync(DATA_URL, 'utf8').split('\n')) {
    const id = /^\s*\{ id: '([^']+)'/.exec(line)?.[1];
    if (!id || !line.includes("source: 'usda'")) continue;
    // Single-quoted as a rule; double-quoted where USDA's description has an apostrophe.
    const usda = /usda: (?:'([^']*)'|"([^"]*)")/
      .exec(line)
      ?.slice(1)
      .find((text) => text !== undefined);
    if (usda === undefined) fail(`item ${id} has no usda description`);
    items.push({ id, usda, ndb: /ndb: '(\d{5})'/.exec(line)?.[1] ?? null });
  }
  return items;
}

function decodeXml(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributes(tag) {
  return Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], decodeXml(m[2])]));
}

/** One SR24 food as a CSV row: description and the figures per 100 g, as USDA gives them. */
function sr24Row(dir, ndb) {
  const xml = readFileSync(path.join(dir, `${ndb}.xml`), 'utf8');
  const food = attributes(/<food\b([^>]*)>/.exec(xml)?.[1] ?? '');
  if (food.uid !== ndb || !food.name) fail(`${ndb}.xml does not describe food ${ndb}`);
  const amounts = {};
  for (const match of xml.matchAll(/<nutrient\b([^>]*)\/>/g)) {
    const { name, amount } = attributes(match[1]);
    amounts[name] = amount;
  }
  if (amounts.Energy === undefined) fail(`${ndb} (${food.name}) has no energy figure`);
  // "89.0" → "89", "0.0090" → "0.009": the same numbers, written the way the excerpt writes them.
  const figures = NUTRIENTS.map((name) => (amounts[name] === undefined ? '' : String(Number(amounts[name]))));
  return { source: 'sr24', ndb, name: food.name, figures };
}

const options = parseArgs(process.argv.slice(2));
const items = catalogUsdaItems();
const ndbs = [...new Set(options.ndbs.length > 0 ? options.ndbs : items.flatMap((item) => item.ndb ?? []))];

// foods.index lists the foods of Release 24; the folder also holds rows of earlier releases
// that USDA had retired (deprecated.index), which must not be cited as SR24.
const indexFile = path.join(options.dir, 'foods.index');
if (!existsSync(indexFile)) fail(`${indexFile} not found: is ${options.dir} the usda_sr24 folder?`);
const current = new Set(
  readFileSync(indexFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('|')[0]),
);
for (const ndb of ndbs) {
  if (!current.has(ndb)) fail(`${ndb} is not a food of SR24 (retired, or no such number)`);
}

const existing = existsSync(CSV_URL) ? readCsv(CSV_URL) : [];
let excerptRows = existing.filter((row) => row.source === 'excerpt');
if (options.excerpt) {
  const byName = new Map(readCsv(options.excerpt).map((row) => [row.name, row]));
  const names = [...new Set(items.filter((item) => !item.ndb).map((item) => item.usda))].sort();
  excerptRows = names.map((name) => {
    const row = byName.get(name) ?? fail(`no row "${name}" in ${options.excerpt}`);
    return { source: 'excerpt', ndb: '', ...row };
  });
}

const sr24Rows = ndbs.sort().map((ndb) => sr24Row(options.dir, ndb));
const lines = [
  HEADER.join(','),
  ...excerptRows.map((row) => HEADER.map((column) => csvField(row[column] ?? '')).join(',')),
  ...sr24Rows.map((row) => [row.source, row.ndb, row.name, ...row.figures].map(csvField).join(',')),
];
const text = `${lines.join('\n')}\n`;
const relative = path.relative(process.cwd(), CSV_URL.pathname);

if (options.check) {
  const same = existsSync(CSV_URL) && readFileSync(CSV_URL, 'utf8') === text;
  console.log(same ? `${relative} is up to date` : `${relative} differs from the sources`);
  process.exit(same ? 0 : 1);
}
writeFileSync(CSV_URL, text);
console.log(`${relative}: ${excerptRows.length} excerpt rows, ${sr24Rows.length} SR24 rows`);
