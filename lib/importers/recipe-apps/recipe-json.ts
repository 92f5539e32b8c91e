import { z } from '@/lib/schemas/zod';
import { parseJsonFile } from '../json';
import type { ImportFile } from '../types';

export type JsonObject = { [key: string]: unknown };

/** A recipe app's JSON file: an object or a list; anything else is refused as not a recipe file. */
export function parseRecipeJson(file: ImportFile): JsonObject | unknown[] {
  return parseJsonFile(file, z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]));
}

/** A recipe app's JSON file that holds one recipe: an object; a list is refused. */
export function parseRecipeObject(file: ImportFile): JsonObject {
  return parseJsonFile(file, z.record(z.string(), z.unknown()));
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's text: a string as it is, a number written out, anything else nothing. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A field's number, also when an app wrote it as text ("1.000"); null otherwise. */
export function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value.trim().replace(',', '.')) : value;
  return typeof number === 'number' &&
    Number.isFinite(number) &&
    (typeof value !== 'string' || value.trim() !== '')
    ? number
    : null;
}

/** A field that should be a list of objects, its objects; anything else holds none. */
export function objectsOf(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The name of a named object ({"name": "cup"}), or the text itself. */
export function nameOf(value: unknown): string | null {
  const name = isObject(value) ? value.name : value;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}
