/**
 * The one table of limits. The forms, the zod schemas (lib/schemas), the guest codec, the
 * dashboard's first-paint reader, the server and the database constraints all take their
 * numbers from here, so a form never accepts what storage refuses. Plain numbers, no zod:
 * forms and the first-paint script use them without loading a schema.
 *
 * Ranges are inclusive. Texts are counted in UTF-16 code units after trimming, as JavaScript's
 * `length` counts them.
 */
export const LIMITS = {
  /** A food's or an entry's name, a brand. */
  nameLength: { min: 1, max: 120 },
  brandLength: { min: 0, max: 120 },
  /** The user's display name. */
  userNameLength: { min: 0, max: 80 },
  /** A meal's own name ("Second breakfast", "Полдник"): a heading on the day, never a paragraph. */
  mealNameLength: { min: 1, max: 40 },
  /**
   * A described meal read by the phrase reader (lib/diary/phrase-reader.ts): a few lines of what
   * was eaten; the rest of a longer text is not read, and the reading says so.
   */
  phraseLength: { min: 0, max: 2_000 },
  /** A serving's or a measure's name: USDA's longest household measure is 77 characters. */
  servingLabelLength: { min: 1, max: 100 },
  /** An email address, and the part before its `@` (RFC 5321). */
  emailLength: { min: 3, max: 254 },
  emailLocalPart: { min: 1, max: 64 },
  passwordLength: { min: 8, max: 256 },
  /** zxcvbn-ts's score of a new password (0-4): 2 means it takes about 10^6 guesses or more. */
  passwordScore: { min: 2, max: 4 },
  /** A catalog food's slug, after `c:`. */
  catalogSlugLength: { min: 1, max: 80 },

  /** Per 100 g of a food. */
  foodKcal: { min: 0, max: 900 },
  foodMacro: { min: 0, max: 100 },
  servingGrams: { min: 0.1, max: 5_000 },
  /** Named measures of a food beside its serving ("1 cup", "1 tbsp"). */
  foodMeasures: { min: 0, max: 12 },
  /**
   * A nutrient beyond the macros (lib/diary/nutrients.ts), in grams whatever unit it is kept in:
   * per 100 g of a food no more than the 100 g it is in; of a quick add (which weighs nothing)
   * as much as an entry's macro. `nutrientLimit()` gives each nutrient's range in its own unit.
   */
  nutrientGramsPer100g: { min: 0, max: 100 },
  entryNutrientGrams: { min: 0, max: 5_000 },

  /** A recipe: its ingredients, each weighed in grams, and what it makes. */
  recipeIngredients: { min: 1, max: 100 },
  /** A recipe's steps as an imported recipe brings them, and the characters of one. */
  recipeSteps: { min: 0, max: 200 },
  recipeStepLength: { min: 1, max: 500 },
  /** A recipe pasted as text (its title, servings, ingredients and steps), in characters. */
  recipeTextLength: { min: 0, max: 50_000 },
  recipeIngredientGrams: { min: 0.1, max: 100_000 },
  recipeServings: { min: 1, max: 1_000 },
  /** The whole dish's weight after cooking, when weighed. */
  recipeCookedGrams: { min: 1, max: 100_000 },

  /** One diary entry: the amount as given (grams, servings or kcal) and the grams it weighs. */
  entryAmount: { min: 0, max: 100_000 },
  entryGrams: { min: 0, max: 100_000 },
  /** One diary entry's kcal and each macro in grams, for the amount eaten. */
  entryKcal: { min: 0, max: 20_000 },
  entryMacro: { min: 0, max: 5_000 },
  entriesPerDay: { min: 0, max: 500 },

  goalKcal: { min: 500, max: 10_000 },
  /**
   * A believable daily energy expenditure: a small, sedentary older adult burns about 1,100 kcal,
   * an endurance athlete in training 5,000 or more. An estimate from intake and weigh-ins outside
   * this (a typed 180 for 80 kg, a week logged twice) is not shown as a figure
   * (lib/diary/expenditure.ts).
   */
  expenditureKcal: { min: 800, max: 7_000 },
  /** A macro's daily target: grams, or its whole-number share of the goal's kcal. */
  macroTargetGrams: { min: 0, max: 1_000 },
  macroTargetPercent: { min: 0, max: 100 },
  weightKg: { min: 20, max: 500 },
  /**
   * Water a day, in whole ml: 20 litres is past what anyone drinks and far under what a typo
   * would make of it. A glass (the one-tap add) and the daily water goal, in ml.
   */
  waterMl: { min: 0, max: 20_000 },
  waterGlassMl: { min: 10, max: 2_000 },
  waterGoalMl: { min: 100, max: 10_000 },
  /**
   * A day's note, in characters: a page of text, past what a diary's day needs and far under what
   * a paste of a whole document would make of it. What a day holds beyond food (its details, the
   * note among them) is at most `dayDetailsChars` as JSON, so a newer build's fields an older one
   * carries along stay bounded too: a full note is at most 30,000 of them (JSON writes a control
   * character as six).
   */
  dayNoteLength: { min: 0, max: 5_000 },
  dayDetailsChars: { min: 0, max: 40_000 },
  /**
   * A day's steps: a whole number up to twice what a day-long ultramarathon takes (about
   * 100,000), so a tracker's figure is never refused, and a typo's extra zeros are; and the day's
   * steps goal, from a short walk's to a long hike's.
   */
  daySteps: { min: 0, max: 200_000 },
  stepsGoal: { min: 1_000, max: 100_000 },
  /**
   * Body measurements: a circumference (waist, hips, chest, neck) in cm, from a child's neck to
   * past any waist a tape goes round; body fat in percent, from under an athlete's essential fat
   * to past what a scale or a caliper reports.
   */
  circumferenceCm: { min: 10, max: 300 },
  bodyFatPercent: { min: 2, max: 75 },
  /**
   * A fast, in minutes: its planned length and the time it lasted, from a minute (a fast of none
   * is no fast) to seven days, past the longest water fast a diary's user logs without a doctor.
   * A day holds at most `fastsPerDay` fasts that ended on it (two short ones, split by a snack).
   */
  fastMinutes: { min: 1, max: 7 * 24 * 60 },
  fastsPerDay: { min: 0, max: 4 },
  /**
   * One activity: its minutes (a day at most) and the kcal it burned on top of resting (a
   * marathon is about 2,600 for 70 kg; 10,000 covers a day-long ultra, not a typo's extra zeros).
   * A day's activities, and the share of their kcal added to the day's budget, in percent.
   */
  activityMinutes: { min: 1, max: 1_440 },
  activityKcal: { min: 1, max: 10_000 },
  activitiesPerDay: { min: 0, max: 50 },
  activityShare: { min: 0, max: 100 },
  heightCm: { min: 50, max: 280 },
  ageYears: { min: 10, max: 120 },

  /** Calendar days the diary holds, YYYY-MM-DD. */
  date: { min: '1900-01-01', max: '2999-12-31' },
  /** Instants (loggedAt, updatedAt ...), in epoch milliseconds: 1970-01-01 up to 3000-01-01 excluded. */
  timestampMs: { min: 0, max: 32_503_679_999_999 },

  /**
   * A barcode's digits once spaces and dashes are gone: GTIN-8, UPC-A (12), EAN-13 or GTIN-14
   * (lib/barcode/check.ts; BARCODE_LENGTHS lists the lengths within this range). What a
   * person may type or paste before that is at most `barcodeInput` characters.
   */
  barcodeDigits: { min: 8, max: 14 },
  barcodeInput: { min: 1, max: 40 },

  /** A food's id: PostgreSQL's integer. */
  foodId: { min: 1, max: 2_147_483_647 },

  /** Bytes an import reads: the files chosen (the diary's own or another app's), with what their ZIPs hold. */
  importBytes: { min: 0, max: 100 * 1024 * 1024 },
  /** Recipes one import of a recipe app's export reads; the rest are counted, not read. */
  recipesPerImport: { min: 0, max: 1_000 },
  /** What the import preview quotes of a line it could not read: enough to find it in the file. */
  foreignImportQuote: { min: 0, max: 80 },

  /** One user's foods and days, as an export file holds them. */
  foods: { min: 0, max: 20_000 },
  days: { min: 0, max: 50_000 },
  /** The longest range one request may ask for: about eleven years. */
  rangeDays: { min: 1, max: 4_000 },
  /**
   * Personal access tokens (lib/server/auth/api-tokens.ts): a name, how many a user keeps, the
   * days one may live, and the requests one may make a minute (a script's, not a flood's).
   */
  tokenNameLength: { min: 1, max: 60 },
  tokensPerUser: { min: 0, max: 20 },
  tokenDays: { min: 1, max: 365 },
  tokenRequestsPerMinute: { min: 1, max: 120 },
  /** The days a printed report covers: a quarter, about what a dietitian looks at. */
  reportDays: { min: 1, max: 92 },
  /**
   * Read-only links to a period (lib/server/share-links.ts): its days are reportDays'; a link
   * lives at most a quarter, and an account keeps at most this many at once.
   */
  shareLinkDays: { min: 1, max: 90 },
  shareLinksPerUser: { min: 0, max: 20 },
  shareNameLength: { min: 0, max: 60 },
  /** A Web Push endpoint's URL (lib/server/push): the push services' run to a few hundred characters. */
  pushEndpointLength: { min: 1, max: 1_000 },
  /** Devices an account may have reminders on at once; the oldest goes past it. */
  pushSubscriptionsPerUser: { min: 0, max: 10 },
  /** Changes of days one batch request carries (POST /api/batch): an outbox sends its queue in batches of these. */
  batchOperations: { min: 1, max: 100 },
  /**
   * Foods one search of the MCP server answers (lib/server/mcp): what an assistant can weigh up
   * in one go; more only fills its context.
   */
  mcpSearchResults: { min: 1, max: 50 },
} as const;

export type LimitName = keyof typeof LIMITS;

const MINUTE_MS = 60_000;

/**
 * How many tries the server lets through before it answers 429, each counted within its window.
 * A login's failures count for the pair of email and address (what a user at one device runs
 * into), for the email from every address (many addresses guessing one password), and for the
 * address over every email (higher: a whole office may share one address). An address is an
 * IPv4 address or an IPv6 /64 (lib/server/address-key.ts). Reserving a try and counting it is
 * one step, so parallel requests cannot get past a limit (lib/server/db/auth-attempts.ts).
 * Checking the password again to change it or to delete the account counts as a login.
 */
export const THROTTLES = {
  login: {
    perEmailAndAddress: { max: 10, windowMs: 15 * MINUTE_MS },
    /**
     * Reaching `max` does not close the email to everyone, which would let anyone lock the owner
     * out: from then on, within the window, each address gets `triesPerAddressPastMax` tries for
     * the email. A guesser spread over many addresses drops from ten tries per address every
     * quarter hour to one per address an hour, while the owner, at an address that has not
     * failed (or whose failures a right password forgave), still gets in (docs/decisions/0022).
     */
    perEmail: { max: 50, windowMs: 60 * MINUTE_MS, triesPerAddressPastMax: 1 },
    perAddress: { max: 100, windowMs: 15 * MINUTE_MS },
  },
  /** Every registration counts, made or refused: each costs a password hash, and a 409 tells that an email has an account. */
  register: {
    perAddress: { max: 10, windowMs: 60 * MINUTE_MS },
  },
  /**
   * A guest's new reminder subscriptions (app/api/push): each is a row kept with no account
   * behind it, so an address may start only so many; changing one already kept never counts.
   */
  guestReminders: {
    perAddress: { max: 20, windowMs: 60 * MINUTE_MS },
  },
  /** Test reminders sent from the settings (POST /api/push/test): each is a push the server sends now. */
  testReminder: {
    perAddress: { max: 5, windowMs: 10 * MINUTE_MS },
  },
} as const;
export type NumericLimit = { min: number; max: number };

/**
 * The table bridge's searches (GET /api/catalog/search, decision 0050), per address and server
 * instance, counted in memory. It needs no session, and a long phrase costs the server about a
 * tenth of a second of CPU, so one address gets two a second on average: more than a person
 * typing needs (the add dialog asks once per pause in typing, and only until the table is kept).
 */
export const CATALOG_SEARCH_PER_ADDRESS = { max: 120, windowMs: MINUTE_MS };

/**
 * Recipe pages the server reads for a user (POST /api/recipes/read, lib/server/recipes): each
 * fetch bounded so a page cannot hold a request or the server's memory, and each client (an
 * account, or a guest's address) limited per instance, so the server is no one's page fetcher.
 */
export const RECIPE_PAGES = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
  /** An address as typed: longer ones are no page's. */
  addressLength: { min: 1, max: 2_048 },
  perClient: { max: 10, windowMs: MINUTE_MS },
} as const;

/**
 * What the reader of a page's schema.org recipes (lib/recipes/schema-org.ts) takes of one page at
 * most: a page is untrusted input, and no real recipe comes near these. The reader's own bounds on
 * parsing (nesting, scripts, tags) stay beside its code, as measures of how it works.
 */
export const RECIPE_PAGE_READING = {
  recipes: 50,
  ingredients: 2_000,
  steps: 200,
  /** Characters of one ingredient line or step. */
  lineLength: 500,
} as const;

/** The barcode lengths the scanner and the product lookup accept (GTIN-8, UPC-A, EAN-13, GTIN-14). */
export const BARCODE_LENGTHS = [8, 12, 13, 14] as const;

/**
 * Product look-ups at Open Food Facts (lib/server/open-food-facts.ts, docs/decisions/0017).
 * Open Food Facts bans addresses that read too fast; its documentation asked for at most 100
 * product reads a minute (2023) and, as later quoted, 15 per minute per address: this server
 * keeps under the lower figure. Answers are kept in the database, so a product scanned once is
 * never read again until its answer is stale.
 */
export const OPEN_FOOD_FACTS = {
  /** Reads this server instance sends to Open Food Facts within any minute. */
  readsPerMinute: 15,
  /** A read that has not answered by then counts as Open Food Facts being unreachable. */
  timeoutMs: 5_000,
  /** How long a found product, and a barcode Open Food Facts does not know, stay cached. */
  foundTtlMs: 30 * 24 * 60 * MINUTE_MS,
  notFoundTtlMs: 24 * 60 * MINUTE_MS,
  /** When Open Food Facts answers 429 without Retry-After, how long to leave it alone. */
  defaultRetryAfterSeconds: 60,
  /**
   * The window in which one client's reads count against its share (openFoodFactsShare). A client
   * is a signed-in account, or a guest's address (an IPv6 /64); answers from the cache never count.
   */
  readsPerClient: { windowMs: MINUTE_MS },
} as const;

/**
 * How many of the instance's reads a minute one client may cause while `otherClients` other
 * clients have read within the window: the minute's reads shared among them, this client and one
 * more yet to come, at least one. Alone a client gets 7 of 15, with another 5, so two people
 * scanning a cupboard each leave reads for a third, where a fixed 10 each spent all 15.
 */
export function openFoodFactsShare(
  otherClients: number,
  readsPerMinute: number = OPEN_FOOD_FACTS.readsPerMinute,
): number {
  return Math.max(1, Math.floor(readsPerMinute / (otherClients + 2)));
}

/** The weight and the goal, under the names the schemas and forms used before the table. */
export const WEIGHT_KG = LIMITS.weightKg;
export const GOAL_KCAL = LIMITS.goalKcal;

/** Bytes as whole megabytes (MiB), as the messages about file sizes name them. */
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export function inRange(value: number, range: NumericLimit): boolean {
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/** A text with no NUL character: PostgreSQL cannot store one, so no layer accepts one. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * The limit each form message names, by the messages' namespace and key: the texts say
 * "between {min} and {max}" and take the numbers from here, never a copy of their own.
 */
const MESSAGE_LIMITS: Record<'food' | 'settings' | 'auth', Record<string, NumericLimit>> = {
  food: {
    nameLength: LIMITS.nameLength,
    brandLength: LIMITS.brandLength,
    kcalRange: LIMITS.foodKcal,
    macroRange: LIMITS.foodMacro,
    servingLabel: LIMITS.servingLabelLength,
    servingGrams: LIMITS.servingGrams,
    measuresCount: LIMITS.foodMeasures,
    measureLabel: LIMITS.servingLabelLength,
    measureGrams: LIMITS.servingGrams,
    ingredientsCount: LIMITS.recipeIngredients,
    ingredientGrams: LIMITS.recipeIngredientGrams,
    servingsRange: LIMITS.recipeServings,
    cookedGrams: LIMITS.recipeCookedGrams,
    stepsCount: LIMITS.recipeSteps,
    stepLength: LIMITS.recipeStepLength,
    weightRange: LIMITS.weightKg,
    goalRange: LIMITS.goalKcal,
  },
  settings: {
    heightRange: LIMITS.heightCm,
    ageRange: LIMITS.ageYears,
    waterGlassRange: LIMITS.waterGlassMl,
    waterGoalRange: LIMITS.waterGoalMl,
    stepsGoalRange: LIMITS.stepsGoal,
    activityShareRange: LIMITS.activityShare,
    mealNameLength: LIMITS.mealNameLength,
  },
  auth: { nameLength: LIMITS.userNameLength, passwordLength: LIMITS.passwordLength },
};

/** `{min, max}` of the limit a message names, written by `format`; empty for a message without one. */
export function limitMessageValues(
  namespace: keyof typeof MESSAGE_LIMITS,
  key: string,
  format: (value: number) => string,
): { min?: string; max?: string } {
  const limit = MESSAGE_LIMITS[namespace][key];
  return limit ? { min: format(limit.min), max: format(limit.max) } : {};
}

/**
 * How long the interface waits, in ms. The times a person needs: to read and reach a button, to
 * finish typing a number; and how often the browser asks the server again.
 */
export const TIMINGS = {
  /**
   * A toast with an action (Undo): the product's 5000 ms was too short to read "Entry deleted,
   * Oatmeal" and reach Undo on a phone, where a toast cannot be hovered to stop its clock. Ten
   * seconds is what Gmail's undo-send offers by default; hovering or focusing it pauses it.
   */
  actionToastMs: 10_000,
  /** A setting being typed saves after this pause (and at once when the field is left). */
  settingsSaveDelayMs: 600,
  /** A logout the server has not heard of yet is tried again after this, doubling up to the max. */
  logoutRetryMinMs: 2_000,
  logoutRetryMaxMs: 60_000,
  /** An account's screens read again when the tab comes back, at most this often. */
  refreshOnReturnMinMs: 5_000,
  /**
   * The stream of an account's changes (GET /api/changes): a comment this often keeps proxies
   * from closing it as idle (nginx's proxy_read_timeout is 60 s by default), and a browser whose
   * stream broke opens it again after this long.
   */
  changesHeartbeatMs: 25_000,
  changesRetryMs: 2_000,
  /** Log out online: how long changes on their way may take to land before the user is asked about them. */
  logoutSettleMs: 3_000,
  /**
   * The Retry-After of a 503 `unavailable`, the answer while the database cannot be reached (a
   * restart, a failover): a client tries again after this rather than at once.
   */
  databaseRetryAfterSeconds: 5,
  /**
   * Turning reminders on waits this long for the service worker to be active (its first install
   * fetches the app's files), then says it is not running rather than do nothing.
   */
  serviceWorkerReadyMs: 15_000,
} as const;

/** How the server logs pushes that fail (lib/server/push/failure-log.ts). */
export const PUSH_FAILURE_LOG = {
  /** A failure that goes on is said once, then again with its count this often. */
  repeatSaidEveryMs: 60 * MINUTE_MS,
  /** Devices whose failures are counted at once; past it the oldest failure is forgotten. */
  trackedSubscriptions: 10_000,
} as const;
