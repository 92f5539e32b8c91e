import 'server-only';
import { RECIPE_PAGES } from '@/lib/limits';
import { recipesOfPage } from '@/lib/recipes/schema-org';
import type { RecipePageAnswer } from '@/lib/schemas/recipe-page';
import { addressKey } from '@/lib/server/address-key';
import { env } from '@/lib/server/env';
import { HttpError, mustWait } from '@/lib/server/http';
import { ClientWindows } from '@/lib/server/sliding-window';
import { fetchRecipePage, PageFetchError } from './fetch-page';

// Per server process: globalThis, because Next bundles route handlers separately and two copies
// of this module must not keep two counts.
const holder = globalThis as typeof globalThis & { __recipePages?: ClientWindows };

/** Who a read counts against: the account, or a guest's address (an IPv6 /64). */
export const pageClient = (userId: string | null, address: string) =>
  userId ? `account:${userId}` : `address:${addressKey(address)}`;

/**
 * The recipes of the page at `url`, for `client`: 429 past the client's pages a minute, 422
 * `pageRefused` with the reason when the page is not fetched (a private address, too large, too
 * slow…). A page that states no recipe answers none.
 */
export async function readRecipePage(url: string, client: string): Promise<RecipePageAnswer> {
  holder.__recipePages ??= new ClientWindows(RECIPE_PAGES.perClient.windowMs);
  const wait = holder.__recipePages.take(client, RECIPE_PAGES.perClient.max, Date.now());
  if (wait) throw mustWait(429, 'tooManyPages', wait.retryAfter);
  try {
    const allowHosts = env.RECIPE_PAGE_HOSTS.split(',')
      .map((host) => host.trim())
      .filter(Boolean);
    const page = await fetchRecipePage(url, { allowHosts });
    const recipes = recipesOfPage(page.html).map((recipe) => ({
      ...recipe,
      image: recipe.image === null ? null : webAddressOn(page.url, recipe.image),
    }));
    return { url: page.url, recipes };
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    throw new HttpError(422, {
      error: 'pageRefused',
      reason: error.refusal,
      ...(error.status === undefined ? {} : { status: error.status }),
    });
  }
}

/** A page's image address made whole against the page ("/img/a.jpg"), or null when it is no web address. */
function webAddressOn(page: string, address: string): string | null {
  try {
    const whole = new URL(address, page);
    return whole.protocol === 'http:' || whole.protocol === 'https:' ? whole.href : null;
  } catch {
    return null;
  }
}
