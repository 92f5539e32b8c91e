// Sharing a period with a dietitian: from the report page an account makes a read-only link,
// copies it, and a fresh browser with no account opens it, sees the days and can change nothing;
// revoked, the link shows a plain "does not work" page. A guest is offered an account instead.
// An account in English on the desktop, in Russian on the phone.
import { expect, test } from './fixtures';
import { localDate, messages, onScreenOf, startDiary, onScreen } from './helpers';
import { numbersIn, quickAddDay, seedDays } from './seed-days';
import { addDays } from '@/lib/diary/dates';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';

for (const locale of ['en', 'ru'] as const)
  test(
    `${locale}: an account shares a week read-only, and revokes it`,
    onScreenOf(locale),
    async ({ page, context, browser }) => {
      const t = messages[locale].report.share;
      const tShared = messages[locale].shared;
      await startDiary(context, 'account', locale);
      const today = localDate();
      await seedDays(
        context,
        'account',
        locale,
        [quickAddDay(addDays(today, -2), 1750, 2000, 71.6), quickAddDay(today, 2100, 2000)],
        DEFAULT_GOAL_KCAL,
      );
      await page.goto('/report');
      const share = page.getByTestId('share-links');
      await share.getByLabel(t.name).fill('Dr. Ivanova');
      await share.getByRole('button', { name: t.make }).click();
      const link = await share.getByLabel(t.madeTitle).inputValue();
      expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
      await expect(share.getByTestId('share-list')).toContainText('Dr. Ivanova');
      await expect(share.getByTestId('share-list')).toContainText(t.neverOpened);

      // A dietitian's browser: no cookies, no diary of its own, and a clock five hours east of
      // the server's, where a day formatted in the server's zone hydrated as the day before (#418).
      const dietitian = await browser.newContext({
        locale: locale === 'ru' ? 'ru-RU' : 'en-US',
        timezoneId: 'Asia/Yekaterinburg',
      });
      const other = await dietitian.newPage();
      const problems: string[] = [];
      other.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      other.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      const opened = await other.goto(link);
      expect(opened?.status()).toBe(200);
      // As a header, before the page's first stylesheet and script are asked for with the link as Referer.
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      // Not for search engines, and the link is not passed on to sites the page links to.
      await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(other.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
      await expect(other.getByText(/Dr\. Ivanova/)).toBeVisible();
      const days = other.getByTestId('report-day');
      await expect(days).toHaveCount(7);
      expect(numbersIn(await days.last().innerText())).toEqual(expect.arrayContaining([2100, 2000]));
      // Read-only: nothing to type in, and no button but printing (and the header's own switches).
      await expect(other.locator('main input, main textarea, main select')).toHaveCount(0);
      await expect(other.locator('main button')).toHaveCount(1);
      // Hydrated as drawn: no mismatch of text between the server and this browser, no error.
      await other.waitForLoadState('networkidle');
      expect(problems).toEqual([]);

      await page.reload();
      await expect(share.getByTestId('share-list')).not.toContainText(t.neverOpened);
      await share.getByRole('button', { name: t.revoke }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.revoke }).click();
      await expect(page.getByText(t.revoked, { exact: true })).toBeVisible();
      await expect(share.getByTestId('share-list')).toHaveCount(0);

      const gone = await other.reload();
      expect(gone?.status()).toBe(404);
      await expect(other.getByRole('heading', { name: tShared.goneTitle })).toBeVisible();
      await dietitian.close();
    },
  );

test(
  'a guest is offered an account to share, and can still print',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.report;
    await startDiary(context, 'guest', 'en');
    await page.goto('/report');
    const share = page.getByTestId('share-links');
    await expect(share).toContainText(t.share.leadGuest);
    await expect(share.getByRole('link', { name: messages.en.nav.createAccount })).toBeVisible();
    await expect(share.getByRole('button', { name: t.share.make })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.print })).toBeEnabled();
  },
);

// A broken percent-escape in a page's path was a plain-text 500 without the security headers.
test(
  "a share link's path with a broken escape is the app's 404, with its headers",
  onScreen('desktop'),
  async ({ request }) => {
    for (const path of ['/shared/%E0%A4%A', '/shared/%', '/shared/%ZZ', '/shared/%C3', '/%ZZ/x', '/%']) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(answer.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(answer.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(answer.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    for (const path of ['/api/shared/%E0%A4%A', '/api/days/%ZZ', '/api/%C3']) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(400);
      expect(answer.headers()['content-type'], path).toMatch(/^application\/json/);
      expect(answer.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    // The shared page's own 404 when the token is no token: it says the link does not work.
    const page = await request.get('/shared/%E0%A4%A', { headers: { 'accept-language': 'en' } });
    expect(await page.text()).toContain(messages.en.shared.goneTitle);
  },
);
