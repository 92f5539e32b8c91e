import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  locales,
  messages,
  openPalette,
  quickAdd,
  setLocale,
  setTheme,
  severeAxeViolations,
  oneScreenFor,
} from './helpers';

// Paths a newcomer met that stopped without a word (issue 27): each now finishes or says why.

/** The text of a message up to its first placeholder: numbers are written the locale's way. */
const upToValue = (message: string) => message.split('{')[0]!;

for (const locale of locales) {
  test(`${locale}: a quick add past every limit says the kcal limit and logs nothing`, async ({
    page,
    context,
  }) => {
    oneScreenFor(locale);
    const t = messages[locale].diary;
    await addGuestSession(context);
    await setLocale(context, locale);
    await page.goto('/dashboard');
    await quickAdd(page, locale, '350');

    await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.quickAdd }).click();
    // Past the amount's own limit (100,000) as well as the entry's kcal limit (20,000).
    await dialog.getByRole('textbox', { name: t.kcalShort, exact: true }).fill('150000');
    await dialog.getByRole('button', { name: t.logIt }).click();
    const limit = dialog.getByText(upToValue(t.limits.kcal));
    await expect(limit).toBeVisible();
    await expect(limit).toContainText(/20[\s,.\u00a0\u202f]?000/);
    await expect(dialog.getByRole('textbox', { name: t.kcalShort, exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByTestId('eaten-kcal')).toContainText('350');
  });

  test(`${locale}: a date that is no day shows today with a notice, and the address forgets it`, async ({
    page,
    context,
  }) => {
    oneScreenFor(locale);
    const t = messages[locale].diary;
    await addGuestSession(context);
    await setLocale(context, locale);
    const answer = await page.goto('/dashboard?date=2026-13-45');
    expect(answer?.status()).toBe(200);
    const notice = page.getByTestId('unknown-date-notice');
    await expect(notice).toHaveText(fill(t.unknownDate, { value: '2026-13-45' }));
    await expect(page.getByTestId('day-title')).toHaveText(t.today);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && !url.searchParams.has('date'));
    // Today's diary works as ever, and the notice can be put away.
    await quickAdd(page, locale, '120');
    await notice.getByRole('button', { name: t.dismissNotice }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('eaten-kcal')).toContainText('120');
    await expect(page.getByTestId('unknown-date-notice')).toHaveCount(0);
  });
}

test('the palette\u2019s "Add food" opens the add dialog on the diary page itself', async ({
  page,
  context,
}) => {
  const t = messages.en;
  await addGuestSession(context);
  await setLocale(context, 'en');
  await page.goto('/dashboard');
  await expect(page.getByTestId('eaten-kcal')).toBeVisible();
  for (let round = 0; round < 2; round++) {
    const { dialog } = await openPalette(page);
    await dialog.getByRole('option', { name: t.palette.addFood }).click();
    const add = page.getByRole('dialog').filter({ has: page.getByPlaceholder(t.diary.searchPlaceholder) });
    await expect(add).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
  }
});

for (const theme of ['light', 'dark'] as const)
  test(`${theme}: the "Over" figures of a day past its goal pass the contrast check`, async ({
    page,
    context,
  }) => {
    await addGuestSession(context);
    await setLocale(context, 'en');
    await setTheme(context, theme);
    await page.goto('/dashboard');
    await quickAdd(page, 'en', '3000');
    await expect(page.locator('[data-over="true"]').first()).toBeVisible();
    const contrast = (await severeAxeViolations(page)).filter(
      (violation) => violation.rule === 'color-contrast',
    );
    expect(contrast).toEqual([]);
  });
