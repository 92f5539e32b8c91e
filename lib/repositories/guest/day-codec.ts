import { meals } from '@/lib/schemas/common';
import { daySchema, type Day } from '@/lib/schemas/day';
import { amountUnitSchema, type Entry } from '@/lib/schemas/entry';

/**
 * The stored form of a day under `dashboard-{date}`. Ten years of a diary (3,650 days, ~8
 * entries a day) must fit the browser's 5 MB localStorage, so entries are stored as arrays
 * rather than objects, ids as 22 base64url characters, and times as epoch seconds. The record
 * still carries its `date`, as the seed's contract says. `v` marks this layout.
 *
 *   [id, meal, food, name, amount, unit, grams, kcal, protein, fat, carbs, loggedAt, updatedAt - loggedAt]
 */
export const DAY_RECORD_VERSION = 1;

type StoredEntry = [
  id: string,
  meal: number,
  food: number | string | null,
  name: string,
  amount: number,
  unit: number,
  grams: number | null,
  kcal: number,
  protein: number,
  fat: number,
  carbs: number,
  loggedAt: number,
  updatedDelta?: number,
];

type StoredDay = {
  date: string;
  goal: number;
  weight: number | null;
  updatedAt: string;
  v: number;
  e: StoredEntry[];
};

const units = amountUnitSchema.options;

/** 36-character UUID to 22 base64url characters. */
export function compactUuid(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  let binary = '';
  for (let index = 0; index < 32; index += 2)
    binary += String.fromCharCode(parseInt(hex.slice(index, index + 2), 16));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 22 base64url characters back to the 36-character UUID. */
export function expandUuid(compact: string): string {
  const binary = atob(compact.replace(/-/g, '+').replace(/_/g, '/') + '==');
  const hex = Array.from(binary, (char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const toSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

function encodeEntry(entry: Entry): StoredEntry {
  const loggedAt = toSeconds(entry.loggedAt);
  const delta = toSeconds(entry.updatedAt) - loggedAt;
  const stored: StoredEntry = [
    compactUuid(entry.id),
    meals.indexOf(entry.meal),
    entry.food,
    entry.name,
    entry.amount,
    units.indexOf(entry.unit),
    entry.grams,
    entry.kcal,
    entry.protein,
    entry.fat,
    entry.carbs,
    loggedAt,
  ];
  if (delta !== 0) stored.push(delta);
  return stored;
}

function decodeEntry(stored: StoredEntry): unknown {
  const [id, meal, food, name, amount, unit, grams, kcal, protein, fat, carbs, loggedAt, delta = 0] = stored;
  return {
    id: expandUuid(id),
    meal: meals[meal],
    food,
    name,
    amount,
    unit: units[unit],
    grams,
    kcal,
    protein,
    fat,
    carbs,
    loggedAt: toIso(loggedAt),
    updatedAt: toIso(loggedAt + delta),
  };
}

/** The JSON text stored for a day. */
export function encodeDay(day: Day): string {
  const stored: StoredDay = {
    date: day.date,
    goal: day.goal,
    weight: day.weight,
    updatedAt: day.updatedAt,
    v: DAY_RECORD_VERSION,
    e: day.entries.map(encodeEntry),
  };
  return JSON.stringify(stored);
}

/**
 * Reads a stored day (the compact layout, or a plain `entries` array of objects) and validates
 * it. Answers the zod error for a record that does not hold together, never a half-read day.
 */
export function decodeDay(text: string): { ok: true; day: Day } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, reason: 'not an object' };
  const record = raw as Partial<StoredDay> & { entries?: unknown };
  let entries: unknown = record.entries;
  if (Array.isArray(record.e)) {
    try {
      entries = record.e.map((stored) => {
        if (!Array.isArray(stored) || typeof stored[0] !== 'string' || typeof stored[11] !== 'number') {
          throw new Error('malformed entry');
        }
        return decodeEntry(stored);
      });
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : 'malformed entry' };
    }
  }
  const parsed = daySchema.safeParse({
    date: record.date,
    goal: record.goal,
    weight: record.weight ?? null,
    updatedAt: record.updatedAt,
    entries,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, day: parsed.data };
}
