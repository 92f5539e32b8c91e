import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { USDA_GROUPS } from '@/lib/catalog/usda-groups';
import { foodOfUsdaRow } from '@/lib/catalog/usda-table';

/** A group's file of public/catalog/usda as the browser fetches it. */
export function usdaGroupText(group: string): string {
  return readFileSync(path.join(process.cwd(), 'public/catalog/usda', `${group}.json`), 'utf8');
}

/** The whole USDA table as loadUsdaTable() gives it, read from disk. */
export const usdaTableFoods: readonly CatalogFood[] = USDA_GROUPS.flatMap(([group]) =>
  (JSON.parse(usdaGroupText(group)) as Parameters<typeof foodOfUsdaRow>[0][]).map(foodOfUsdaRow),
);
