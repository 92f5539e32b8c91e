/**
 * The catalog's categories, in the order the food page offers them for browsing. Kept apart
 * from the catalog's data so the page can draw its category buttons before the data arrives.
 */
export const catalogCategories = [
  'produce',
  'grains',
  'bakery',
  'dairy',
  'eggs',
  'meat',
  'fish',
  'legumes',
  'nuts',
  'dishes',
  'sweets',
  'drinks',
  'fats',
] as const;

export type CatalogCategory = (typeof catalogCategories)[number];
