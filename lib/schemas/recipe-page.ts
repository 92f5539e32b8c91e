import { z } from '@/lib/schemas/zod';
import { RECIPE_PAGES } from '@/lib/limits';

/*
 * POST /api/recipes/read: the recipes a web page states (schema.org Recipe, lib/recipes/schema-org.ts),
 * read by the server, which fetches the page (lib/server/recipes/fetch-page.ts). Reading writes
 * nothing; the client matches the ingredient lines to foods on the device and saves what the user
 * confirms as a recipe of the library.
 */

export const recipePageRequestSchema = z.object({
  url: z
    .string()
    .check(z.minLength(RECIPE_PAGES.addressLength.min), z.maxLength(RECIPE_PAGES.addressLength.max)),
});
export type RecipePageRequest = z.infer<typeof recipePageRequestSchema>;

const perServing = z.nullable(z.number());

export const pageRecipeSchema = z.object({
  name: z.string(),
  ingredients: z.array(z.string()),
  servings: z.nullable(z.number()),
  yieldText: z.nullable(z.string()),
  steps: z.array(z.string()),
  image: z.nullable(z.string()),
  totalMinutes: z.nullable(z.number()),
  /** What the page says a serving holds, where it says so. */
  nutrition: z.nullable(
    z.object({ kcal: perServing, protein: perServing, fat: perServing, carbs: perServing }),
  ),
});
export type PageRecipeAnswer = z.infer<typeof pageRecipeSchema>;

/** The page's address after redirects, and its recipes in page order (none: the page states none). */
export const recipePageAnswerSchema = z.object({ url: z.string(), recipes: z.array(pageRecipeSchema) });
export type RecipePageAnswer = z.infer<typeof recipePageAnswerSchema>;

/** Why a page was not read: the server would not or could not fetch it (lib/server/recipes/fetch-page.ts). */
export const pageRefusals = [
  /** Not a URL, not http or https, or carries a user name or password. */
  'badAddress',
  /** Resolves (or redirects) to an address that is not public: loopback, private, link-local, metadata… */
  'privateAddress',
  'tooManyRedirects',
  /** The body is over the limit, by Content-Length or as read. */
  'tooLarge',
  /** The whole fetch, redirects included, took longer than allowed. */
  'timeout',
  /** Not an HTML page (nor JSON-LD). */
  'notHtml',
  /** DNS failed, the connection was refused or dropped, TLS failed. */
  'unreachable',
  /** The site answered with an error (status kept). */
  'httpError',
] as const;
export type PageRefusalReason = (typeof pageRefusals)[number];

export const recipePageRefusedSchema = z.object({
  error: z.literal('pageRefused'),
  reason: z.enum(pageRefusals),
  /** The site's own status, for `httpError`. */
  status: z.optional(z.number()),
});
