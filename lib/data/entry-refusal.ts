import { entrySchema, type Entry } from '@/lib/schemas/entry';
import { InvalidDataError } from './types';

/**
 * Why storage would refuse `entry`, or null: the very check both repositories and the server
 * run, so a form that asks here never accepts what storage refuses.
 */
export function entryRefusal(entry: Entry): InvalidDataError | null {
  const parsed = entrySchema.safeParse(entry);
  return parsed.success ? null : InvalidDataError.fromIssues(parsed.error.issues);
}
