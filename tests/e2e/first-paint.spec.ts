import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { todayIso } from '@/lib/diary/dates';
import { entry as fixtureEntry } from '../support/fixtures';
import {
  addGuestSession,
  cookie,
  fill,
  locales,
  localDate,
  messages,
  onScreenOf,
  setLocale,
  startAccount,
  onScreen,
} from './helpers';

// A guest's dashboard shows the day's figures in its first paint, from the page's own HTML and
// an inline script, before any of the app's scripts have loaded; the view then takes over with
// the same figures, without hydration errors.

/** A stored day of two entries (1,030 kcal) against a 900 kcal goal, in the seed's plain layout. */
async function seedDay(context: BrowserContext, date: string) {
  const entry = (kcal: number, protein: number, fat: number, carbs: number) =>
    fixtureEntry({ meal: 'lunch', amount: 100, grams: 100, kcal, protein, fat, carbs });
  const day = {
    date,
    goal: 900,
    weight: null,
    updatedAt: '2026-01-01T12:00:00.000Z',
    entries: [entry(610, 20.5, 10, 100.2), entry(420, 12, 30.4, 0)],
  };
  await context.addInitScript((record) => {
    window.localStorage.setItem(`dashboard-${record.date}`, JSON.stringify(record));
  }, day);
}

/** From now on, the page's errors that tell of a hydration mismatch (React's #418, #423, #425). */
function watchHydration(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => errors.filter((text) => /hydrat|#418|#423|#425/i.test(text));
}

for (const locale of locales) {
  test(
    `${locale}: the first paint shows the day's figures before the app's scripts load`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      const number = (value: number) => new Intl.NumberFormat(locale).format(value);
      await addGuestSession(context);
      await setLocale(context, locale);
      await seedDay(context, todayIso());

      // No script of the app's bundle may load: what shows comes from the HTML alone.
      await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
      await page.goto('/dashboard');
      const card = page.locator('[data-first-paint="card"]');
      await expect(card).toHaveAttribute('data-painted', 'true');
      await expect(card).toHaveAttribute('data-over', 'true');
      await expect(card.locator('p[data-first-paint="remaining"]')).toHaveText(number(130));
      await expect(card.locator('[data-first-paint="goal"]')).toHaveText(
        fill(t.kcal, { value: number(900) }),
      );
      await expect(card.locator('[data-first-paint="eaten"]')).toHaveText(
        fill(t.kcal, { value: number(1030) }),
      );
      await expect(card.locator('[data-first-paint="fat"]')).toHaveText(
        fill(t.grams, { value: number(40.4) }),
      );
      // Past the goal, the card reads "Over" (not "Remaining"), in the error colour.
      await expect(card.getByText(t.over, { exact: true }).first()).toBeVisible();
      await expect(card.getByText(t.remaining, { exact: true }).first()).toBeHidden();

      // With its scripts, the view replaces the first paint with the same figures, and React
      // reports no hydration mismatch.
      await page.unrouteAll();
      const mismatches = watchHydration(page);
      await page.goto('/dashboard');
      await expect(page.getByTestId('remaining-kcal')).toHaveText(number(130));
      await expect(page.getByTestId('eaten-kcal')).toHaveText(fill(t.kcal, { value: number(1030) }));
      await expect(page.locator('[data-first-paint="card"]')).toHaveCount(0);
      expect(mismatches()).toEqual([]);
    },
  );
}

test(
  'an unreadable stored day leaves the first paint empty for the view to explain',
  onScreen('mobile'),
  async ({ page, context }) => {
    await addGuestSession(context);
    await context.addInitScript((date) => {
      window.localStorage.setItem(`dashboard-${date}`, '{"date": "broken');
    }, todayIso());
    await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    const card = page.locator('[data-first-paint="card"]');
    await expect(card).toBeAttached();
    await expect(card).not.toHaveAttribute('data-painted', 'true');
    await expect(card.locator('p[data-first-paint="remaining"]')).toHaveText('–');
  },
);

for (const locale of locales) {
  test(
    `${locale}: an account's first paint shows the day's figures from the server, before any script`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      const number = (value: number) => new Intl.NumberFormat(locale).format(value);
      await startAccount(context, 'first-paint');
      await setLocale(context, locale);
      const date = localDate();
      for (const [kcal, protein, fat, carbs] of [
        [610, 20.5, 10, 100.2],
        [420, 12, 30.4, 0],
      ] as const) {
        const written = fixtureEntry({ meal: 'lunch', amount: 100, grams: 100, kcal, protein, fat, carbs });
        const answer = await context.request.put(`/api/days/${date}/entries/${written.id}`, {
          data: written,
        });
        expect(answer.status()).toBe(200);
      }
      expect((await context.request.patch(`/api/days/${date}`, { data: { goal: 900 } })).status()).toBe(200);

      // The browser's zone, which the page writes into the time-zone cookie on its first visit,
      // tells the server which day is today there.
      await page.goto('/dashboard');
      await expect.poll(() => cookie(context, 'time-zone')).toBeTruthy();

      // No script of the app's bundle may load: what shows comes from the server's HTML alone.
      await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
      await page.goto('/dashboard');
      await expect(page.getByTestId('remaining-kcal')).toHaveText(number(130));
      await expect(page.getByTestId('eaten-kcal')).toHaveText(fill(t.kcal, { value: number(1030) }));
      await expect(page.getByText(t.over, { exact: true }).first()).toBeVisible();

      // The view takes over with the same figures, and React reports no hydration mismatch.
      await page.unrouteAll();
      const mismatches = watchHydration(page);
      await page.goto('/dashboard');
      await expect(page.getByTestId('remaining-kcal')).toHaveText(number(130));
      // The meals' Add buttons are the view's: the server's first paint has none.
      await expect(page.locator('[data-add-meal="lunch"]')).toBeVisible();
      await expect(page.getByTestId('remaining-kcal')).toHaveCount(1);
      expect(mismatches()).toEqual([]);
    },
  );
}
