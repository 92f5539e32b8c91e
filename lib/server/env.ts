import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CorsOriginsError, parseCorsOrigins } from '@/lib/http/cors';
import { DEFAULT_DATA_DIR } from '@/server/data-dir-lock.mjs';

const envSchema = z
  .object({
    /** The REST API's base URL as the browser calls it: a path here, or the API's own origin. */
    NUXT_PUBLIC_API_URL: z
      .string()
      .regex(/^(\/|https?:\/\/)/, 'NUXT_PUBLIC_API_URL must be a path (/api) or an http(s) URL')
      .default('/api'),
    /** The app origins allowed to call this server's API from a browser (lib/http/cors.ts). */
    CORS_ORIGINS: z
      .string()
      .optional()
      .superRefine((value, context) => {
        try {
          parseCorsOrigins(value);
        } catch (error) {
          if (!(error instanceof CorsOriginsError)) throw error;
          context.addIssue({ code: 'custom', message: error.message });
        }
      }),
    ICON_FALLBACK_API: z.url().optional(),
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    /** PostgreSQL; without it the embedded PGlite in DATA_DIR/pglite is used. */
    DATABASE_URL: z.string().min(1).optional(),
    /** Signs session cookies; see lib/server/auth/secret.ts for what happens without it. */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters long').optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Where product lookups go (docs/decisions/0017); tests and the e2e run point it at a stand-in. */
    OPEN_FOOD_FACTS_URL: z
      .url({ protocol: /^https?$/, error: 'OPEN_FOOD_FACTS_URL must be an http(s) URL' })
      .default('https://world.openfoodfacts.org'),
    /** Who to contact about this server's reads, sent in the User-Agent as Open Food Facts asks. */
    OPEN_FOOD_FACTS_CONTACT: z
      .string()
      .max(200)
      .regex(/^[^\u0000-\u001f()]+$/, 'OPEN_FOOD_FACTS_CONTACT: no brackets or control characters')
      .optional(),
    /**
     * Web Push (lib/server/push): the VAPID key pair, base64url as `npx web-push generate-vapid-keys`
     * prints it (without it, one is generated once and kept in the database, for every instance:
     * lib/server/push/vapid.ts), and whom push services may contact about this server's pushes.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be 65 bytes in base64url')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be 32 bytes in base64url')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
      .default('mailto:reminders@calorie-diary.invalid'),
    /**
     * The push services' hosts the server sends to, comma-separated, each `host`, `*.domain` or
     * either with `:port` (a bare one means 443): a subscription naming any other host or port is
     * refused, so a client cannot make the server post to an address of its choosing.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .refine(
        (value) =>
          value
            .split(',')
            .every((entry) => /^(\*\.)?[a-z\d]([a-z\d.-]*[a-z\d])?(:\d{1,5})?$/i.test(entry.trim())),
        'PUSH_SERVICE_HOSTS must be host names, comma-separated, each `host`, `*.domain` or either with `:port` (no scheme, no path)',
      )
      .default(
        'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com,*.push.apple.com',
      ),
    /**
     * Hosts whose pages the recipe import may read though they resolve to a private address
     * (`host` or `host:port`, comma-separated): for an operator's own network and the tests. Every
     * other page must be on a public address (lib/server/recipes/fetch-page.ts).
     */
    RECIPE_PAGE_HOSTS: z
      .string()
      .refine(
        (value) =>
          value === '' ||
          value.split(',').every((entry) => /^[a-z\d]([a-z\d.-]*[a-z\d])?(:\d{1,5})?$/i.test(entry.trim())),
        'RECIPE_PAGE_HOSTS must be host names, comma-separated, each `host` or `host:port` (no scheme, no path)',
      )
      .default(''),
    /** `off` stops this instance sending reminders (another instance may still). */
    REMINDERS: z.enum(['on', 'off']).default('on'),
    /** How often due reminders are looked for; the e2e run looks more often than every minute. */
    REMINDERS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .refine((values) => !values.VAPID_PUBLIC_KEY === !values.VAPID_PRIVATE_KEY, {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one pair), or neither',
  });

/**
 * A variable the app cannot use. server/server.mjs reports it as its own settings' errors: one
 * JSON line naming the variable, exit code 1 (its name is what it is known by across bundles).
 */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

/** The environment, read and validated once. A bad value stops the server with a clear message. */
export const env = readEnvironment({
  NUXT_PUBLIC_API_URL: process.env.NUXT_PUBLIC_API_URL || undefined,
  CORS_ORIGINS: process.env.CORS_ORIGINS || undefined,
  ICON_FALLBACK_API: process.env.ICON_FALLBACK_API || undefined,
  DATA_DIR: process.env.DATA_DIR || undefined,
  DATABASE_URL: process.env.DATABASE_URL || undefined,
  AUTH_SECRET: process.env.AUTH_SECRET || undefined,
  NODE_ENV: process.env.NODE_ENV || undefined,
  OPEN_FOOD_FACTS_URL: process.env.OPEN_FOOD_FACTS_URL || undefined,
  OPEN_FOOD_FACTS_CONTACT: process.env.OPEN_FOOD_FACTS_CONTACT || undefined,
  VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY || undefined,
  VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY || undefined,
  VAPID_SUBJECT: process.env.VAPID_SUBJECT || undefined,
  PUSH_SERVICE_HOSTS: process.env.PUSH_SERVICE_HOSTS || undefined,
  RECIPE_PAGE_HOSTS: process.env.RECIPE_PAGE_HOSTS || undefined,
  REMINDERS: process.env.REMINDERS || undefined,
  REMINDERS_EVERY_SECONDS: process.env.REMINDERS_EVERY_SECONDS || undefined,
});

function readEnvironment(values: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(({ path, message }) =>
    message.startsWith(`${path.join('.')}:`) ? message : `${path.join('.')}: ${message}`,
  );
  const variable = String(parsed.error.issues[0]?.path[0] ?? 'environment');
  throw new EnvironmentError(variable, `The environment is not usable: ${problems.join('; ')}`);
}

let buildId: string | undefined;

/** The id of the running production build (`development` under `next dev`). */
export function getBuildId(): string {
  if (buildId === undefined) {
    try {
      buildId = readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
    } catch {
      buildId = 'development';
    }
  }
  return buildId;
}
