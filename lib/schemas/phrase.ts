import { z } from '@/lib/schemas/zod';
import { householdMeasureIds, volumeUnits, weightUnits } from '@/lib/diary/phrase-words';
import { locales } from '@/lib/i18n/config';
import { mealSchema } from './common';
import { foodRefSchema } from './entry';

/*
 * POST /api/parse: a text of what was eaten read into foods and amounts (issue 49), by the phrase
 * reader (lib/diary/phrase-reader.ts, phrase-match.ts) over the user's foods and the catalog.
 * Reading writes nothing; the client logs what the user confirms as any other entry.
 */

/**
 * The body. The text is read up to LIMITS.phraseLength characters, as the reader reads it; a
 * longer one is not refused but cut, and the answer says `truncated` (a body is at most 1 MB).
 * Without `locale`, the user's language: it names the catalog's foods and sizes a cup (US or
 * Russian).
 */
export const parseRequestSchema = z.object({
  text: z.string(),
  locale: z.optional(z.enum(locales)),
});
export type ParseRequest = z.infer<typeof parseRequestSchema>;

const measureIds = [
  ...householdMeasureIds,
  ...(Object.keys(weightUnits) as Array<keyof typeof weightUnits>),
  ...(Object.keys(volumeUnits) as Array<keyof typeof volumeUnits>),
] as const;

/** A measure as the text named it: "slices" is `{ kind: 'household', canonical: 'slice', name: 'slices' }`. */
const readMeasureSchema = z.object({
  kind: z.enum(['household', 'weight', 'volume']),
  canonical: z.enum(measureIds),
  name: z.string(),
});

/** A food a reading chose or offers: an entry's reference but never null (an own food's id or `c:<slug>`). */
const [ownFoodRef, catalogFoodRef] = foodRefSchema.def.options;
const parsedFoodRef = z.union([ownFoodRef, catalogFoodRef]);

/** Why a reading is less than sure (phrase-match.ts MatchNote). */
export const parseNoteSchema = z.union([
  /** No food fits the words: nothing would be logged. */
  z.object({ kind: z.literal('no-food') }),
  /** The food matched all but one of the words typed: a guess to check ("zzqxberry pie", Cherry pie). */
  z.object({ kind: z.literal('words-missing') }),
  /** The food has no such measure ("a handful of almonds"): its grams are a typical one's. */
  z.object({ kind: z.literal('measure-missing'), measure: z.string() }),
  /** A volume counted as water's weight: the food says nothing of its density. */
  z.object({ kind: z.literal('volume-as-water') }),
  /** Part of the item that could not be read ("!!!", a unit it does not know), as typed. */
  z.object({ kind: z.literal('unread'), text: z.string() }),
]);
export type ParseNote = z.infer<typeof parseNoteSchema>;

/** One item of the text, and what would be logged for it. */
export const parsedItemSchema = z.object({
  /** The item's part of the text, as typed. */
  text: z.string(),
  /** The words of the food, filler dropped ("bread"); '' when the item named none. */
  words: z.string(),
  /** The count read ("2"), ranges at their middle; null when the item gave none. */
  quantity: z.nullable(z.number()),
  measure: z.nullable(readMeasureSchema),
  /** The food chosen, or null when nothing fits its words (then the item cannot be logged as read). */
  food: z.nullable(z.object({ ref: parsedFoodRef, name: z.string(), kcalPer100g: z.number() })),
  /** What would be logged: `amount` of the food's measure `measureLabel`, or grams when that is null. */
  amount: z.nullable(z.number()),
  measureLabel: z.nullable(z.string()),
  grams: z.nullable(z.number()),
  kcal: z.nullable(z.number()),
  /** `sure`: the food is named so and counted in its own measure; `likely`; `guess`: check it. */
  sure: z.enum(['sure', 'likely', 'guess']),
  /** Other foods the words fit, best first, at most 5. */
  alternatives: z.array(z.object({ ref: parsedFoodRef, name: z.string() })),
  notes: z.array(parseNoteSchema),
});
export type ParsedItem = z.infer<typeof parsedItemSchema>;

export const parseAnswerSchema = z.object({
  items: z.array(parsedItemSchema),
  /** The meal the text named ("for breakfast"), or null. */
  meal: z.nullable(mealSchema),
  /** The text was longer than LIMITS.phraseLength: its end was not read. */
  truncated: z.boolean(),
});
export type ParseAnswer = z.infer<typeof parseAnswerSchema>;
