import { isIconPrefix } from '@/lib/icons/sets';
import { getIconSubset } from '@/lib/server/icons';
import { methodNotAllowed } from '@/lib/server/http';
import { route } from '@/lib/server/route';

// Icon names are short kebab-case words; anything else is refused before touching a set.
const ICON_NAME = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const MAX_ICONS_PER_REQUEST = 100;

/** GET /api/icons/{prefix}.json?icons=a,b — the Iconify API, served from installed icon sets. */
export const GET = route('getIcons', async (request, _anyone, read) => {
  const { file } = await read.params();
  const prefix = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
  if (!isIconPrefix(prefix)) {
    return Response.json({ error: 'unknown_prefix', field: 'prefix' }, { status: 404 });
  }

  const list = new URL(request.url).searchParams.get('icons');
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) {
    return Response.json({ error: 'missing_icons', field: 'icons' }, { status: 400 });
  }
  if (names.length > MAX_ICONS_PER_REQUEST) {
    return Response.json({ error: 'too_many_icons', field: 'icons' }, { status: 400 });
  }

  const valid = names.filter((name) => ICON_NAME.test(name));
  const invalid = names.filter((name) => !ICON_NAME.test(name));
  const subset = valid.length > 0 ? await getIconSubset(prefix, valid) : { prefix, icons: {} };
  const notFound = [...(subset.not_found ?? []), ...invalid];

  return Response.json(notFound.length > 0 ? { ...subset, not_found: notFound } : subset, {
    // Installed sets change only with a deploy, so a browser may keep an answer for a day.
    headers: { 'cache-control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
