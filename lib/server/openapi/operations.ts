import 'server-only';
import type { $ZodType } from 'zod/v4/core';
import { LIMITS, megabytes, RECIPE_PAGES } from '@/lib/limits';
import { z } from '@/lib/schemas/zod';
import {
  accountDeleteSchema,
  apiErrorSchema,
  batchAnswerSchema,
  batchEnvelopeSchema,
  batchRequestSchema,
  dateRangeSchema,
  dayParamsSchema,
  dayPatchSchema,
  entryParamsSchema,
  entryPutSchema,
  foodDeleteQuerySchema,
  foodIdParamsSchema,
  foodPatchRequestSchema,
  importPlanSchema,
  importQuerySchema,
  logoutOthersSchema,
  passwordChangeSchema,
  settingsPatchRequestSchema,
  statsQuerySchema,
  statsSchema,
  userResponseSchema,
  userSchema,
  activityParamsSchema,
  baseUpdatedAtSchema,
} from '@/lib/schemas/api';
import { activitySchema } from '@/lib/schemas/activity';
import {
  tokenCreatedSchema,
  tokenCreateSchema,
  tokenInfoSchema,
  tokenParamsSchema,
} from '@/lib/schemas/api-token';
import type { TokenScope } from '@/lib/schemas/api-token';
import { loginSchema, registerSchema } from '@/lib/schemas/auth';
import { daySchema } from '@/lib/schemas/day';
import { entrySchema } from '@/lib/schemas/entry';
import { diaryExportSchema } from '@/lib/schemas/export';
import { foodFields, foodInputSchema, foodSchema } from '@/lib/schemas/food';
import { parseAnswerSchema, parseRequestSchema } from '@/lib/schemas/phrase';
import {
  recipePageAnswerSchema,
  recipePageRefusedSchema,
  recipePageRequestSchema,
} from '@/lib/schemas/recipe-page';
import { productQuerySchema, productResponseSchema, productSchema } from '@/lib/schemas/product';
import { catalogSearchAnswerSchema, catalogSearchQuerySchema } from '@/lib/schemas/catalog-search';
import { pushLoggedSchema, pushOwnerSchema, pushStateSchema, pushSubscribeSchema } from '@/lib/schemas/push';
import { settingsSchema } from '@/lib/schemas/settings';
import {
  shareCreatedSchema,
  shareCreateSchema,
  sharedDiarySchema,
  sharedParamsSchema,
  shareInfoSchema,
  shareParamsSchema,
} from '@/lib/schemas/share-link';

/**
 * Every operation of the public API, the route table: who may call it (`access`, which
 * lib/server/route.ts's route() checks before the handler runs), and the zod schemas its handler
 * validates with and answers by. lib/server/openapi/document.ts turns it into the OpenAPI 3.1
 * description (/api/openapi.json), and tests/unit/openapi.test.ts fails when a route of
 * app/api/api-routes.ts has a method this table lacks, or the other way round, or is not guarded
 * by its own operation. Route files cannot carry it themselves:
 * Next.js refuses exports other than the handlers there; lib/server/route.ts's route() reads
 * each handler's access and schemas here, and app/api/api-routes.ts serves it at `path`.
 */

/**
 * Who may call an operation: anyone; the browser session only (account changes, which a personal
 * access token never reaches); a personal access token only, whatever its scopes; or the owner of
 * the data by session or by a token with `scope`.
 */
export type Access = 'anyone' | 'session' | 'anyToken' | { token: TokenScope };

export type Answer = { description: string; schema?: $ZodType };

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The OpenAPI path: `{name}` for a segment. */
  path: string;
  id: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType;
  /** True when the body may be left out altogether (POST /api/auth/logout-others). */
  bodyOptional?: true;
  /**
   * What the body is read as first when the handler checks it further itself (a batch's changes,
   * each with an answer of its own; a food's fields, checked whole once merged onto the stored
   * food): `body` is then what the description publishes.
   */
  bodyReadAs?: $ZodType;
  /** The answers besides the error statuses every operation of its access may give. */
  answers: Record<number, Answer>;
  /**
   * False for the few operations that never read the database: every other one may answer 503
   * `unavailable`, with Retry-After, while the database cannot be reached.
   */
  database?: false;
};

export const tags = [
  'Diary',
  'Foods',
  'Account',
  'Transfer',
  'Sharing',
  'Reminders',
  'Tokens',
  'Assistants',
  'Service',
] as const;
export type Tag = (typeof tags)[number];

/** The shared records, each one component of the description, by name. */
export const namedSchemas = {
  Day: daySchema,
  Entry: entrySchema,
  Activity: activitySchema,
  Food: foodSchema,
  Settings: settingsSchema,
  User: userSchema,
  Stats: statsSchema,
  DiaryExport: diaryExportSchema,
  ImportPlan: importPlanSchema,
  TokenInfo: tokenInfoSchema,
  Product: productSchema,
  Error: apiErrorSchema,
} satisfies Record<string, $ZodType>;

const owner = <S extends TokenScope>(scope: S) => ({ token: scope }) as const;
const day: Answer = { description: 'The whole day after the change.', schema: daySchema };
const done: Answer = { description: 'Done; nothing to answer.' };
const notFound: Answer = { description: 'No such record of this user.', schema: apiErrorSchema };
const stale: Answer = {
  description:
    'A stale write (`baseUpdatedAt` is not the stored one): nothing was written; `current` is the record.',
  schema: apiErrorSchema,
};
const status = (...values: string[]) => z.object({ status: z.enum(values as [string, ...string[]]) });

/** A JSON-RPC 2.0 message of the Model Context Protocol; the protocol's own schema says the rest. */
const jsonRpc = z.looseObject({ jsonrpc: z.literal('2.0') });

/** The food fields PATCH /api/foods/{id} merges onto the stored food, which is then checked whole. */
const foodPatchSchema = z.extend(z.partial(foodFields), { baseUpdatedAt: baseUpdatedAtSchema });

export const operations = [
  {
    method: 'get',
    path: '/api/days',
    id: 'listDays',
    tag: 'Diary',
    summary: 'The written days of a range',
    description: 'Days in date order; a day nothing was written on is absent. At most 3,660 days a request.',
    access: owner('read'),
    query: dateRangeSchema,
    answers: { 200: { description: 'The days.', schema: z.array(daySchema) } },
  },
  {
    method: 'get',
    path: '/api/days/{date}',
    id: 'getDay',
    tag: 'Diary',
    summary: 'One day',
    access: owner('read'),
    params: dayParamsSchema,
    answers: {
      200: { description: 'The day.', schema: daySchema },
      404: { description: 'Nothing was written that day.', schema: apiErrorSchema },
    },
  },
  {
    method: 'patch',
    path: '/api/days/{date}',
    id: 'patchDay',
    tag: 'Diary',
    summary: "Sets a day's weight, water, goal or details (its note, its steps, its body measurements)",
    description:
      'A day not written yet is created with the goal in force. `details` changes only the keys it names; `null` removes one.',
    access: owner('write'),
    params: dayParamsSchema,
    body: dayPatchSchema,
    answers: { 200: day, 409: stale },
  },
  {
    method: 'put',
    path: '/api/days/{date}/entries/{id}',
    id: 'putEntry',
    tag: 'Diary',
    summary: 'Logs or replaces an entry',
    description:
      'The entry carries its name and nutrition as eaten: editing the food later never rewrites it. ' +
      'Ids are made by the client (UUIDs), so sending one twice changes nothing.',
    access: owner('write'),
    params: entryParamsSchema,
    body: entryPutSchema,
    answers: { 200: day, 409: stale },
  },
  {
    method: 'delete',
    path: '/api/days/{date}/entries/{id}',
    id: 'deleteEntry',
    tag: 'Diary',
    summary: 'Deletes an entry',
    access: owner('delete'),
    params: entryParamsSchema,
    answers: { 200: day, 404: notFound },
  },
  {
    method: 'put',
    path: '/api/days/{date}/activities/{id}',
    id: 'putActivity',
    tag: 'Diary',
    summary: 'Logs or replaces an activity',
    access: owner('write'),
    params: activityParamsSchema,
    body: activitySchema,
    answers: { 200: day },
  },
  {
    method: 'delete',
    path: '/api/days/{date}/activities/{id}',
    id: 'deleteActivity',
    tag: 'Diary',
    summary: 'Deletes an activity',
    access: owner('delete'),
    params: activityParamsSchema,
    answers: { 200: day, 404: notFound },
  },
  {
    method: 'post',
    path: '/api/batch',
    id: 'batch',
    tag: 'Diary',
    summary: 'Applies several changes of days in one transaction',
    description:
      'Each change is one of a day: putEntry, deleteEntry, setWeight, setWater, setGoal, putActivity or ' +
      'deleteActivity, with the date it changes and, for putEntry, the day version it was made on (base). ' +
      'They run in order; the first that fails is answered as its own route would answer it, stops the ' +
      'batch, and nothing of it is written; the changes before it are kept.',
    access: owner('write'),
    body: batchRequestSchema,
    bodyReadAs: batchEnvelopeSchema,
    answers: {
      200: { description: 'What was done, and the days as they are now.', schema: batchAnswerSchema },
    },
  },
  {
    method: 'get',
    path: '/api/changes',
    id: 'listenForChanges',
    tag: 'Diary',
    summary: 'Streams the account’s changes as they are made, by any device',
    description:
      'A `text/event-stream` (server-sent events) that stays open. Each event `change` carries JSON: ' +
      '`{"kind": "day", "date", "updatedAt"}` (null when the day was removed), `{"kind": "settings"}` or ' +
      '`{"kind": "foods"}`; read what changed again. An event `gap` says changes may have been missed: ' +
      'read everything again. A comment line comes every 25 s; a stopping server ends the stream, and ' +
      '`retry` tells a browser when to open it again.',
    access: owner('read'),
    answers: { 200: { description: 'The stream of events (`text/event-stream`).' } },
  },
  {
    method: 'get',
    path: '/api/stats',
    id: 'getStats',
    tag: 'Diary',
    summary: 'Totals per day of a range, averages and streaks',
    description: '`today` (default `to`) is the day the logging streak counts back from.',
    access: owner('read'),
    query: statsQuerySchema,
    answers: { 200: { description: 'The statistics.', schema: statsSchema } },
  },
  {
    method: 'get',
    path: '/api/foods',
    id: 'listFoods',
    tag: 'Foods',
    summary: "The user's own foods and recipes",
    access: owner('read'),
    answers: { 200: { description: 'The foods, by id.', schema: z.array(foodSchema) } },
  },
  {
    method: 'post',
    path: '/api/foods',
    id: 'createFood',
    tag: 'Foods',
    summary: 'Adds a food or a recipe',
    description: 'Figures are per 100 g.',
    access: owner('write'),
    body: foodInputSchema,
    answers: { 201: { description: 'The food with its id.', schema: foodSchema } },
  },
  {
    method: 'patch',
    path: '/api/foods/{id}',
    id: 'patchFood',
    tag: 'Foods',
    summary: 'Changes fields of a food',
    access: owner('write'),
    params: foodIdParamsSchema,
    body: foodPatchSchema,
    // Read loosely: the fields are merged onto the stored food and checked whole, after the
    // version (a stale write is a 409 whatever it sends).
    bodyReadAs: foodPatchRequestSchema,
    answers: { 200: { description: 'The food.', schema: foodSchema }, 404: notFound, 409: stale },
  },
  {
    method: 'delete',
    path: '/api/foods/{id}',
    id: 'deleteFood',
    tag: 'Foods',
    summary: 'Deletes a food',
    description: 'Entries logged from it keep their own copy of its figures.',
    access: owner('delete'),
    params: foodIdParamsSchema,
    query: foodDeleteQuerySchema,
    answers: { 204: done, 404: notFound, 409: stale },
  },
  {
    method: 'post',
    path: '/api/parse',
    id: 'parsePhrase',
    tag: 'Foods',
    summary: 'Reads what was eaten, in words, into foods and amounts',
    description:
      'English or Russian ("2 slices of bread and a cup of coffee", "два яйца и стакан кефира"): each item with the ' +
      "food chosen among the user's own foods and the catalog (own foods first when named alike), its amount in one of the " +
      "food's measures or in grams, its kcal, how `sure` the reading is, up to 5 alternatives and notes on what it guessed. " +
      `Writes nothing. Text past ${LIMITS.phraseLength.max.toLocaleString('en')} characters is not read (\`truncated\`); without \`locale\`, the user's language.`,
    access: owner('read'),
    body: parseRequestSchema,
    answers: {
      200: { description: 'The items read, and the meal the text named.', schema: parseAnswerSchema },
    },
  },
  {
    method: 'get',
    path: '/api/catalog/search',
    id: 'searchCatalogTable',
    tag: 'Foods',
    summary: 'The USDA table rows a query needs while the browser fetches the table',
    description:
      'No account needed. For a query, or a phrase naming several foods, the rows of the USDA table among the best 50 ' +
      'answers over the whole built-in catalog (curated foods and table), for the whole text and for each food it names, ' +
      'in the form of `/catalog/usda/<group>.json`. A browser that has the curated foods and these ranks its first 50 ' +
      'answers as the whole catalog does, while the table (about 270 KB) is still on its way.',
    access: 'anyone',
    query: catalogSearchQuerySchema,
    answers: {
      200: { description: 'The table rows, each once.', schema: catalogSearchAnswerSchema },
      429: {
        description: 'This address searched too often (120 a minute); wait `retryAfter` seconds.',
        schema: apiErrorSchema,
      },
    },
  },
  {
    method: 'get',
    path: '/api/products/{barcode}',
    id: 'getProduct',
    tag: 'Foods',
    summary: 'A packaged food by its barcode, from Open Food Facts',
    description:
      'No account needed. 429 when this client looked up too many new products, 503 when Open Food ' +
      'Facts or the server asks to wait (both with `retryAfter`), 502/504 when it answers nonsense or not at all.',
    access: 'anyone',
    params: z.object({ barcode: z.string() }),
    query: productQuerySchema,
    answers: {
      200: { description: 'The product, figures per 100 g.', schema: productResponseSchema },
      404: { description: 'Open Food Facts does not know the barcode.', schema: apiErrorSchema },
      429: { description: 'Too many lookups from this client.', schema: apiErrorSchema },
      502: { description: 'Open Food Facts answered nonsense.', schema: apiErrorSchema },
      503: { description: 'Lookups are paused.', schema: apiErrorSchema },
      504: { description: 'Open Food Facts did not answer in time.', schema: apiErrorSchema },
    },
  },
  {
    method: 'post',
    path: '/api/recipes/read',
    id: 'readRecipePage',
    tag: 'Foods',
    summary: 'Reads the recipes a web page states',
    description:
      'No account needed. The server fetches the page (http or https, public addresses only, after every ' +
      `redirect; at most ${RECIPE_PAGES.maxRedirects} redirects, ${megabytes(RECIPE_PAGES.maxBytes)} MB and ` +
      `${RECIPE_PAGES.timeoutMs / 1000} s) and reads its schema.org Recipe data (JSON-LD, else microdata). ` +
      'Writes nothing: the ingredient lines are matched to foods by the client. 422 `pageRefused` says why a ' +
      `page was not read; 429 past ${RECIPE_PAGES.perClient.max} pages a minute from one client.`,
    access: 'anyone',
    database: false,
    body: recipePageRequestSchema,
    answers: {
      200: {
        description: 'The recipes of the page, none when it states none.',
        schema: recipePageAnswerSchema,
      },
      422: { description: 'The page was not fetched, and why.', schema: recipePageRefusedSchema },
      429: { description: 'Too many pages from this client.', schema: apiErrorSchema },
    },
  },
  {
    method: 'get',
    path: '/api/settings',
    id: 'getSettings',
    tag: 'Account',
    summary: 'The settings',
    access: owner('read'),
    answers: { 200: { description: 'The settings.', schema: settingsSchema } },
  },
  {
    method: 'patch',
    path: '/api/settings',
    id: 'patchSettings',
    tag: 'Account',
    summary: 'Changes settings',
    access: owner('write'),
    body: settingsPatchRequestSchema,
    answers: { 200: { description: 'The settings.', schema: settingsSchema }, 409: stale },
  },
  {
    method: 'post',
    path: '/api/auth/register',
    id: 'register',
    tag: 'Account',
    summary: 'Creates an account and signs in',
    access: 'anyone',
    body: registerSchema,
    answers: {
      201: { description: 'Signed in: the session cookies are set.', schema: userResponseSchema },
      409: { description: 'The email has an account already.', schema: apiErrorSchema },
      429: { description: 'Too many tries; wait `retryAfter` seconds.', schema: apiErrorSchema },
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    id: 'login',
    tag: 'Account',
    summary: 'Signs in',
    access: 'anyone',
    body: loginSchema,
    answers: {
      200: { description: 'Signed in: the session cookies are set.', schema: userResponseSchema },
      401: { description: 'Wrong email or password.', schema: apiErrorSchema },
      429: { description: 'Too many tries; wait `retryAfter` seconds.', schema: apiErrorSchema },
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    id: 'logout',
    tag: 'Account',
    summary: 'Signs out this session',
    access: 'anyone',
    answers: { 204: done },
  },
  {
    method: 'post',
    path: '/api/auth/logout-others',
    id: 'logoutOthers',
    tag: 'Account',
    summary: "Signs out the account's other sessions",
    description:
      'With `revokeTokens: true`, revokes every personal access token of the account too; without a body, or with `false`, the tokens keep working.',
    access: 'session',
    body: logoutOthersSchema,
    bodyOptional: true,
    answers: { 204: done },
  },
  {
    method: 'get',
    path: '/api/me',
    id: 'getMe',
    tag: 'Account',
    summary: 'The signed-in user',
    access: 'session',
    answers: { 200: { description: 'The user.', schema: userResponseSchema } },
  },
  {
    method: 'delete',
    path: '/api/me',
    id: 'deleteAccount',
    tag: 'Account',
    summary: 'Deletes the account and all its data',
    access: 'session',
    body: accountDeleteSchema,
    answers: { 204: done },
  },
  {
    method: 'put',
    path: '/api/me/password',
    id: 'changePassword',
    tag: 'Account',
    summary: 'Changes the password',
    description:
      "The account's other sessions are signed out. With `revokeTokens: true`, every personal access token of the account is revoked too; left out, they keep working.",
    access: 'session',
    body: passwordChangeSchema,
    answers: { 204: done },
  },
  {
    method: 'get',
    path: '/api/export',
    id: 'exportDiary',
    tag: 'Transfer',
    summary: 'The whole diary as one export document',
    description: 'The format of docs/export-format.md, the same for guests and accounts.',
    access: owner('read'),
    answers: { 200: { description: 'The export document.', schema: diaryExportSchema } },
  },
  {
    method: 'post',
    path: '/api/import',
    id: 'importDiary',
    tag: 'Transfer',
    summary: 'Merges an export document into the diary',
    description:
      'Records merge by id; importing a document twice changes nothing. `dryRun` only counts what would ' +
      "change. Without `settings`, the file's settings are taken only by an account whose settings are the defaults. " +
      'Bodies are capped at 1 MB, so a large export comes in chunks of days.',
    access: owner('write'),
    query: importQuerySchema,
    body: diaryExportSchema,
    answers: { 200: { description: 'What changed (or would).', schema: importPlanSchema } },
  },
  {
    method: 'get',
    path: '/api/shares',
    id: 'listShareLinks',
    tag: 'Sharing',
    summary: "The account's read-only links for a dietitian",
    description: 'Never the links themselves, which are shown once, when made.',
    access: 'session',
    answers: { 200: { description: 'The links.', schema: z.array(shareInfoSchema) } },
  },
  {
    method: 'post',
    path: '/api/shares',
    id: 'createShareLink',
    tag: 'Sharing',
    summary: 'Makes a read-only link to a period',
    description:
      'The link is `/shared/{token}`; it shows the days of the period until it expires or is revoked.',
    access: 'session',
    body: shareCreateSchema,
    answers: {
      201: { description: 'The token, shown this once, and its record.', schema: shareCreatedSchema },
    },
  },
  {
    method: 'delete',
    path: '/api/shares/{id}',
    id: 'revokeShareLink',
    tag: 'Sharing',
    summary: 'Revokes a link at once',
    access: 'session',
    params: shareParamsSchema,
    answers: { 204: done, 404: notFound },
  },
  {
    method: 'get',
    path: '/api/shared/{token}',
    id: 'openShareLink',
    tag: 'Sharing',
    summary: 'What a share link shows',
    description: 'Anyone with the link may read it; nothing can be changed through it.',
    access: 'anyone',
    params: sharedParamsSchema,
    answers: {
      200: { description: 'The period and its written days.', schema: sharedDiarySchema },
      404: { description: 'No such link, or it was revoked or has expired.', schema: apiErrorSchema },
    },
  },
  {
    method: 'get',
    path: '/api/push',
    id: 'getPushKey',
    tag: 'Reminders',
    summary: "The VAPID public key a browser subscribes to this server's pushes with",
    access: 'anyone',
    answers: { 200: { description: 'The key, base64url.', schema: z.object({ publicKey: z.string() }) } },
  },
  {
    method: 'put',
    path: '/api/push',
    id: 'savePushSubscription',
    tag: 'Reminders',
    summary: "Makes or replaces this device's reminders",
    description:
      "With a session, the account's (skipped when the meal is logged; ended with the session); without, a guest's, " +
      'which holds only the times and what `guestLogged` and `guestFast` say. The endpoint must be a known push service. A token is refused.',
    access: 'anyone',
    body: pushSubscribeSchema,
    answers: {
      200: { description: 'The reminders as kept.', schema: pushStateSchema },
      400: {
        description:
          'Invalid input, `field` naming it. `subscription`: the endpoint is not https (or http to a local stand-in) on a host and port `PUSH_SERVICE_HOSTS` names (a bare host is port 443 only). ' +
          '`subscription.keys.p256dh`: not a P-256 public key, 65 bytes uncompressed and on the curve, in base64url; `subscription.keys.auth`: not 16 bytes in base64url. No push could be encrypted for such keys.',
        schema: apiErrorSchema,
      },
      403: {
        description: "The endpoint is another browser's (its auth secret differs).",
        schema: apiErrorSchema,
      },
      429: {
        description: 'A guest from this address started too many reminders; wait `retryAfter` seconds.',
        schema: apiErrorSchema,
      },
    },
  },
  {
    method: 'post',
    path: '/api/push/test',
    id: 'sendTestReminder',
    tag: 'Reminders',
    summary: 'Sends a test reminder to this device now',
    description:
      "In the device's language; a click on it opens the settings. For the browser that owns the subscription (its auth secret). A token is refused.",
    access: 'anyone',
    body: pushOwnerSchema,
    answers: {
      204: { description: 'The push service took the test reminder.' },
      404: { description: 'No subscription of this browser has that endpoint.', schema: apiErrorSchema },
      410: {
        description: 'The push service says the subscription is gone; it is deleted.',
        schema: apiErrorSchema,
      },
      429: {
        description: 'Too many tests from this address; wait `retryAfter` seconds.',
        schema: apiErrorSchema,
      },
      502: {
        description:
          'The push service refused the test reminder or could not be reached, or the keys kept for the device cannot be used. The server logs why once, not on every try.',
        schema: apiErrorSchema,
      },
    },
  },
  {
    method: 'patch',
    path: '/api/push',
    id: 'savePushLogged',
    tag: 'Reminders',
    summary: 'A guest says what it logged today, or its fast under way',
    description:
      "`guestLogged` (today's meals logged and whether it weighed in) skips the reminders of done things; `guestFast` (`{start, goalMinutes}`, or null when none is under way) is what the `fastEnd` reminder reads. At least one of the two.",
    access: 'anyone',
    body: pushLoggedSchema,
    answers: { 204: done, 404: notFound },
  },
  {
    method: 'delete',
    path: '/api/push',
    id: 'deletePushSubscription',
    tag: 'Reminders',
    summary: "Ends this device's reminders",
    access: 'anyone',
    body: pushOwnerSchema,
    answers: { 204: done },
  },
  {
    method: 'get',
    path: '/api/tokens',
    id: 'listTokens',
    tag: 'Tokens',
    summary: "The account's personal access tokens",
    description: 'Never the tokens themselves, which are shown once, when made.',
    access: 'session',
    answers: { 200: { description: 'The tokens.', schema: z.array(tokenInfoSchema) } },
  },
  {
    method: 'post',
    path: '/api/tokens',
    id: 'createToken',
    tag: 'Tokens',
    summary: 'Makes a personal access token',
    access: 'session',
    body: tokenCreateSchema,
    answers: {
      201: { description: 'The token, shown this once, and its record.', schema: tokenCreatedSchema },
    },
  },
  {
    method: 'delete',
    path: '/api/tokens/{id}',
    id: 'revokeToken',
    tag: 'Tokens',
    summary: 'Revokes a token at once',
    access: 'session',
    params: tokenParamsSchema,
    answers: { 204: done, 404: notFound },
  },
  {
    method: 'post',
    path: '/api/mcp',
    id: 'mcp',
    tag: 'Assistants',
    summary: 'The Model Context Protocol server, for AI assistants',
    description:
      'Streamable HTTP transport, stateless: each POST carries JSON-RPC messages of the protocol. ' +
      'Each tool needs its token scope (reading: `read`, logging: `write`, deleting: `delete`); see docs/mcp.md.',
    access: 'anyToken',
    body: jsonRpc,
    answers: {
      200: { description: 'The JSON-RPC answer.', schema: jsonRpc },
      202: { description: 'A notification or answer was taken; nothing to answer.' },
      400: { description: 'Not a JSON-RPC message of the protocol.', schema: jsonRpc },
      406: { description: '`Accept` lacks `application/json` and `text/event-stream`.', schema: jsonRpc },
      413: { description: 'The body is over 1 MB.', schema: jsonRpc },
      415: { description: 'The body is not `application/json`.', schema: jsonRpc },
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    id: 'getOpenApi',
    tag: 'Service',
    summary: 'This description',
    access: 'anyone',
    database: false,
    answers: {
      200: { description: 'The OpenAPI 3.1 document.', schema: z.looseObject({ openapi: z.string() }) },
    },
  },
  {
    method: 'get',
    path: '/api/health',
    id: 'health',
    tag: 'Service',
    summary: 'Liveness: the process answers',
    access: 'anyone',
    database: false,
    answers: { 200: { description: 'Alive.', schema: status('ok') } },
  },
  {
    method: 'get',
    path: '/api/ready',
    id: 'ready',
    tag: 'Service',
    summary: 'Readiness: the database answers',
    access: 'anyone',
    answers: {
      200: { description: 'Ready.', schema: status('ready') },
      503: {
        description: 'Starting, stopping, or the database does not answer.',
        schema: status('starting', 'stopping', 'unavailable'),
      },
    },
  },
  {
    method: 'get',
    path: '/api/icons/{file}',
    id: 'getIcons',
    tag: 'Service',
    summary: "Icons of the app's own pages (the Iconify API)",
    description: '`file` is `{prefix}.json`; `icons` lists up to 100 names, comma-separated.',
    access: 'anyone',
    database: false,
    params: z.object({ file: z.string() }),
    query: z.object({ icons: z.string() }),
    answers: {
      200: {
        description: 'The icons in Iconify JSON.',
        schema: z.looseObject({ prefix: z.string(), icons: z.record(z.string(), z.unknown()) }),
      },
      404: { description: 'No such icon set.', schema: z.object({ error: z.string(), field: z.string() }) },
    },
  },
] as const satisfies readonly Operation[];
