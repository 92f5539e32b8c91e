import 'server-only';
import { eq } from 'drizzle-orm';
import packageJson from '@/package.json';
import { OPEN_FOOD_FACTS, openFoodFactsShare } from '@/lib/limits';
import { OFF_FIELDS, readOffAnswer, type OffProduct } from '@/lib/barcode/open-food-facts';
import type { Database } from './db/client';
import { products } from './db/schema';
import { env } from './env';
import { ClientWindows, SlidingWindow } from './sliding-window';

/** Sent in the User-Agent when OPEN_FOOD_FACTS_CONTACT is not set (README, Barcodes). */
export const DEFAULT_CONTACT = 'self-hosted, contact not configured';

type Settings = { baseUrl: string; contact: string; timeoutMs: number; readsPerMinute: number };

const defaults = (): Settings => ({
  baseUrl: env.OPEN_FOOD_FACTS_URL,
  contact: env.OPEN_FOOD_FACTS_CONTACT ?? DEFAULT_CONTACT,
  timeoutMs: OPEN_FOOD_FACTS.timeoutMs,
  readsPerMinute: OPEN_FOOD_FACTS.readsPerMinute,
});

// Per server process (an instance): globalThis, because Next bundles route handlers separately
// and two copies of this module must not keep two budgets.
type State = {
  settings: Settings;
  upstream: SlidingWindow;
  /** By client: `account:<id>` or `address:<address>`. */
  perClient: ClientWindows;
  /** Open Food Facts said to wait (429 or 503): no read goes out before this time. */
  coolDownUntil: number;
  /** Reads under way or just done, by barcode: parallel lookups of one new barcode share one read. */
  inFlight: Map<string, Promise<LookupResult>>;
  /** Every read sent, for the tests and the bench. */
  reads: number;
};
const holder = globalThis as typeof globalThis & { __openFoodFacts?: State };

function freshState(settings: Settings): State {
  return {
    settings,
    upstream: new SlidingWindow(60_000),
    perClient: new ClientWindows(OPEN_FOOD_FACTS.readsPerClient.windowMs),
    coolDownUntil: 0,
    inFlight: new Map(),
    reads: 0,
  };
}

function state(): State {
  holder.__openFoodFacts ??= freshState(defaults());
  return holder.__openFoodFacts;
}

/** Points the lookups at a stand-in with fresh budgets; undefined goes back to the environment's settings. */
export function configureOpenFoodFactsForTests(overrides?: Partial<Settings>): void {
  holder.__openFoodFacts = freshState({ ...defaults(), ...overrides });
}

/** How many reads this process has sent to Open Food Facts. */
export function openFoodFactsReads(): number {
  return state().reads;
}

/** `CalorieDiary/<version> (<contact>)`: the form Open Food Facts asks applications to use. */
export function userAgent(): string {
  return `CalorieDiary/${packageJson.version} (${state().settings.contact})`;
}

export type LookupResult =
  | { kind: 'found'; product: OffProduct }
  | { kind: 'not_found' }
  /** Waiting is the answer: Open Food Facts or this server's budget is spent ('upstream'), or this client's ('client'). */
  | { kind: 'busy'; retryAfter: number; scope: 'upstream' | 'client' }
  | { kind: 'unavailable'; reason: 'timeout' | 'unreachable' | 'malformed' | 'upstream' };

type Cached = { found: boolean; product: OffProduct | null; fetchedAt: Date };

/**
 * A product by its canonical barcode (lib/barcode/check.ts): from the cache while fresh, else
 * read from Open Food Facts within the budgets and cached. A failed read never touches the
 * cache; a stale cached answer is served instead of a failure when there is one. `client` is
 * whose share a read counts against: `account:<id>` for a signed-in user, else `address:<ip>`.
 */
export async function lookupProduct(db: Database, barcode: string, client: string): Promise<LookupResult> {
  const cached = await readCache(db, barcode);
  if (cached && isFresh(cached)) return fromCache(cached);

  const current = state();
  let pending = current.inFlight.get(barcode);
  if (!pending) {
    const refused = admit(current, client);
    if (refused) return cached ? fromCache(cached) : refused;
    // Kept a moment after it settles: a lookup that read the cache just before this read stored
    // its answer then joins it instead of reading Open Food Facts again.
    pending = readAndStore(db, barcode).finally(() => {
      setTimeout(() => current.inFlight.delete(barcode), JUST_READ_MS).unref();
    });
    current.inFlight.set(barcode, pending);
  }
  const result = await pending;
  if ((result.kind === 'busy' || result.kind === 'unavailable') && cached) return fromCache(cached);
  return result;
}

/** How long a settled read still answers lookups that missed the cache while it was under way. */
const JUST_READ_MS = 5_000;

function isFresh(cached: Cached): boolean {
  const ttl = cached.found ? OPEN_FOOD_FACTS.foundTtlMs : OPEN_FOOD_FACTS.notFoundTtlMs;
  return Date.now() - cached.fetchedAt.getTime() < ttl;
}

function fromCache(cached: Cached): LookupResult {
  return cached.found && cached.product ? { kind: 'found', product: cached.product } : { kind: 'not_found' };
}

async function readCache(db: Database, barcode: string): Promise<Cached | null> {
  const [row] = await db
    .select({ found: products.found, product: products.product, fetchedAt: products.fetchedAt })
    .from(products)
    .where(eq(products.barcode, barcode));
  return row ?? null;
}

/**
 * The budgets, checked in order: Open Food Facts' own "wait", this client's fair share of the
 * minute (openFoodFactsShare in lib/limits.ts), this server's reads a minute.
 */
function admit(current: State, client: string): LookupResult | null {
  const now = Date.now();
  if (now < current.coolDownUntil) {
    return { kind: 'busy', scope: 'upstream', retryAfter: Math.ceil((current.coolDownUntil - now) / 1000) };
  }
  const others = current.perClient.othersThan(client, now);
  const share = openFoodFactsShare(others, current.settings.readsPerMinute);
  const refused = current.perClient.take(client, share, now);
  if (refused) return { kind: 'busy', scope: 'client', ...refused };
  const upstream = current.upstream.take(now, current.settings.readsPerMinute);
  if (upstream) {
    current.perClient.release(client);
    return { kind: 'busy', scope: 'upstream', ...upstream };
  }
  return null;
}

/** Bodies above this are not a product answer of the fields we ask for. */
const MAX_ANSWER_BYTES = 512 * 1024;

async function readAndStore(db: Database, barcode: string): Promise<LookupResult> {
  const current = state();
  const { baseUrl, timeoutMs } = current.settings;
  const url = new URL(`/api/v2/product/${barcode}`, baseUrl);
  url.searchParams.set('fields', OFF_FIELDS.join(','));
  current.reads++;
  let response: Response;
  let body: unknown;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, {
      headers: { 'user-agent': userAgent(), accept: 'application/json' },
      redirect: 'error',
      signal,
    });
    if (response.status === 429 || response.status === 503) {
      await response.body?.cancel();
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      current.coolDownUntil = Math.max(current.coolDownUntil, Date.now() + retryAfter * 1000);
      return { kind: 'busy', scope: 'upstream', retryAfter };
    }
    if (response.status !== 200 && response.status !== 404) {
      await response.body?.cancel();
      return { kind: 'unavailable', reason: 'upstream' };
    }
    body = await readJsonBody(response);
  } catch (error) {
    if (signal.aborted) return { kind: 'unavailable', reason: 'timeout' };
    if (error instanceof MalformedAnswer) return { kind: 'unavailable', reason: 'malformed' };
    return { kind: 'unavailable', reason: 'unreachable' };
  }
  const answer = readOffAnswer(body);
  if (answer.kind === 'malformed') {
    console.warn(`[open-food-facts] a malformed answer for ${barcode} (HTTP ${response.status})`);
    return { kind: 'unavailable', reason: 'malformed' };
  }
  const found = answer.kind === 'found';
  const product = found ? answer.product : null;
  const fetchedAt = new Date();
  await db
    .insert(products)
    .values({ barcode, found, product, fetchedAt })
    .onConflictDoUpdate({ target: products.barcode, set: { found, product, fetchedAt } });
  return found ? { kind: 'found', product: answer.product } : { kind: 'not_found' };
}

class MalformedAnswer extends Error {}

async function readJsonBody(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new MalformedAnswer('too large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel();
        throw new MalformedAnswer('too large');
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new MalformedAnswer('not JSON');
  }
}

/** Retry-After in seconds (a number or an HTTP date), at least 1, at most an hour. */
function retryAfterSeconds(header: string | null): number {
  const fallback = OPEN_FOOD_FACTS.defaultRetryAfterSeconds;
  if (!header) return fallback;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.min(3600, Math.max(1, Math.ceil(seconds))) : fallback;
}
