import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Route, TestDetails, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { SCREEN_TAGS } from '../support/screen-tags';

/** The app's own strings, so a test names what the user reads in either language. */
export const messages = { en, ru } as const;
export type Locale = keyof typeof messages;
export const locales: readonly Locale[] = ['en', 'ru'];
export type ThemeMode = 'light' | 'dark' | 'system';

/** A message with its `{placeholders}` filled in, as the user reads it. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_match, key: string) => String(values[key]));

/** The text of a message up to its first placeholder: numbers are written the locale's way. */
export const upToValue = (message: string) => message.split('{')[0]!;

/** A number as the app writes it in `locale` (useFormatNumber): "1 250" and "17,5" in Russian. */
export const numberText = (locale: Locale, value: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);

/**
 * The period of some YYYY-MM-DD dates as an import preview writes it, each date formatted by
 * the page's own Intl in `locale` (one date when they are all one day).
 */
export async function dateSpanText(page: Page, locale: Locale, dates: string[]): Promise<string> {
  const sorted = [...dates].sort();
  const [from, to] = await page.evaluate(
    ({ locale, days }) =>
      days.map((iso) => {
        const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
        return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
          new Date(year, month - 1, day),
        );
      }),
    { locale, days: [sorted[0]!, sorted.at(-1)!] },
  );
  return sorted[0] === sorted.at(-1) ? from! : fill(messages[locale].ui.dateSpan, { from: from!, to: to! });
}

/** How far the page, or the open dialog, scrolls sideways: more than 0 means content is too wide. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    return Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
    );
  });
}

/** Accept-Language values (through the `locale` context option) that pick each interface language. */
export const browserLocale: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU' };

/** The four pages that need a session, with the messages key of their title. */
export const appPages = [
  { path: '/dashboard', key: 'dashboard', returnable: false },
  { path: '/food', key: 'food', returnable: true },
  { path: '/stats', key: 'stats', returnable: true },
  { path: '/settings', key: 'settings', returnable: true },
] as const;
export type AppPageKey = (typeof appPages)[number]['key'];

export function pageTitle(locale: Locale, key: AppPageKey): string {
  return messages[locale].pages[key].title;
}

export const CYRILLIC = /[а-яё]/i;

export function baseURL(testInfo: TestInfo = test.info()): string {
  const url = testInfo.project.use.baseURL;
  if (!url) throw new Error('baseURL is not configured');
  return url;
}

export function isDesktop(testInfo: TestInfo = test.info()): boolean {
  return testInfo.project.name === 'desktop';
}

/**
 * Runs a flow in `locale` on one screen only: English on the desktop, Russian on the phone. For
 * flows whose subject is not the layout (storage, sync, limits, settings, accounts): both
 * languages and both screen sizes are still covered, without every flow running four times,
 * which kept the suite past CI's time budget. Layout, navigation and accessibility specs run
 * everything on both screens. A tag, read by each project's grepInvert, rather than a skip in
 * the test: a test skipped in its body has had its browser context made for nothing.
 */
export function onScreenOf(locale: Locale): TestDetails {
  return onScreen(SCREEN_OF[locale]);
}

/**
 * Runs a test on one screen only: for what the layout has no part in (requests, storage, sync
 * between devices, the service worker, builds), which the other project would only repeat.
 */
export function onScreen(screen: 'desktop' | 'mobile'): TestDetails {
  return { tag: SCREEN_TAGS[screen] };
}

/** The language a flow that runs once per screen uses on this one (see onScreenOf). */
export function localeOfScreen(testInfo: TestInfo = test.info()): Locale {
  return locales.find((locale) => SCREEN_OF[locale] === testInfo.project.name) ?? 'en';
}

const SCREEN_OF: Record<Locale, 'desktop' | 'mobile'> = { en: 'desktop', ru: 'mobile' };

/** "Continue as guest" from the landing page, the way a person does it; ends on /dashboard. */
export async function startGuest(page: Page): Promise<void> {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByTestId('continue-as-guest').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.locator('h1')).toBeVisible();
}

/**
 * A guest session set up directly (the cookie the middleware reads and the seed's localStorage
 * token), for tests whose subject is something else than how the session starts.
 */
export async function addGuestSession(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'session-state', value: 'guest', url: baseURL() }]);
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', 'guest');
  });
}

/** The remembered interface language (the seed's `i18n_redirected` cookie). */
export async function setLocale(context: BrowserContext, locale: Locale): Promise<void> {
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL() }]);
}

/** A stored colour mode under the seed's key, unless the page has already stored another. */
export async function setTheme(context: BrowserContext, theme: ThemeMode): Promise<void> {
  await context.addInitScript((mode) => {
    if (!window.localStorage.getItem('nuxt-color-mode')) window.localStorage.setItem('nuxt-color-mode', mode);
  }, theme);
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies(baseURL())).find((item) => item.name === name);
}

/**
 * Waits until React has hydrated: a theme switcher marks its chosen theme only once it is
 * mounted in the browser, so every switcher on the page must have done so. Pages without one in
 * the DOM wait for the load event only.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('iconify-icon[icon="heroicons:sun"]')].every(
      (sun) => sun.closest('[role="radiogroup"]')?.querySelector('[aria-checked="true"]') != null,
    ),
  );
}

/**
 * Opens the command palette with the keyboard shortcut. The shortcut's listener loads after the
 * page is interactive, so a press that found no listener yet is repeated; a press never toggles
 * an open palette shut here.
 */
export async function openPalette(page: Page, locale: Locale = 'en', shortcut = 'Control+k') {
  const dialog = page.getByRole('dialog', { name: messages[locale].palette.title });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press(shortcut);
    await expect(dialog).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  const input = dialog.getByPlaceholder(messages[locale].palette.placeholder);
  await expect(input).toBeFocused();
  return { dialog, input };
}

/** Marks the current document, so a later check can tell that no full reload happened. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

/**
 * Relative luminance (0 black .. 1 white) of an element's computed background colour. The colour
 * goes through a canvas so any CSS colour syntax (oklch included) ends up as sRGB.
 */
export async function backgroundLuminance(page: Page, selector = 'body'): Promise<number> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) throw new Error(`no ${sel}`);
    const color = getComputedStyle(element).backgroundColor;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f0f';
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data as unknown as number[];
    if (a === 0) throw new Error(`${sel} has a transparent background (${color})`);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  }, selector);
}

/** Whether <html> carries the `dark` class (next-themes' class attribute). */
export async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

/**
 * Records, in document order, when <html> gets the theme class and when <main> is parsed, so a
 * test can tell whether the page's content ever existed in the wrong theme (a theme flash).
 */
export async function recordThemeTimeline(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const events: string[] = [];
    (window as unknown as { __themeTimeline: string[] }).__themeTimeline = events;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target === document.documentElement) {
          events.push(`class:${document.documentElement.className}`);
        }
        if (record.type === 'childList') {
          for (const node of record.addedNodes) {
            if (node instanceof Element && (node.matches('main') || node.querySelector('main'))) {
              events.push('main');
            }
          }
        }
      }
    });
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
}

export async function themeTimeline(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __themeTimeline: string[] }).__themeTimeline);
}

/** Locator of the header's page title. */
export function pageHeading(page: Page) {
  return page.locator('header h1');
}

/**
 * axe-core's serious and critical violations on the page, with the offending elements. axe
 * judges the page as it is at that instant, so running transitions end first (a button that was
 * just enabled fades in from half opacity over 150 ms); endless ones, like spinners, do not.
 * Target size (WCAG 2.2, 24 px or room around) is off in axe by default and on in
 * Lighthouse's accessibility score, so it is switched on here.
 */
export async function severeAxeViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} :: ${node.failureSummary ?? ''}`),
    }));
}

/** Quick-adds `kcal` to lunch on the open dashboard, the way a person does it, and waits for the sum (`total`). */
export async function quickAdd(page: Page, locale: Locale, kcal: string, total = kcal): Promise<void> {
  const t = messages[locale].diary;
  await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.quickAdd }).click();
  await page.getByRole('textbox', { name: t.kcalShort, exact: true }).fill(kcal);
  await page.getByRole('button', { name: t.logIt }).click();
  await expect(page.getByTestId('eaten-kcal')).toContainText(total);
}

/** A new account for this browser context, registered through the API: the server sets its cookies. */
export async function startAccount(context: BrowserContext, who = 'e2e'): Promise<void> {
  const email = `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await context.request.post('/api/auth/register', {
    data: { email, password: 'correct horse battery staple' },
  });
  expect(answer.status()).toBe(201);
}

/** The browser's local calendar day, `offset` days from today, as YYYY-MM-DD. */
export function localDate(offset = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Logs out through /Logout, which asks first: opening the page changes nothing. */
export async function logOutThroughPage(page: Page, locale: Locale = 'en'): Promise<void> {
  await page.goto('/Logout');
  await waitForHydration(page);
  await page.getByRole('button', { name: messages[locale].auth.logoutConfirm.confirm }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Waits until the service worker controls the page and answers its registration's scope and script. */
export async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
}

/** Fails a service worker's own request as a lost network would; lets the page's go on. */
function abortWorkerRequest(route: Route) {
  return route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();
}

/**
 * Takes a browser context off the network or back on, its service worker included: Playwright's
 * setOffline leaves a worker's own fetches online (microsoft/playwright#2311), and the app's
 * worker hands /api requests to the network, so an "offline" write could still reach the server.
 */
export async function setOnline(context: BrowserContext, online: boolean): Promise<void> {
  if (online) {
    await context.unroute('**', abortWorkerRequest);
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    await context.route('**', abortWorkerRequest);
  }
}

/**
 * Picks `files` in Settings > Your data > Import, as a person would, and waits for the preview:
 * answers the import dialog, with the preview on it.
 */
export async function chooseImportFiles(page: Page, files: string | string[]) {
  await page.getByTestId('import-file').setInputFiles(files);
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-preview')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** Confirms the import previewed in `dialog` and waits until it says it has finished. */
export async function confirmImport(page: Page, locale: Locale): Promise<void> {
  const dialog = page.getByTestId('import-dialog');
  await dialog
    .getByRole('button', { name: messages[locale].settings.importers.confirm, exact: true })
    .click();
  await expect(dialog.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
}

/**
 * A figure's label in its metric unit, in the template's own language: "Weight, {unit}" is
 * "Weight, kg", "Вес, {unit}" is "Вес, кг". The browsers of these tests are Irish or Russian,
 * so metric is what they read unless a flow chooses otherwise.
 */
export function metricLabel(template: string, unit: 'kg' | 'cm' | 'kcal'): string {
  const names = CYRILLIC.test(template) ? messages.ru.units.names : messages.en.units.names;
  return fill(template, { unit: names[unit] });
}

/** A diary in `locale`: a guest's in this browser, or a new account's. */
export async function startDiary(
  context: BrowserContext,
  mode: 'guest' | 'account',
  locale: Locale,
): Promise<void> {
  await setLocale(context, locale);
  if (mode === 'guest') await addGuestSession(context);
  else await startAccount(context);
}
