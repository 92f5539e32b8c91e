import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from '@/lib/http/bots';
import { caseRedirects, safeNextPath } from '@/lib/navigation/routes';

describe('safeNextPath', () => {
  it('keeps a path of this app', () => {
    expect(safeNextPath('/food')).toBe('/food');
    expect(safeNextPath('/dashboard?date=2026-11-22')).toBe('/dashboard?date=2026-11-22');
    expect(safeNextPath('/stats#month')).toBe('/stats#month');
    expect(safeNextPath('/food/../settings')).toBe('/settings');
  });

  it('refuses other origins and falls back to the dashboard', () => {
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      // What browsers read as another host once they drop tabs and line breaks, turn \ into /
      // and resolve dot segments (each of these once led off the site).
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '/\t\\evil.example',
      '/.//evil.example',
      '/%2E//evil.example',
      '/..//evil.example',
      '/food/..//evil.example',
      '/\\/evil.example',
      // Not a page of this app.
      '/api/me',
      '/nope',
    ]) {
      expect(safeNextPath(next)).toBe('/dashboard');
    }
  });
});

describe('route table', () => {
  it('sends the lower-case spellings to the seed paths', () => {
    expect(caseRedirects).toEqual({ '/login': '/Login', '/register': '/Register', '/logout': '/Logout' });
  });
});

describe('isBotUserAgent', () => {
  it('recognises crawlers', () => {
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(
      true,
    );
    expect(isBotUserAgent('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(
      true,
    );
    expect(isBotUserAgent('Mozilla/5.0 (compatible; YandexBot/3.0)')).toBe(true);
  });

  it('lets people through', () => {
    expect(
      isBotUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isBotUserAgent(null)).toBe(false);
  });
});
