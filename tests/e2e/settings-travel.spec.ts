import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseImportFiles,
  confirmImport,
  addGuestSession,
  localDate,
  locales,
  messages,
  quickAdd,
  setLocale,
  waitForHydration,
  type Locale,
  onScreen,
  onScreenOf,
  cookie,
  pageHeading,
  pageTitle,
  metricLabel,
} from './helpers';

// Settings travel with the data (a backup restored, a guest diary brought into a new account),
// and a new goal reaches today while past days keep theirs.

/** A guest's settings as someone who has used the app writes them: a goal and a body profile. */
const chosen = {
  name: 'Guest',
  language: 'en',
  currentGoal: 1950,
  weight: 82.4,
  height: 180,
  age: 41,
  gender: 'female',
  theme: null,
  activity: 'moderate',
  bottomNav: true,
  email: null,
  lastExportAt: null,
  savedAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

/** Stores the chosen settings (and a logged day) in a guest browser before its pages load. */
async function seedGuest(context: BrowserContext, locale: Locale) {
  await addGuestSession(context);
  await setLocale(context, locale);
  await context.addInitScript(
    ([settings, language]) => {
      if (localStorage.getItem('seeded')) return;
      localStorage.setItem('user-settings', JSON.stringify({ ...settings, language }));
      localStorage.setItem('seeded', '1');
    },
    [chosen, locale] as const,
  );
}

/** The goal and body fields of the settings page hold the chosen settings. */
async function expectChosenSettings(page: Page, locale: Locale) {
  const t = messages[locale].settings;
  await page.goto('/settings');
  const form = page.getByTestId('goal-settings');
  await expect(form.getByLabel(metricLabel(t.goalLabel, 'kcal'))).toHaveValue('1950');
  // In the locale's own decimals, as the form writes them.
  await expect(form.getByLabel(metricLabel(t.weight, 'kg'))).toHaveValue(locale === 'ru' ? '82,4' : '82.4');
  await expect(form.getByLabel(metricLabel(t.height, 'cm'))).toHaveValue('180');
  await expect(form.getByLabel(t.age)).toHaveValue('41');
  await expect(form.getByLabel(t.gender)).toHaveValue('female');
}

for (const locale of locales) {
  test(
    `${locale}: a backup restored into a fresh browser brings its goal and body profile`,
    onScreenOf(locale),
    async ({ page, context, browser }) => {
      const t = messages[locale].settings;
      await seedGuest(context, locale);
      await page.goto('/dashboard');
      await quickAdd(page, locale, '300');
      await page.goto('/settings');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t.exportJson }).click();
      const file = await (await download).path();

      const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      await addGuestSession(fresh);
      await setLocale(fresh, locale);
      const other = await fresh.newPage();
      await other.goto('/settings');
      const plan = (await chooseImportFiles(other, file)).getByTestId('import-settings');
      await expect(plan).toContainText(t.transfer.taken);
      await expect(plan).toContainText(t.transfer.fields.currentGoal);
      await confirmImport(other, locale);
      await other.reload();
      await expectChosenSettings(other, locale);
      await other.goto('/dashboard');
      await expect(other.getByTestId('eaten-kcal')).toContainText('300');
      await fresh.close();
    },
  );

  test(
    `${locale}: a diary with its own settings asks, and keeps them unless told`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].settings;
      await seedGuest(context, locale);
      await page.goto('/settings');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t.exportJson }).click();
      const file = await (await download).path();
      // Now this diary's goal differs from the backup's.
      await page.getByTestId('goal-settings').getByLabel(metricLabel(t.goalLabel, 'kcal')).fill('2200');
      // Saves itself (docs/decisions/0023), and says so.
      await expect(page.getByTestId('settings-save-status')).toHaveText(t.saved);

      const plan = (await chooseImportFiles(page, file)).getByTestId('import-settings');
      await expect(plan).toContainText(t.transfer.differ);
      await expect(plan.getByRole('radio', { name: t.transfer.keepMine })).toBeChecked();
      await plan.getByRole('radio', { name: t.transfer.useFile }).check();
      await confirmImport(page, locale);
      await page.reload();
      await expect(
        page.getByTestId('goal-settings').getByLabel(metricLabel(t.goalLabel, 'kcal')),
      ).toHaveValue('1950');
    },
  );

  test(
    `${locale}: registering from a guest diary brings its settings into the account`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const tAuth = messages[locale].auth;
      const tImport = messages[locale].guestImport;
      await seedGuest(context, locale);
      await page.goto('/dashboard');
      await quickAdd(page, locale, '250');
      await page.goto('/Register');
      await waitForHydration(page);
      await page.getByLabel(tAuth.email).fill(`travel-${randomUUID().slice(0, 8)}@example.com`);
      await page.getByLabel(tAuth.password, { exact: true }).fill('correct horse battery staple');
      await page.getByRole('button', { name: tAuth.submitRegister }).click();
      await expect(page.getByTestId('import-settings')).toContainText(
        messages[locale].settings.transfer.taken,
      );
      await page.getByRole('button', { name: tImport.import }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expect(page.getByTestId('eaten-kcal')).toContainText('250');
      await expectChosenSettings(page, locale);
    },
  );

  test(
    `${locale}: a new goal reaches today once something is logged; past days keep theirs`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].settings;
      const tDiary = messages[locale].diary;
      await seedGuest(context, locale);
      await page.goto(`/dashboard?date=${localDate(-1)}`);
      await quickAdd(page, locale, '500');
      await page.goto('/dashboard');
      await quickAdd(page, locale, '400');
      await expect(page.getByTestId('goal-kcal')).toContainText(/1[\s,.\u00a0\u202f]?950/);

      await page.goto('/settings');
      await page.getByTestId('goal-settings').getByLabel(metricLabel(t.goalLabel, 'kcal')).fill('1800');
      await expect(page.getByRole('checkbox', { name: new RegExp(t.applyGoalToday) })).toBeChecked();
      await expect(page.getByTestId('settings-save-status')).toHaveText(t.saved);

      await page.goto('/dashboard');
      await expect(page.getByTestId('goal-kcal')).toContainText(/1[\s,.\u00a0\u202f]?800/);
      await page.reload();
      await expect(page.getByTestId('goal-kcal')).toContainText(/1[\s,.\u00a0\u202f]?800/);
      await page.goto(`/dashboard?date=${localDate(-1)}`);
      await expect(page.getByTestId('goal-kcal')).toContainText(/1[\s,.\u00a0\u202f]?950/);

      // One day's own goal, from the diary.
      await page.getByRole('button', { name: tDiary.changeDayGoal }).click();
      await page.getByLabel(metricLabel(tDiary.dayGoalLabel, 'kcal')).fill('99999');
      await page.getByRole('button', { name: tDiary.save }).click();
      await expect(page.getByRole('dialog')).toContainText(tDiary.limits.goal.split('{')[0]!);
      await page.getByLabel(metricLabel(tDiary.dayGoalLabel, 'kcal')).fill('2100');
      await page.getByRole('button', { name: tDiary.save }).click();
      await expect(page.getByTestId('goal-kcal')).toContainText(/2[\s,.\u00a0\u202f]?100/);
      await page.goto('/dashboard');
      await expect(page.getByTestId('goal-kcal')).toContainText(/1[\s,.\u00a0\u202f]?800/);
    },
  );
}

test(
  'the language in use is the one the settings keep, so an export carries it',
  onScreen('desktop'),
  async ({ page, context }) => {
    await seedGuest(context, 'ru');
    await page.goto('/settings');
    const storedLanguage = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('user-settings') ?? '{}').language as string);
    await expect.poll(storedLanguage).toBe('ru');
    const group = page.getByRole('radiogroup', { name: messages.ru.language.label }).first();
    await group.getByRole('radio', { name: messages.ru.language.en }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(storedLanguage).toBe('en');
  },
);

test(
  'an imported language is the one shown, and the settings read again keep it',
  onScreen('desktop'),
  async ({ page, context, browser }) => {
    // A backup made in Russian...
    await seedGuest(context, 'ru');
    await page.goto('/settings');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: messages.ru.settings.exportJson }).click();
    const file = await (await download).path();

    // ...restored into a fresh browser that speaks English.
    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await addGuestSession(fresh);
    await setLocale(fresh, 'en');
    const other = await fresh.newPage();
    await other.goto('/settings');
    const dialog = await chooseImportFiles(other, file);
    await expect(dialog.getByTestId('import-settings')).toContainText(messages.en.settings.transfer.taken);
    await dialog.getByRole('button', { name: messages.en.settings.importers.confirm, exact: true }).click();
    await expect(other.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(pageHeading(other)).toHaveText(pageTitle('ru', 'settings'));

    // Every query of the diary is read again after an import, and again on the next visit: the
    // imported language stays, in the settings and in the cookie.
    await other.reload();
    await expect(
      other.getByTestId('goal-settings').getByLabel(metricLabel(messages.ru.settings.goalLabel, 'kcal')),
    ).toHaveValue('1950');
    await expect(other.locator('html')).toHaveAttribute('lang', 'ru');
    const storedLanguage = () =>
      other.evaluate(() => JSON.parse(localStorage.getItem('user-settings') ?? '{}').language as string);
    await expect.poll(storedLanguage).toBe('ru');
    expect((await cookie(fresh, 'i18n_redirected'))?.value).toBe('ru');
    await fresh.close();
  },
);

test(
  "an account's language, theme and bottom bar reach the browser it logs into",
  onScreen('mobile'),
  async ({ page, context, browser }) => {
    const tAuth = messages.en.auth;
    const email = `prefs-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct horse battery staple';
    await setLocale(context, 'en');
    await page.goto('/Register');
    await waitForHydration(page);
    await page.getByLabel(tAuth.email).fill(email);
    await page.getByLabel(tAuth.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: tAuth.submitRegister }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/settings');
    const main = page.locator('main');
    await main
      .getByRole('radiogroup', { name: messages.en.theme.label })
      .getByRole('radio', { name: messages.en.theme.dark })
      .click();
    await page.getByRole('switch', { name: messages.en.pages.settings.bottomNav }).click();
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await main
      .getByRole('radiogroup', { name: messages.en.language.label })
      .getByRole('radio', { name: messages.en.language.ru })
      .click();
    await expect(pageHeading(page)).toHaveText(pageTitle('ru', 'settings'));
    // Each choice is kept in the account's settings as it is made.
    await expect
      .poll(async () => (await page.request.get('/api/settings')).json())
      .toMatchObject({ language: 'ru', theme: 'dark', bottomNav: false });

    // Another browser, in English and light, logs in: the account's choices come with it.
    const other = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      colorScheme: 'light',
    });
    await setLocale(other, 'en');
    const second = await other.newPage();
    await second.goto('/Login');
    await waitForHydration(second);
    await second.getByLabel(tAuth.email).fill(email);
    await second.getByLabel(tAuth.password, { exact: true }).fill(password);
    await second.getByRole('button', { name: tAuth.submitLogin }).click();
    await second.waitForURL((url) => url.pathname === '/dashboard');
    await expect(second.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(second.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(second.getByTestId('bottom-nav')).toHaveCount(0);
    await other.close();
  },
);
