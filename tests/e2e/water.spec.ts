// Water on the diary: a glass more with one tap (quick taps each count), a glass less, the goal's
// bar; the glass and the goal in settings, in ml or US fl oz; the period's water on the stats
// page. A guest in English on the desktop; an account in Russian on the phone, offline too.
import { expect, test } from './fixtures';
import { LIMITS } from '@/lib/limits';
import { fill, localDate, messages, onScreenOf, setOnline, startDiary, type Locale } from './helpers';
import { numbersIn, quickAddDay, seedDays } from './seed-days';
import { addDays } from '@/lib/diary/dates';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import type { Day } from '@/lib/schemas/day';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const waterText = (locale: Locale) => messages[locale].diary.water;

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: a glass of water a tap, kept, taken back, and the goal's bar`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = waterText(locale);
      await startDiary(context, mode, locale);
      await page.goto('/dashboard');
      const card = page.getByTestId('water-card');
      const more = card.getByRole('button', { name: fill(t.more, { glass: '' }).trim() });
      const less = card.getByRole('button', { name: fill(t.less, { glass: '' }).trim() });
      await expect(card.getByTestId('day-water')).toBeVisible();
      expect(numbersIn(await card.getByTestId('day-water').innerText())).toEqual([0]);
      expect(numbersIn(await card.getByTestId('water-goal').innerText())).toEqual([2000]);
      await expect(less).toBeDisabled();

      // Three quick taps: each counts, none is lost to the one before still being saved.
      await more.click();
      await more.click();
      await more.click();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-water').innerText()))
        .toEqual([750]);
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '750');
      await less.click();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-water').innerText()))
        .toEqual([500]);

      // Kept: after a reload, and (an account) on the server.
      await page.reload();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-water').innerText()))
        .toEqual([500]);
      if (mode === 'account') {
        const day = await context.request.get(`/api/days/${localDate()}`);
        expect(await day.json()).toMatchObject({ water: 500 });

        // Offline: taps are shown at once, and reach the server once back online.
        await setOnline(context, false);
        await more.click();
        await expect
          .poll(async () => numbersIn(await card.getByTestId('day-water').innerText()))
          .toEqual([750]);
        await setOnline(context, true);
        await expect
          .poll(async () => (await (await context.request.get(`/api/days/${localDate()}`)).json()).water, {
            timeout: 15_000,
          })
          .toBe(750);
      }

      // An amount typed, in litres: a 1.5 L bottle is one entry, not six taps. What is wrong with
      // a figure is said as such.
      const before = mode === 'account' ? 750 : 500;
      const typed = messages[locale].diary.typed;
      await card.getByRole('button', { name: t.type }).click();
      const popover = page.getByTestId('water-amount');
      const field = popover.getByRole('textbox', { name: t.amount });
      await expect(field).toBeFocused();
      await field.fill('🍌');
      await expect(popover.getByText(typed.notNumber)).toBeVisible();
      await field.fill('');
      await popover.getByRole('button', { name: t.add }).click();
      await expect(popover.getByText(typed.required)).toBeVisible();
      await popover.getByRole('combobox', { name: messages[locale].diary.unit }).selectOption('l');
      // Past the day's room, the room is said in the unit being typed: litres, not 19,500 ml.
      await field.fill('25');
      const litres = String((LIMITS.waterMl.max - before) / 1000);
      const room = `${locale === 'ru' ? litres.replace('.', ',') : litres} ${messages[locale].units.names.l}`;
      await expect(popover.getByText(fill(t.room, { max: room }))).toBeVisible();
      await field.fill(locale === 'ru' ? '1,5' : '1.5');
      await expect(popover.getByText(typed.required)).toHaveCount(0);
      await popover.getByRole('button', { name: t.add }).click();
      await expect(popover).toBeHidden();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-water').innerText()))
        .toEqual([before + 1500]);
      await page.reload();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-water').innerText()))
        .toEqual([before + 1500]);
    },
  );

test(
  'guest, en: the glass and the goal in settings, in US fluid ounces, and no goal at all',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.settings.water;
    await startDiary(context, 'guest', 'en');
    await page.goto('/settings');
    const settings = page.getByTestId('water-settings');
    await page
      .getByTestId('unit-settings')
      .getByRole('radio', { name: messages.en.units.systemsShort.us })
      .click();
    const glass = settings.getByLabel(fill(t.waterGlass, { unit: t.units.floz }));
    const goal = settings.getByLabel(fill(t.waterGoal, { unit: t.units.floz }));
    // 250 ml and 2,000 ml, in fl oz.
    await expect(glass).toHaveValue('8.5');
    await expect(goal).toHaveValue('67.6');

    await glass.fill('0.1');
    await glass.blur();
    await expect(settings.getByText(fill(t.range, { min: '0.3 fl oz', max: '67.6 fl oz' }))).toBeVisible();
    await glass.fill('12');
    await glass.blur();
    await expect(settings.getByText(fill(t.range, { min: '0.3 fl oz', max: '67.6 fl oz' }))).toHaveCount(0);
    await goal.fill('');
    await goal.blur();
    await expect(goal).toHaveAttribute('placeholder', t.noGoal);

    await page.goto('/dashboard');
    const card = page.getByTestId('water-card');
    await card
      .getByRole('button', { name: fill(messages.en.diary.water.more, { glass: '12 fl oz' }) })
      .click();
    await expect(card.getByTestId('day-water')).toHaveText('12 fl oz');
    // No goal: no bar, and none named.
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    await expect(card.getByTestId('water-goal')).toHaveCount(0);
    await page.reload();
    await expect(card.getByTestId('day-water')).toHaveText('12 fl oz');
    // Typed in fluid ounces too: 12 + 16.
    await card.getByRole('button', { name: messages.en.diary.water.type }).click();
    await page
      .getByTestId('water-amount')
      .getByRole('textbox', { name: messages.en.diary.water.amount })
      .fill('16');
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('day-water')).toHaveText('28 fl oz');
  },
);

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: the week's water on the stats page, against the goal`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].stats.water;
      await startDiary(context, mode, locale);
      const today = localDate();
      const days: Day[] = [
        quickAddDay(addDays(today, -2), 1800, 2000, null, 2500),
        quickAddDay(addDays(today, -1), 1900, 2000, null, 1500),
      ];
      await seedDays(context, mode, locale, days, DEFAULT_GOAL_KCAL);
      await page.goto('/stats');
      const card = page.getByTestId('water-stats');
      await expect(card.getByRole('heading', { name: t.title })).toBeVisible();
      // 2,000 ml a day on 2 of the week's 7 days; one reached the 2,000 ml goal.
      await expect
        .poll(async () => numbersIn(await card.getByTestId('water-average').innerText()))
        .toEqual([2000, 2, 7, 1]);
    },
  );
