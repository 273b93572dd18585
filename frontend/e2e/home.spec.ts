import { expect, screenshotPath, test } from './fixtures';

test('home page shows the app name and a healthy API on PostgreSQL', async ({ page, browser }) => {
  console.log(`Chromium ${browser.version()}`);
  await page.goto('/');
  await expect(page).toHaveTitle('DB Sizer');
  await expect(page.getByRole('link', { name: 'DB Sizer' })).toBeVisible();
  const health = page.getByTestId('health');
  await expect(health).toHaveAttribute('data-status', 'ok');
  await expect(health).toContainText('postgresql');
  await page.screenshot({ path: screenshotPath('home'), fullPage: true });
});

test('client-side routes are served by the history-mode fallback', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveText('Page not found.');
});
