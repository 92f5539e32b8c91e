// Personal access tokens from the settings page: made with a name, scopes and a lifetime, shown
// once, used by a script that has no cookie, and revoked after a confirmation. An account in
// English on the desktop and in Russian on the phone.
import { expect, test } from './fixtures';
import { baseURL, fill, messages, onScreenOf, startDiary } from './helpers';

for (const locale of ['en', 'ru'] as const)
  test(
    `account, ${locale}: a token made in settings reads the diary until it is revoked`,
    onScreenOf(locale),
    async ({ page, context, playwright }) => {
      const t = messages[locale].settings.tokens;
      await startDiary(context, 'account', locale);
      await page.goto('/settings#tokens');
      const card = page.getByTestId('token-settings');
      await expect(card.getByText(t.none)).toBeVisible();

      // No name: said, and nothing made.
      await card.getByRole('button', { name: t.make }).click();
      await expect(card.getByText(fill(t.nameRange, { max: '60' }))).toBeVisible();
      await card.getByLabel(t.name, { exact: true }).fill('Spreadsheet');
      await card.getByRole('button', { name: t.make }).click();
      const shown = card.getByLabel(fill(t.madeTitle, { name: 'Spreadsheet' }));
      await expect(shown).toHaveValue(/^cdt_/);
      const token = await shown.inputValue();
      await expect(card.getByTestId('token-list')).toContainText('Spreadsheet');

      // A script with the token and no cookie reads; it may not write (read only by default).
      const script = await playwright.request.newContext({
        baseURL: baseURL(),
        extraHTTPHeaders: { authorization: `Bearer ${token}` },
      });
      expect((await script.get('/api/settings')).status()).toBe(200);
      expect((await script.patch('/api/settings', { data: { waterGlass: 300 } })).status()).toBe(403);
      // Shown once: after a reload the token is listed, never shown.
      await page.reload();
      await expect(card.getByTestId('token-list')).toContainText('Spreadsheet');
      await expect(card.getByLabel(fill(t.madeTitle, { name: 'Spreadsheet' }))).toHaveCount(0);
      await expect(card.getByTestId('token-list')).toContainText(t.usedOn.split(' ')[0]!);

      await card.getByRole('button', { name: t.revoke }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.revoke }).click();
      await expect(card.getByText(t.none)).toBeVisible();
      expect((await script.get('/api/settings')).status()).toBe(401);
      await script.dispose();
    },
  );
