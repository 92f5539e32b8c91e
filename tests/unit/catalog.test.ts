import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogCategories } from '@/lib/catalog/categories';
import { catalogFoods, type CatalogFood } from '@/lib/catalog/catalog-data';

// The USDA rows the catalog cites, kept in the repository (lib/catalog/reference/README.md).
const CSV_PATH = path.resolve(__dirname, '../../lib/catalog/reference/usda-sr.csv');
const DATA_PATH = path.resolve(__dirname, '../../lib/catalog/catalog-data.ts');

/**
 * Items whose energy legitimately differs from 4·protein + 4·carbs + 9·fat (+ 7·alcohol) by more
 * than the tolerance. Keep this list short (under 10) and give the reason for each entry.
 */
const ENERGY_EXCEPTIONS: Record<string, string> = {
  // SR24 gives unsweetened cocoa powder 228 kcal, from USDA's specific factors for cocoa and its
  // 33 g of fibre, far below the general-factor sum (≈ 433 kcal).
  'cocoa-powder': 'unsweetened cocoa powder, specific Atwater factors',
};

function energyFromMacros(food: CatalogFood): number {
  return 4 * food.protein + 4 * food.carbs + 9 * food.fat + 7 * (food.alcohol ?? 0);
}

type CsvRow = {
  /** 'excerpt': copied from the earlier SR excerpt, found by name; 'sr24': SR24, found by NDB. */
  source: 'excerpt' | 'sr24';
  ndb: string;
  name: string;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
};

/** Minimal RFC 4180 reader: quoted fields, "" escapes, no line breaks inside fields. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field);
  return fields;
}

function readUsdaCsv(file: string): CsvRow[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
  const header = parseCsvLine(lines[0] ?? '');
  const col = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`column ${name} missing from ${file}`);
    return index;
  };
  const [iSource, iNdb, iName, iKcal, iProtein, iFat, iCarbs] = [
    col('source'),
    col('ndb'),
    col('name'),
    col('kcal'),
    col('protein_g'),
    col('fat_g'),
    col('carbs_g'),
  ];
  return lines.slice(1).map((line) => {
    const f = parseCsvLine(line);
    const source = f[iSource];
    if (source !== 'excerpt' && source !== 'sr24') throw new Error(`unknown source in ${line}`);
    return {
      source,
      ndb: f[iNdb] ?? '',
      name: f[iName] ?? '',
      kcal: Number(f[iKcal]),
      protein: Number(f[iProtein]),
      fat: Number(f[iFat]),
      carbs: Number(f[iCarbs]),
    };
  });
}

const csvRows = readUsdaCsv(CSV_PATH);
const excerptByName = new Map(
  csvRows.filter((row) => row.source === 'excerpt').map((row) => [row.name, row]),
);
const sr24ByNdb = new Map(csvRows.filter((row) => row.source === 'sr24').map((row) => [row.ndb, row]));

/** The CSV row an item cites: by NDB number for SR24 items, by description for the others. */
function rowOf(food: CatalogFood): CsvRow | undefined {
  return food.ndb === undefined ? excerptByName.get(food.usda ?? '') : sr24ByNdb.get(food.ndb);
}

/** The comment line directly above each item in the data file, keyed by item id. */
function commentsAboveItems(): Map<string, string> {
  const lines = fs.readFileSync(DATA_PATH, 'utf8').split('\n');
  const comments = new Map<string, string>();
  lines.forEach((line, index) => {
    const match = /^\s*\{ id: '([^']+)'/.exec(line);
    const above = lines[index - 1]?.trim() ?? '';
    if (match?.[1] && above.startsWith('//')) comments.set(match[1], above.slice(2).trim());
  });
  return comments;
}

const byId = new Map(catalogFoods.map((food) => [food.id, food]));

describe('food catalog: shape', () => {
  it('has at least 300 items', () => {
    expect(catalogFoods.length).toBeGreaterThanOrEqual(300);
  });

  it('has unique kebab-case ASCII ids', () => {
    const ids = catalogFoods.map((food) => food.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has non-empty names of at most 120 characters, unique per language (case-insensitive)', () => {
    for (const lang of ['en', 'ru'] as const) {
      const seen = new Map<string, string>();
      for (const food of catalogFoods) {
        const name = food[lang];
        expect(name.trim().length, `${food.id} ${lang}`).toBeGreaterThan(0);
        expect(name.length, `${food.id} ${lang}`).toBeLessThanOrEqual(120);
        const key = name.trim().toLowerCase();
        expect(seen.get(key), `${lang} name "${name}" of ${food.id}`).toBeUndefined();
        seen.set(key, food.id);
      }
    }
  });

  it('writes Russian names in Cyrillic, without Latin letters', () => {
    for (const food of catalogFoods) {
      expect(food.ru, food.id).toMatch(/[а-яё]/i);
      expect(food.ru, food.id).not.toMatch(/[a-z]/i);
    }
  });

  it('uses only known categories, each with at least 8 items', () => {
    for (const food of catalogFoods) expect(catalogCategories, food.id).toContain(food.category);
    for (const category of catalogCategories) {
      const count = catalogFoods.filter((food) => food.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives servings between 1 and 1000 g with names in both languages', () => {
    for (const food of catalogFoods) {
      if (!food.serving) continue;
      expect(food.serving.grams, food.id).toBeGreaterThanOrEqual(1);
      expect(food.serving.grams, food.id).toBeLessThanOrEqual(1000);
      expect(food.serving.en.trim(), food.id).not.toBe('');
      expect(food.serving.ru.trim(), food.id).not.toBe('');
    }
  });

  it('names the USDA row for every usda item and only for those', () => {
    for (const food of catalogFoods) {
      if (food.source === 'usda') expect(food.usda?.trim(), food.id).toBeTruthy();
      else expect(food.usda, food.id).toBeUndefined();
    }
  });
});

describe('food catalog: values', () => {
  it('keeps every value in range', () => {
    for (const food of catalogFoods) {
      expect(food.kcal, food.id).toBeGreaterThanOrEqual(0);
      expect(food.kcal, food.id).toBeLessThanOrEqual(900);
      for (const value of [food.protein, food.fat, food.carbs, food.alcohol ?? 0]) {
        expect(Number.isFinite(value), food.id).toBe(true);
        expect(value, food.id).toBeGreaterThanOrEqual(0);
        expect(value, food.id).toBeLessThanOrEqual(100);
      }
      expect(food.protein + food.fat + food.carbs, food.id).toBeLessThanOrEqual(100);
    }
  });

  it('gives alcohol only to drinks', () => {
    for (const food of catalogFoods) {
      if (food.alcohol !== undefined) expect(food.category, food.id).toBe('drinks');
    }
  });

  it('has energy consistent with the macros (and alcohol)', () => {
    const failures: string[] = [];
    for (const food of catalogFoods) {
      if (food.id in ENERGY_EXCEPTIONS) continue;
      const computed = energyFromMacros(food);
      if (Math.abs(food.kcal - computed) > Math.max(0.2 * food.kcal, 15)) {
        failures.push(`${food.id}: ${food.kcal} kcal vs ${computed.toFixed(1)} from macros`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the energy allow-list short and current', () => {
    const exceptions = Object.keys(ENERGY_EXCEPTIONS);
    expect(exceptions.length).toBeLessThan(10);
    for (const id of exceptions) {
      const food = byId.get(id);
      expect(food, id).toBeDefined();
      // An entry that no longer violates the rule should be removed.
      if (food) {
        expect(Math.abs(food.kcal - energyFromMacros(food)), id).toBeGreaterThan(
          Math.max(0.2 * food.kcal, 15),
        );
      }
    }
  });
});

describe('food catalog: sources', () => {
  it('reads a reference CSV of unique rows: excerpt rows by name, SR24 rows by NDB number', () => {
    const excerpt = csvRows.filter((row) => row.source === 'excerpt');
    const sr24 = csvRows.filter((row) => row.source === 'sr24');
    expect(excerptByName.size, 'duplicate excerpt names').toBe(excerpt.length);
    expect(sr24ByNdb.size, 'duplicate NDB numbers').toBe(sr24.length);
    for (const row of excerpt) expect(row.ndb, row.name).toBe('');
    for (const row of sr24) expect(row.ndb, row.name).toMatch(/^\d{5}$/);
    for (const row of csvRows) {
      for (const value of [row.kcal, row.protein, row.fat, row.carbs]) {
        expect(Number.isFinite(value), row.name).toBe(true);
      }
    }
  });

  it('gives an NDB number only to usda items, as five digits', () => {
    for (const food of catalogFoods) {
      if (food.ndb === undefined) continue;
      expect(food.source, food.id).toBe('usda');
      expect(food.ndb, food.id).toMatch(/^\d{5}$/);
    }
  });

  it('matches the USDA row of every usda item', () => {
    const problems: string[] = [];
    for (const food of catalogFoods) {
      if (food.source !== 'usda') continue;
      const row = rowOf(food);
      if (!row) {
        problems.push(`${food.id}: no CSV row ${food.ndb ?? ''} "${food.usda}"`);
        continue;
      }
      // An NDB number and a description must name the same row.
      if (row.name !== food.usda) problems.push(`${food.id}: usda "${food.usda}" ≠ row "${row.name}"`);
      if (food.kcal !== row.kcal) problems.push(`${food.id}: kcal ${food.kcal} ≠ ${row.kcal}`);
      // Macros are stored to one decimal: they must equal the CSV value rounded to one decimal.
      for (const key of ['protein', 'fat', 'carbs'] as const) {
        if (Math.abs(food[key] - row[key]) > 0.05 + 1e-9) {
          problems.push(`${food.id}: ${key} ${food[key]} ≠ ${row[key]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the reference CSV an excerpt: every row is cited by some item', () => {
    const cited = new Set(catalogFoods.map((food) => (food.source === 'usda' ? rowOf(food) : undefined)));
    const unused = csvRows.filter((row) => !cited.has(row)).map((row) => `${row.ndb} ${row.name}`.trim());
    expect(unused).toEqual([]);
  });

  it('documents and reproduces every recipe item', () => {
    const comments = commentsAboveItems();
    const problems: string[] = [];
    for (const food of catalogFoods) {
      if (food.source !== 'recipe') continue;
      const comment = comments.get(food.id) ?? '';
      if (!comment.startsWith('recipe:')) {
        problems.push(`${food.id}: no "// recipe:" comment above the item`);
        continue;
      }
      const [ingredientPart = '', ...rest] = comment.slice('recipe:'.length).split(';');
      const terms = [...ingredientPart.matchAll(/(\d+(?:\.\d+)?)% ([a-z0-9-]+)/g)];
      const yieldMatch = /yield (\d+(?:\.\d+)?)%/.exec(rest.join(';'));
      const yieldShare = yieldMatch ? Number(yieldMatch[1]) / 100 : 1;
      const total = terms.reduce((sum, term) => sum + Number(term[1]), 0);
      if (terms.length === 0 || Math.abs(total - 100) > 1e-6) {
        problems.push(`${food.id}: recipe shares add up to ${total}%, not 100%`);
        continue;
      }
      const sum = { kcal: 0, protein: 0, fat: 0, carbs: 0 };
      for (const [, share, id] of terms) {
        const ingredient = byId.get(id ?? '');
        if (!ingredient) {
          problems.push(`${food.id}: unknown ingredient ${id}`);
          continue;
        }
        for (const key of ['kcal', 'protein', 'fat', 'carbs'] as const) {
          sum[key] += (Number(share) / 100) * ingredient[key];
        }
      }
      if (Math.abs(food.kcal - sum.kcal / yieldShare) > 1) {
        problems.push(`${food.id}: kcal ${food.kcal} vs recipe ${(sum.kcal / yieldShare).toFixed(1)}`);
      }
      for (const key of ['protein', 'fat', 'carbs'] as const) {
        const expected = sum[key] / yieldShare;
        if (Math.abs(food[key] - expected) > 0.1 + 1e-9) {
          problems.push(`${food.id}: ${key} ${food[key]} vs recipe ${expected.toFixed(2)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the README', () => {
  it('counts the catalog as it is: its curated foods and the rows of the whole USDA table', () => {
    // It once said "812 foods" long after the whole USDA table had joined the search.
    const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const tableDir = path.resolve(__dirname, '../../public/catalog/usda');
    const tableRows = fs
      .readdirSync(tableDir)
      .filter((file) => file.endsWith('.json'))
      .reduce(
        (sum, file) =>
          sum + (JSON.parse(fs.readFileSync(path.join(tableDir, file), 'utf8')) as unknown[]).length,
        0,
      );
    const [, curated, usda] =
      /\(([\d,]+) curated foods[^)]*?the ([\d,]+) other foods of USDA SR/.exec(readme) ?? [];
    expect(Number(curated?.replace(/,/g, ''))).toBe(catalogFoods.length);
    expect(Number(usda?.replace(/,/g, ''))).toBe(tableRows);
  });
});
