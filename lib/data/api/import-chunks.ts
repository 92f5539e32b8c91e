import type { DiaryExport } from '@/lib/schemas/export';

/** The server's body limit is 1 MB; parts stay well under it, leaving room for the envelope. */
export const IMPORT_PART_BYTES = 900_000;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Splits an export into whole export documents that each fit one request: every part has the
 * settings and all foods (entries refer to foods by id) and a run of the days. A single day
 * larger than a part still gets a part of its own, and the server says if it is too large.
 */
export function splitExport(data: DiaryExport, maxBytes = IMPORT_PART_BYTES): DiaryExport[] {
  const envelope = byteLength({ ...data, days: [] });
  const parts: DiaryExport[] = [];
  let days: DiaryExport['days'] = [];
  let size = envelope;
  for (const day of data.days) {
    const daySize = byteLength(day) + 1;
    if (days.length > 0 && size + daySize > maxBytes) {
      parts.push({ ...data, days });
      days = [];
      size = envelope;
    }
    days.push(day);
    size += daySize;
  }
  parts.push({ ...data, days });
  return parts;
}
