import { activitySchema } from '@/lib/schemas/activity';
import {
  dayDetailsPatchSchema,
  goalSchema,
  waterSchema,
  weightSchema,
  type Day,
  type DayDetailsPatch,
} from '@/lib/schemas/day';
import { entrySchema } from '@/lib/schemas/entry';
import { z } from '@/lib/schemas/zod';
import * as rules from './day-rules';

/**
 * Every way a day can change, as one value: what a button asks, what the outbox keeps, what the
 * batch endpoint takes. A new thing a day holds is a new member here and a rule in day-rules.ts;
 * `applyChange` is the one place that tells the kinds apart (issue 50).
 */
export const dayChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('putEntry'), entry: entrySchema }),
  z.strictObject({ kind: z.literal('deleteEntry'), entryId: z.uuid() }),
  z.strictObject({ kind: z.literal('setWeight'), weight: z.nullable(weightSchema) }),
  z.strictObject({ kind: z.literal('setWater'), water: waterSchema }),
  z.strictObject({ kind: z.literal('setGoal'), goal: goalSchema }),
  z.strictObject({ kind: z.literal('setDetails'), details: dayDetailsPatchSchema }),
  z.strictObject({ kind: z.literal('putActivity'), activity: activitySchema }),
  z.strictObject({ kind: z.literal('deleteActivity'), activityId: z.uuid() }),
]);
export type DayChange = z.infer<typeof dayChangeSchema>;
export type DayChangeKind = DayChange['kind'];

// A record, so the compiler fails when a kind is added to the union and not here, or named twice.
const kinds: Record<DayChangeKind, true> = {
  putEntry: true,
  deleteEntry: true,
  setWeight: true,
  setWater: true,
  setGoal: true,
  setDetails: true,
  putActivity: true,
  deleteActivity: true,
};
export const dayChangeKinds: ReadonlySet<string> = new Set(Object.keys(kinds));

/** Whether `value`, a change of some kind, is one of a day's (an outbox also queues foods and settings). */
export function isDayChange<T extends { kind: string }>(
  value: T,
): value is Extract<T, { kind: DayChangeKind }> {
  return dayChangeKinds.has(value.kind);
}

/**
 * The day after `change`, by the day's rules: they check what they are given and throw
 * InvalidDataError for a change they refuse (a full day, a weight out of range). The day keeps
 * its updatedAt; stamping a new version is the store's.
 */
export function applyChange(day: Day, change: DayChange): Day {
  switch (change.kind) {
    case 'putEntry':
      return rules.putEntry(day, change.entry);
    case 'deleteEntry':
      return rules.deleteEntry(day, change.entryId);
    case 'setWeight':
      return rules.setWeight(day, change.weight);
    case 'setWater':
      return rules.setWater(day, change.water);
    case 'setGoal':
      return rules.setGoal(day, change.goal);
    case 'setDetails':
      return rules.setDetails(day, change.details);
    case 'putActivity':
      return rules.putActivity(day, change.activity);
    case 'deleteActivity':
      return rules.deleteActivity(day, change.activityId);
  }
}

/** The entry a change writes or removes, by its id; null for a change of something else. */
export function entryIdOf(change: DayChange): string | null {
  if (change.kind === 'putEntry') return change.entry.id;
  return change.kind === 'deleteEntry' ? change.entryId : null;
}

/** The day's own fields a patch sets (PATCH /api/days/{date}), as the changes they are, in order. */
export function fieldChanges(patch: {
  weight?: number | null;
  water?: number;
  goal?: number;
  details?: DayDetailsPatch;
}): DayChange[] {
  const changes: DayChange[] = [];
  if (patch.weight !== undefined) changes.push({ kind: 'setWeight', weight: patch.weight });
  if (patch.water !== undefined) changes.push({ kind: 'setWater', water: patch.water });
  if (patch.goal !== undefined) changes.push({ kind: 'setGoal', goal: patch.goal });
  if (patch.details !== undefined) changes.push({ kind: 'setDetails', details: patch.details });
  return changes;
}
