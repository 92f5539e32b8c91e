// Languages and themes: en/ru (cookie, Accept-Language, flag switcher, server re-render) and
// light/dark/system themes (next-themes under `nuxt-color-mode`, no flash, the palette), on every page.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  appPages,
  backgroundLuminance,
  browserLocale,
  cookie,
  CYRILLIC,
  isDark,
  isSameDocument,
  markDocument,
  messages,
  pageHeading,
  pageTitle,
  recordThemeTimeline,
  setLocale,
  setTheme,
  themeTimeline,
  waitForHydration,
  type Locale,
  locales,
  onScreen,
  onScreenOf,
} from './helpers';

test.use({ serviceWorkers: 'block' });

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function htmlLang(page: Page) {
  return page.locator('html').getAttribute('lang');
}

test.describe('language negotiation', onScreen('desktop'), () => {
  test('without the cookie, Accept-Language decides the server-rendered language', async ({ request }) => {
    for (const [acceptLanguage, lang] of [
      ['ru-RU,ru;q=0.9,en;q=0.8', 'ru'],
      ['en-GB,en;q=0.9', 'en'],
      ['de-DE,de;q=0.9,en;q=0.5', 'en'],
      ['uk-UA,ru;q=0.8', 'ru'],
    ] as const) {
      const html = await (
        await request.get('/Login', { headers: { 'accept-language': acceptLanguage } })
      ).text();
      expect(html, acceptLanguage).toContain(`<html lang="${lang}"`);
      expect(html, acceptLanguage).toContain(`>${messages[lang].auth.loginTitle}</h1>`);
    }
  });

  test('the i18n_redirected cookie wins over Accept-Language', async ({ request }) => {
    const html = await (
      await request.get('/Login', {
        headers: { 'accept-language': 'en-US,en;q=0.9', cookie: 'i18n_redirected=ru' },
      })
    ).text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain(`>${messages.ru.auth.loginTitle}</h1>`);
  });
});

test.describe('language switcher', () => {
  test.use({ locale: browserLocale.en });

  test('the flag buttons switch to Russian in place and remember it in the seed cookie', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    const group = page.getByRole('radiogroup', { name: messages.en.language.label }).first();
    const english = group.getByRole('radio', { name: messages.en.language.en });
    const russian = group.getByRole('radio', { name: messages.en.language.ru });
    // Flags from circle-flags: uk for English, ru for Russian.
    await expect(english.locator('iconify-icon')).toHaveAttribute('icon', 'circle-flags:uk');
    await expect(russian.locator('iconify-icon')).toHaveAttribute('icon', 'circle-flags:ru');
    await expect(english).toBeChecked();
    await expect(russian).not.toBeChecked();

    const before = Date.now() / 1000;
    await russian.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.ru.landing.title);
    expect(await htmlLang(page)).toBe('ru');
    const ruGroup = page.getByRole('radiogroup', { name: messages.ru.language.label }).first();
    await expect(ruGroup.getByRole('radio', { name: messages.ru.language.ru })).toBeChecked();
    expect(await isSameDocument(page)).toBe(true);

    const saved = await cookie(context, 'i18n_redirected');
    expect(saved?.value).toBe('ru');
    expect(saved?.path).toBe('/');
    expect(saved?.sameSite).toBe('Lax');
    expect(saved!.expires - before).toBeGreaterThan(YEAR_SECONDS - 3600);
    expect(saved!.expires - before).toBeLessThan(YEAR_SECONDS + 3600);

    // The next visit is served in Russian by the server, whatever the browser asks for.
    await page.reload();
    expect(await htmlLang(page)).toBe('ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.ru.landing.title);
  });

  test(
    'switching on /settings re-renders the server components and the menus',
    onScreen('desktop'),
    async ({ page, context }) => {
      await addGuestSession(context);
      await setLocale(context, 'ru');
      await page.goto('/settings');
      await waitForHydration(page);
      await markDocument(page);
      await expect(pageHeading(page)).toHaveText(pageTitle('ru', 'settings'));
      const main = page.locator('main');
      await main
        .getByRole('radiogroup', { name: messages.ru.language.label })
        .getByRole('radio', { name: 'English' })
        .click();

      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'settings'));
      await expect(main.getByRole('heading', { name: messages.en.pages.settings.appearance })).toBeVisible();
      await expect(page.getByRole('navigation', { name: messages.en.nav.label }).first()).toBeAttached();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page).toHaveTitle(new RegExp(messages.en.pages.settings.title));
      expect(await isSameDocument(page)).toBe(true);
      expect((await cookie(context, 'i18n_redirected'))?.value).toBe('en');
    },
  );
});

test.describe('theme switcher', () => {
  test.use({ colorScheme: 'light' });

  test(
    'Dark and Light on /settings set the class, the stored mode and the colours',
    onScreen('desktop'),
    async ({ page, context }) => {
      await addGuestSession(context);
      await page.goto('/settings');
      await waitForHydration(page);
      const group = page.locator('main').getByRole('radiogroup', { name: messages.en.theme.label });
      // Nothing stored: the default is "system", which follows the light OS here.
      await expect(group.getByRole('radio', { name: messages.en.theme.system })).toBeChecked();
      expect(await isDark(page)).toBe(false);
      expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);

      await group.getByRole('radio', { name: messages.en.theme.dark }).click();
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(group.getByRole('radio', { name: messages.en.theme.dark })).toBeChecked();
      expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');
      expect(await backgroundLuminance(page)).toBeLessThan(0.05);
      expect(await backgroundLuminance(page, 'main section')).toBeLessThan(0.05);

      await group.getByRole('radio', { name: messages.en.theme.light }).click();
      await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
      expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light');
      expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    },
  );

  test(
    'a stored dark mode is applied before any content is parsed (no flash) and survives navigation',
    onScreen('mobile'),
    async ({ page, context }) => {
      await addGuestSession(context);
      await setTheme(context, 'dark');
      await recordThemeTimeline(context);
      for (const path of ['/dashboard', '/food', '/']) {
        await page.goto(path);
        const timeline = await themeTimeline(page);
        const firstMain = timeline.indexOf('main');
        const firstDark = timeline.findIndex((event) => /^class:.*\bdark\b/.test(event));
        expect(firstMain, `${path}: ${timeline.join(' | ')}`).toBeGreaterThan(-1);
        expect(firstDark, `${path}: ${timeline.join(' | ')}`).toBeGreaterThan(-1);
        expect(firstDark, `${path}: dark before content: ${timeline.join(' | ')}`).toBeLessThan(firstMain);
        expect(await isDark(page)).toBe(true);
      }
    },
  );

  test('"System" follows the operating system, live', onScreen('mobile'), async ({ page, context }) => {
    await setTheme(context, 'system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/Login');
    await waitForHydration(page);
    expect(await isDark(page)).toBe(true);
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
  });

  test('the compact switcher in the landing header works in Russian too', async ({ page, context }) => {
    await setLocale(context, 'ru');
    await page.goto('/');
    await waitForHydration(page);
    const group = page.locator('header').getByRole('radiogroup', { name: messages.ru.theme.label });
    await group.getByRole('radio', { name: messages.ru.theme.dark }).click();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await group.getByRole('radio', { name: messages.ru.theme.light }).click();
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light');
  });

  test(
    'palette: primary green, secondary blue, error red, neutral slate; shade 500 in light, 400 in dark',
    onScreen('desktop'),
    async ({ page }) => {
      await page.goto('/Login');
      for (const mode of ['light', 'dark'] as const) {
        await page.evaluate((value) => localStorage.setItem('nuxt-color-mode', value), mode);
        await page.reload();
        expect(await isDark(page)).toBe(mode === 'dark');
        const shade = mode === 'light' ? 500 : 400;
        // The palette as the app's utilities use it (bg-primary, bg-secondary, text-error, bg-neutral)
        // against Tailwind's own shades.
        const colours = await page.evaluate((s) => {
          const probe = document.createElement('div');
          document.body.append(probe);
          const utility = (className: string, property: 'color' | 'backgroundColor') => {
            probe.removeAttribute('style');
            probe.className = className;
            return getComputedStyle(probe)[property];
          };
          const shadeOf = (value: string) => {
            probe.className = '';
            probe.style.color = value;
            return getComputedStyle(probe).color;
          };
          const result = {
            primary: [utility('bg-primary', 'backgroundColor'), shadeOf(`var(--color-green-${s})`)],
            secondary: [utility('bg-secondary', 'backgroundColor'), shadeOf(`var(--color-blue-${s})`)],
            error: [utility('text-error', 'color'), shadeOf(`var(--color-red-${s})`)],
            neutral: [utility('bg-neutral', 'backgroundColor'), shadeOf(`var(--color-slate-${s})`)],
            fallback: shadeOf('var(--no-such-colour, rgb(1, 2, 3))'),
          };
          probe.remove();
          return result;
        }, shade);
        for (const name of ['primary', 'secondary', 'error', 'neutral'] as const) {
          const [actual, expected] = colours[name];
          expect(expected, `--color-*-${shade} must be defined`).not.toBe(colours.fallback);
          expect(actual, `${name} in ${mode}`).toBe(expected);
        }
      }
    },
  );
});

test.describe('every page in both languages and both themes', () => {
  const publicPages = [
    { path: '/', heading: (l: Locale) => messages[l].landing.title },
    { path: '/Login', heading: (l: Locale) => messages[l].auth.loginTitle },
    { path: '/Register', heading: (l: Locale) => messages[l].auth.registerTitle },
  ];

  // Every page once in English and light, once in Russian and dark: each language and each theme
  // on every page (the theme and the language are independent of each other).
  for (const [locale, mode] of [
    ['en', 'light'],
    ['ru', 'dark'],
  ] as const) {
    test(
      `${locale}, ${mode}: each page renders in ${locale} with the ${mode} theme`,
      onScreenOf(locale),
      async ({ page, context }) => {
        // Each language on its own screen: the pages' words and colours, not their layout.
        const other: Locale = locale === 'en' ? 'ru' : 'en';
        await setLocale(context, locale);
        await setTheme(context, mode);

        const checkPage = async (path: string, heading: string, otherHeading: string) => {
          await page.goto(path);
          await expect(page.locator('h1').first(), path).toHaveText(heading);
          expect(await htmlLang(page), path).toBe(locale);
          expect(await isDark(page), path).toBe(mode === 'dark');
          const luminance = await backgroundLuminance(page);
          if (mode === 'dark') expect(luminance, path).toBeLessThan(0.05);
          else expect(luminance, path).toBeGreaterThan(0.8);
          const text = await page.locator('body').innerText();
          expect(text, path).not.toContain(otherHeading);
          if (locale === 'ru') expect(text, path).toMatch(CYRILLIC);
          expect(text, path).not.toMatch(/lorem|ipsum/i);
        };

        for (const { path, heading } of publicPages) await checkPage(path, heading(locale), heading(other));

        await addGuestSession(context);
        for (const { path, key } of appPages) {
          await checkPage(path, pageTitle(locale, key), pageTitle(other, key));
        }

        const notFound = await page.goto('/no-such-page');
        expect(notFound?.status()).toBe(404);
        await expect(page.locator('h1')).toHaveText(messages[locale].errors.notFound);
        expect(await isDark(page)).toBe(mode === 'dark');
      },
    );
  }
});

// The server runs in UTC; this browser is five hours east of it. A diary day is a date: its
// weekday and number must not slide to the day before (a day's local midnight is 19:00 UTC the
// day before here). An instant (the last export) is shown on this browser's clock, which the
// server learns from the time-zone cookie the browser writes (lib/preferences/time-zone.ts).
test.describe('days and times in a browser east of the server', () => {
  test.use({ timezoneId: 'Asia/Yekaterinburg' });
  /** 02:30 on the 15th in Yekaterinburg, still the 14th in UTC. */
  const EXPORTED_AT = '2026-03-14T21:30:00.000Z';

  for (const locale of locales)
    test(
      `the day navigator, the week card and the last export name the browser's day (${locale})`,
      onScreen('desktop'),
      async ({ page, context }) => {
        await addGuestSession(context);
        await setLocale(context, locale);
        const t = messages[locale];
        const before = Date.now() / 1000;
        await page.goto('/dashboard');
        // What this browser's own Intl calls today, this week and the export's instant.
        const expected = await page.evaluate(
          ([locale, exportedAt]) => {
            const now = new Date();
            const monday = new Date(
              now.getFullYear(),
              now.getMonth(),
              now.getDate() - ((now.getDay() + 6) % 7),
            );
            const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
            const date = { day: 'numeric', month: 'long', year: 'numeric' } as const;
            return {
              full: new Intl.DateTimeFormat(locale, { weekday: 'long', ...date }).format(now),
              date: new Intl.DateTimeFormat(locale, date).format(now),
              week: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' })
                .formatRange(monday, sunday)
                .replace(/[\u2009\u202f]/g, ' '),
              exported: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(exportedAt),
              ),
            };
          },
          [locale, EXPORTED_AT] as const,
        );

        const title = page.getByTestId('day-title');
        await expect(title).toHaveText(t.diary.today);
        const dateLine = title.locator('xpath=following-sibling::span');
        await expect(dateLine).toHaveText(expected.date);
        await expect(dateLine).toHaveAttribute('title', expected.full);

        const zone = await cookie(context, 'time-zone');
        // Percent-encoded as every cookie the browser writes (lib/browser/cookies.ts).
        expect(decodeURIComponent(zone!.value)).toBe('Asia/Yekaterinburg');
        expect(zone?.path).toBe('/');
        expect(zone?.sameSite).toBe('Lax');
        expect(zone?.httpOnly).toBe(false);
        expect(zone!.expires - before).toBeGreaterThan(YEAR_SECONDS - 3600);

        await page.goto('/stats');
        await expect(page.getByTestId('week-card').getByText(expected.week, { exact: true })).toBeVisible();

        // The seed's settings record with an export made at EXPORTED_AT.
        await page.evaluate(
          ([locale, exportedAt]) => {
            const now = new Date().toISOString();
            localStorage.setItem(
              'user-settings',
              JSON.stringify({
                name: 'Guest',
                language: locale,
                currentGoal: 2500,
                weight: null,
                height: null,
                age: null,
                gender: null,
                theme: null,
                savedAt: now,
                updatedAt: now,
                lastExportAt: exportedAt,
              }),
            );
          },
          [locale, EXPORTED_AT] as const,
        );
        await page.goto('/settings');
        await expect(
          page.getByText(t.settings.lastExport.replace('{date}', expected.exported)),
        ).toBeVisible();
      },
    );
});
