// Fasting (issue 52): a fast started at a time typed, kept across a reload, refused an end before
// its start, ended by the meal logged during it, and deleted, as a guest in English on the desktop; an account's fast seen
// under way on its other device without a reload and ended there, in Russian on the phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  baseURL,
  fill,
  localDate,
  messages,
  onScreenOf,
  quickAdd,
  setLocale,
  startDiary,
  waitForHydration,
} from './helpers';
import type { Day } from '@/lib/schemas/day';

const PASSWORD = 'correct horse battery staple';

/** "HH:MM", `hoursAgo` before the browser's now, as a time field takes it. */
const clockHoursAgo = (page: Page, hoursAgo: number) =>
  page.evaluate((hours) => {
    const at = new Date(Date.now() - hours * 3_600_000);
    return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  }, hoursAgo);

test(
  'guest, en: a 16:8 fast begun three hours ago runs across a reload, ends, and is deleted',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary.fasting;
    await startDiary(context, 'guest', 'en');
    await page.goto('/dashboard');
    const card = page.getByTestId('fasting-card');
    await expect(card.getByTestId('day-fasting')).toHaveText(t.none);

    await card.getByRole('button', { name: t.start }).click();
    const dialog = page.getByRole('dialog', { name: t.startTitle });
    await expect(dialog.getByRole('radio', { name: '16:8' })).toBeChecked();
    await dialog.getByRole('radio', { name: t.atTime }).click();
    // No time typed: said under the field, nothing started.
    await dialog.getByRole('button', { name: t.start }).click();
    await expect(dialog.getByText(t.timeNeeded)).toBeVisible();
    await dialog.getByLabel(t.time).fill(await clockHoursAgo(page, 3));
    await dialog.getByRole('button', { name: t.start }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('day-fasting')).toHaveText(/^3 h( \d+ min)?$/);
    await expect(card.getByText('Fasting · planned 16 h')).toBeVisible();
    await expect(card.getByTestId('fasting-goal')).toHaveText(/^Ends .+ · 1[23] h( \d+ min)? left$/);

    await page.reload();
    await expect(card.getByTestId('day-fasting')).toHaveText(/^3 h( \d+ min)?$/);
    await card.getByRole('button', { name: t.end }).click();
    const ending = page.getByRole('dialog', { name: t.endTitle });
    // An end before the start is refused, and the fast runs on.
    await ending.getByRole('radio', { name: t.atTime }).click();
    await ending.getByLabel(t.time).fill(await clockHoursAgo(page, 4));
    await ending.getByRole('button', { name: t.end }).click();
    await expect(ending.getByTestId('fasting-problem')).toHaveText(t.problems.tooShort);
    await page.keyboard.press('Escape');
    await expect(ending).toBeHidden();

    // A meal logged during the fast asks whether the fast ended then; it ends at the meal's time.
    await quickAdd(page, 'en', '300');
    await expect(page.getByText(/^Logged during your fast\. Did the fast end at .+\?$/)).toBeVisible();
    await page.getByRole('button', { name: t.endThen, exact: true }).click();
    await expect(card.getByTestId('day-fasting')).toHaveText(/^Fasted 3 h( \d+ min)?$/);
    await expect(card.getByTestId('fasting-ended')).toContainText('planned 16 h');

    // Kept in the guest's record: an ended fast on the day it ended (today), none under way. Begun
    // before midnight (the test run after midnight), the fast's first day holds nothing of it now.
    const details = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key)!).details,
      `dashboard-${localDate()}`,
    );
    expect(details.fasting).toBeUndefined();
    expect(details.fasts).toEqual([
      { start: expect.stringMatching(/Z$/), end: expect.stringMatching(/Z$/), goalMinutes: 960 },
    ]);

    // On the stats: the fast, how long, none lasted its plan of 16 h.
    await page.goto('/stats');
    await expect(page.getByTestId('fasting-summary')).toHaveText(
      /^1 fast, 3 h( \d+ min)? on average, the longest 3 h( \d+ min)?\. None lasted its plan\.\s*$/,
    );
    await page.goto('/dashboard');

    // Started by mistake, or logged wrong: deleted from the day.
    await card.getByRole('button', { name: t.start }).click();
    const again = page.getByRole('dialog', { name: t.startTitle });
    await again.getByRole('button', { name: /^Delete the fast of 3 h/ }).click();
    await expect(again.getByRole('button', { name: /^Delete the fast/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(card.getByTestId('day-fasting')).toHaveText(t.none);
  },
);

test(
  'account, ru: a fast begun on one device shows on the other without a reload, and ends there',
  onScreenOf('ru'),
  async ({ page, context, browser }) => {
    const t = messages.ru.diary.fasting;
    await setLocale(context, 'ru');
    const email = `fast-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect(
      (await context.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status(),
    ).toBe(201);
    const device = await browser.newContext({ baseURL: baseURL(), serviceWorkers: 'block', locale: 'ru-RU' });
    await setLocale(device, 'ru');
    expect(
      (await device.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status(),
    ).toBe(200);
    const there = await device.newPage();
    await there.goto('/dashboard');
    await waitForHydration(there);
    await expect(there.getByTestId('fasting-card').getByTestId('day-fasting')).toHaveText(t.none);

    await page.goto('/dashboard');
    const card = page.getByTestId('fasting-card');
    await card.getByRole('button', { name: t.start }).click();
    const dialog = page.getByRole('dialog', { name: t.startTitle });
    await dialog.getByRole('radio', { name: '18:6' }).click();
    await dialog.getByRole('radio', { name: t.atTime }).click();
    await dialog.getByLabel(t.time).fill(await clockHoursAgo(page, 2));
    await dialog.getByRole('button', { name: t.start }).click();
    await expect(dialog).toBeHidden();
    const running = /^2 ч( \d+ мин)?$/;
    await expect(card.getByTestId('day-fasting')).toHaveText(running);
    await expect(card.getByText(fill(t.titleRunning, { goal: '18 ч' }))).toBeVisible();

    // The other device, in view, shows it without a reload.
    const thereCard = there.getByTestId('fasting-card');
    await expect(thereCard.getByTestId('day-fasting')).toHaveText(running, { timeout: 5_000 });
    await thereCard.getByRole('button', { name: t.end }).click();
    const ending = there.getByRole('dialog', { name: t.endTitle });
    await expect(ending.getByTestId('fasting-since')).toContainText('18 ч');
    await ending.getByRole('button', { name: t.end }).click();
    await expect(ending).toBeHidden();
    await expect(thereCard.getByTestId('day-fasting')).toHaveText(/^Голодание 2 ч( \d+ мин)?$/);
    await expect(card.getByTestId('day-fasting')).toHaveText(/^Голодание 2 ч( \d+ мин)?$/, {
      timeout: 5_000,
    });

    // On the server: the fast that ended, on the day it ended.
    const range = `from=${localDate(-1)}&to=${localDate()}`;
    const days = (await (await context.request.get(`/api/days?${range}`)).json()) as Day[];
    const fasts = days.flatMap((day) => day.details?.fasts ?? []);
    expect(fasts).toEqual([{ start: expect.any(String), end: expect.any(String), goalMinutes: 18 * 60 }]);
    expect(days.some((day) => day.details?.fasting)).toBe(false);
    await device.close();
  },
);
