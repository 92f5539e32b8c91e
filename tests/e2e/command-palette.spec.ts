// The command palette (Ctrl/Cmd+K): go to any page, switch theme and language.
import { expect, test } from './fixtures';
import {
  addGuestSession,
  appPages,
  browserLocale,
  isDark,
  isDesktop,
  messages,
  openPalette,
  pageHeading,
  pageTitle,
  setLocale,
  waitForHydration,
  onScreen,
} from './helpers';

test.use({ serviceWorkers: 'block', locale: browserLocale.en, colorScheme: 'light' });

test.beforeEach(async ({ context }) => {
  await addGuestSession(context);
});

test('Ctrl+K opens the palette with the seed placeholder; gibberish shows "No matching data"; Escape and Ctrl+K close it', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await waitForHydration(page);
  const { dialog, input } = await openPalette(page);
  await expect(input).toHaveAttribute('placeholder', 'Type a command or search...');
  await input.fill('qzxv wkjh zzz');
  await expect(dialog.getByText('No matching data')).toBeVisible();
  // No command and no food of the user's: only the search over every food, catalog included.
  await expect(dialog.getByRole('option')).toHaveCount(1);
  await expect(dialog.getByRole('option')).toHaveText(
    messages.en.palette.logSearch.replace('{query}', 'qzxv wkjh zzz'),
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Each opening starts with an empty field: the next command is not typed onto the last query.
  await openPalette(page, 'en', 'Meta+k');
  await expect(input).toHaveValue('');
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeHidden();

  // The on-screen control opens it too: the side menu's search on desktop, the header button on phones.
  if (isDesktop()) {
    await page.locator('aside').getByRole('button', { name: messages.en.nav.search }).click();
  } else {
    await page.locator('header').getByRole('button', { name: messages.en.palette.open }).click();
  }
  await expect(page.getByPlaceholder(messages.en.palette.placeholder)).toBeFocused();
});

test('"Foods" by keyboard, then every page by pointer', async ({ page }) => {
  await page.goto('/dashboard');
  await waitForHydration(page);
  const { input } = await openPalette(page);
  await input.fill('Foods');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/food');
  await expect(pageHeading(page)).toHaveText(pageTitle('en', 'food'));

  for (const { path, key } of [appPages[2], appPages[3], appPages[0], appPages[1]]) {
    const { dialog, input: search } = await openPalette(page);
    await search.fill(messages.en.nav[key]);
    await dialog.getByRole('option', { name: messages.en.nav[key], exact: true }).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(dialog).toBeHidden();
    await expect(pageHeading(page)).toHaveText(pageTitle('en', key));
  }
});

test('switches the theme to dark and back to light', onScreen('desktop'), async ({ page }) => {
  await page.goto('/settings');
  await waitForHydration(page);
  let { dialog, input } = await openPalette(page);
  await input.fill('dark');
  await dialog
    .getByRole('option', { name: messages.en.palette.switchTheme.replace('{theme}', messages.en.theme.dark) })
    .click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');

  ({ dialog, input } = await openPalette(page));
  await input.fill('light');
  await dialog
    .getByRole('option', {
      name: messages.en.palette.switchTheme.replace('{theme}', messages.en.theme.light),
    })
    .click();
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light');
});

test(
  'switches the language to Russian, and the Russian palette back to English',
  onScreen('mobile'),
  async ({ page, context }) => {
    await page.goto('/stats');
    await waitForHydration(page);
    let { dialog, input } = await openPalette(page);
    await input.fill('Русский');
    await dialog
      .getByRole('option', {
        name: messages.en.palette.switchLanguage.replace('{language}', messages.en.language.ru),
      })
      .click();
    await expect(pageHeading(page)).toHaveText(pageTitle('ru', 'stats'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    expect((await context.cookies()).find((item) => item.name === 'i18n_redirected')?.value).toBe('ru');

    ({ dialog, input } = await openPalette(page, 'ru'));
    await input.fill('English');
    await dialog
      .getByRole('option', {
        name: messages.ru.palette.switchLanguage.replace('{language}', messages.ru.language.en),
      })
      .click();
    await expect(pageHeading(page)).toHaveText(pageTitle('en', 'stats'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  },
);

test.describe('in Russian', () => {
  test(
    'placeholder and empty state are translated; pages are found by their Russian names',
    onScreen('mobile'),
    async ({ page, context }) => {
      await setLocale(context, 'ru');
      await page.goto('/dashboard');
      await waitForHydration(page);
      const { dialog, input } = await openPalette(page, 'ru');
      await input.fill('ывапролдж');
      await expect(dialog.getByText(messages.ru.palette.empty)).toBeVisible();
      await input.fill(messages.ru.nav.settings);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/settings');
      await expect(pageHeading(page)).toHaveText(pageTitle('ru', 'settings'));
    },
  );
});
