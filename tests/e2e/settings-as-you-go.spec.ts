// Settings: every setting saves itself as it changes (docs/decisions/0023), so nothing
// typed is lost by switching the language or opening another page; an invalid field keeps its
// text and its error and is not saved; the page does not jump while it loads.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  isDesktop,
  locales,
  messages,
  onScreenOf,
  setLocale,
  waitForHydration,
  type Locale,
  metricLabel,
} from './helpers';

const other = (locale: Locale): Locale => (locale === 'en' ? 'ru' : 'en');

/** The settings record a guest diary keeps under the seed's key. */
function storedSettings(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('user-settings') ?? '{}') as Record<string, unknown>,
  );
}

/** The language switch of the Appearance card (on the desktop the side menu has one too). */
function appearanceLanguage(page: Page, locale: Locale) {
  return page.locator('main').getByRole('radiogroup', { name: messages[locale].language.label });
}

for (const locale of locales) {
  test(
    `${locale}: what is typed in the profile survives a language switch and saves itself, an invalid field is kept unsaved`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].settings;
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/settings');
      await waitForHydration(page);
      const form = page.getByTestId('goal-settings');
      await expect(form.getByLabel(metricLabel(t.goalLabel, 'kcal'))).toHaveValue('2500');
      // Nothing to press: the page says changes save themselves.
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Сохранить', exact: true })).toHaveCount(0);
      await expect(page.getByText(t.savesItself)).toBeVisible();

      await form.getByLabel(t.name).fill('Anna');
      await form.getByLabel(metricLabel(t.goalLabel, 'kcal')).fill('1900');
      // Out of range: kept as typed, marked, never saved.
      await form.getByLabel(metricLabel(t.height, 'cm')).fill('999');

      // At once, before any pause in typing could have saved it.
      const next = other(locale);
      await appearanceLanguage(page, locale)
        .getByRole('radio', { name: messages[locale].language[next] })
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', next);
      const tNext = messages[next].settings;
      await expect(form.getByLabel(tNext.name)).toHaveValue('Anna');
      await expect(form.getByLabel(metricLabel(tNext.goalLabel, 'kcal'))).toHaveValue('1900');
      await expect(form.getByLabel(metricLabel(tNext.height, 'cm'))).toHaveValue('999');
      await expect(form.getByText(tNext.rangeErrors.heightRange.split('{')[0]!)).toBeVisible();
      await expect(page.getByTestId('settings-save-status')).toHaveText(tNext.notSaved);

      await expect
        .poll(() => storedSettings(page))
        .toMatchObject({ name: 'Anna', currentGoal: 1900, height: null });

      // Corrected, the field saves itself too, and the page says so quietly.
      await form.getByLabel(metricLabel(tNext.height, 'cm')).fill('172');
      await expect(page.getByTestId('settings-save-status')).toHaveText(tNext.saved);
      await expect.poll(() => storedSettings(page)).toMatchObject({ height: 172 });
      await page.reload();
      await expect(form.getByLabel(tNext.name)).toHaveValue('Anna');
      await expect(form.getByLabel(metricLabel(tNext.goalLabel, 'kcal'))).toHaveValue('1900');
      await expect(form.getByLabel(metricLabel(tNext.height, 'cm'))).toHaveValue('172');

      // A goal is whole kcal: a fraction is refused, not rounded into the settings.
      await form.getByLabel(metricLabel(tNext.goalLabel, 'kcal')).fill(next === 'ru' ? '2000,5' : '2000.5');
      await expect(form.getByText(messages[next].food.errors.goalRange.split('{')[0]!)).toBeVisible();
      await expect(page.getByTestId('settings-save-status')).toHaveText(tNext.notSaved);
      expect(await storedSettings(page)).toMatchObject({ currentGoal: 1900 });
    },
  );

  test(
    `${locale}: a goal typed just before opening another page is saved, and an invalid one is still there on return`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].settings;
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/settings');
      await waitForHydration(page);
      const form = page.getByTestId('goal-settings');
      await form.getByLabel(metricLabel(t.goalLabel, 'kcal')).fill('2100');
      await form.getByLabel(t.age).fill('7');
      // Straight to the diary, without a pause or leaving the field first.
      await openDiary(page, locale);
      await expect(page.getByTestId('goal-kcal')).toContainText(/2[\s,.\u00a0\u202f]?100/);

      await page.getByRole('link', { name: messages[locale].nav.settings }).first().click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await expect(form.getByLabel(metricLabel(t.goalLabel, 'kcal'))).toHaveValue('2100');
      await expect(form.getByLabel(t.age)).toHaveValue('7');
      await expect(form.getByText(t.rangeErrors.ageRange.split('{')[0]!)).toBeVisible();
      expect((await storedSettings(page)).age).toBeNull();
    },
  );
}

/** To the diary the way a person does it: the side menu, or the back arrow on a phone. */
async function openDiary(page: Page, locale: Locale) {
  if (isDesktop())
    await page
      .locator('aside')
      .getByRole('link', { name: messages[locale].nav.dashboard, exact: true })
      .click();
  else await page.getByTestId('back-link').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/** Sums layout shifts not caused by input, from the first paint, as Lighthouse's CLS counts them. */
async function recordLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName.toLowerCase()}.${source.node.className}`.slice(0, 80)
              : String(source.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

// Lighthouse's CLS is the largest burst of shifts (session window); the sum of all is never
// less, so a sum within the bound keeps the window within it too.
for (const locale of locales) {
  for (const session of ['guest', 'account'] as const) {
    // The account runs once per screen, in English.
    if (session === 'account' && locale === 'ru') continue;
    test(`${locale}, ${session}: /settings does not move while it loads (CLS ≤ 0.02)`, async ({
      page,
      context,
    }) => {
      await setLocale(context, locale);
      if (session === 'guest') {
        await addGuestSession(context);
      } else {
        const email = `cls-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        const answer = await context.request.post('/api/auth/register', {
          data: { email, password: 'correct horse battery staple', name: 'Anna' },
        });
        expect(answer.status()).toBe(201);
      }
      await recordLayoutShifts(context);
      await page.goto('/settings');
      await waitForHydration(page);
      await expect(page.getByTestId('goal-settings')).toBeVisible();
      await expect(page.getByTestId('offline-status')).toBeVisible();
      // What loads after the view (icons, the service worker's status, idle work) has its turn.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts,
      );
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      test
        .info()
        .annotations.push({ type: 'CLS', description: `${cls.toFixed(4)} ${JSON.stringify(shifts)}` });
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
    });
  }
}
