import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '@/lib/i18n/time-zone';
import { timeZoneSchema } from '@/lib/schemas/push';

// The time-zone cookie (lib/i18n/request.ts) is written by the browser, so it may hold anything.
describe('canonicalTimeZone', () => {
  it('keeps a zone Intl knows, by the name Intl gives it', () => {
    expect(canonicalTimeZone('Asia/Yekaterinburg')).toBe('Asia/Yekaterinburg');
    expect(canonicalTimeZone('Europe/Moscow')).toBe('Europe/Moscow');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone(canonicalTimeZone('Etc/UTC'))).toBe(canonicalTimeZone('Etc/UTC'));
  });

  it('refuses what is no zone: junk, empty, huge, not a string', () => {
    for (const zone of [
      'Mars/Olympus',
      '',
      'x'.repeat(65),
      '"><script>',
      'Europe/Moscow; Path=/',
      undefined,
      null,
      5,
      {},
    ])
      expect(canonicalTimeZone(zone), String(zone)).toBeNull();
  });

  it('is the check the push subscription uses too', () => {
    expect(timeZoneSchema.safeParse('Asia/Yekaterinburg').success).toBe(true);
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});
