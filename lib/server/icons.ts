import 'server-only';
import type { IconifyJSON } from '@iconify/types';
import { getIcons } from '@iconify/utils';
import type { IconPrefix } from '@/lib/icons/sets';

// Each set is a few hundred kB to a few MB of JSON: load it on first use and keep it.
const loaders: Record<IconPrefix, () => Promise<{ default: IconifyJSON }>> = {
  heroicons: () => import('@iconify-json/heroicons/icons.json') as Promise<{ default: IconifyJSON }>,
  mdi: () => import('@iconify-json/mdi/icons.json') as Promise<{ default: IconifyJSON }>,
  lucide: () => import('@iconify-json/lucide/icons.json') as Promise<{ default: IconifyJSON }>,
  'circle-flags': () => import('@iconify-json/circle-flags/icons.json') as Promise<{ default: IconifyJSON }>,
};
const cache = new Map<IconPrefix, Promise<IconifyJSON>>();

function loadSet(prefix: IconPrefix): Promise<IconifyJSON> {
  let set = cache.get(prefix);
  if (!set) {
    set = loaders[prefix]().then((module) => module.default);
    cache.set(prefix, set);
  }
  return set;
}

/**
 * The requested icons of one set in the Iconify API format: `{prefix, icons, aliases?, width,
 * height}`, with names the set does not have listed under `not_found`.
 */
export async function getIconSubset(prefix: IconPrefix, names: string[]): Promise<IconifyJSON> {
  const set = await loadSet(prefix);
  // Only the set's own names: `constructor` or `__proto__` would otherwise be found on every
  // object's prototype and answered as an empty icon.
  const has = (name: string) => Object.hasOwn(set.icons, name) || Object.hasOwn(set.aliases ?? {}, name);
  const known = names.filter(has);
  const unknown = names.filter((name) => !has(name));
  const subset = (known.length > 0 ? getIcons(set, known, true) : null) ?? { prefix, icons: {} };
  const notFound = [...(subset.not_found ?? []), ...unknown];
  return {
    ...subset,
    ...(notFound.length > 0 ? { not_found: notFound } : {}),
    width: set.width ?? 16,
    height: set.height ?? 16,
  };
}
