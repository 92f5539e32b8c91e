import { describe, expect, it } from 'vitest';
import { resolveLocale } from '@/lib/i18n/negotiate';

describe('resolveLocale', () => {
  it('prefers the remembered cookie over the browser', () => {
    expect(resolveLocale('en', 'ru-RU,ru;q=0.9')).toBe('en');
    expect(resolveLocale('ru', 'en-US,en;q=0.9')).toBe('ru');
  });

  it('follows Accept-Language when there is no cookie', () => {
    expect(resolveLocale(undefined, 'en-GB,en;q=0.9')).toBe('en');
    expect(resolveLocale(undefined, 'ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(resolveLocale(undefined, 'de-DE,de;q=0.9,en;q=0.5')).toBe('en');
    expect(resolveLocale(undefined, 'fr;q=0.4,ru;q=0.8,en;q=0.6')).toBe('ru');
  });

  it('falls back to the seed default (ru) for an unknown or missing preference', () => {
    expect(resolveLocale(undefined, null)).toBe('ru');
    expect(resolveLocale(undefined, 'ja-JP')).toBe('ru');
    expect(resolveLocale('xx', null)).toBe('ru');
  });

  it('survives a malformed header', () => {
    expect(resolveLocale(undefined, ';;;,=q,@@@')).toBe('ru');
    expect(resolveLocale(undefined, 'x'.repeat(5000))).toBe('ru');
  });
});
