import { expect, type Page } from '@playwright/test';

// Demo users from `manage.py seed_demo_users` (backend/accounts): alice, carol editors, bob viewer and
// erin manager in Presales A; dave editor in Presales B.
export const PASSWORD = 'dbsizer-demo';

export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toHaveText(username);
  // The landing page (the designs list, a lazy chunk) loads its data after the sign-in: let it finish,
  // or a test that signs out at once races the list request against the logout (a 403 in the console).
  await page.waitForLoadState('networkidle');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** The number a headline shows ("25,800 TPS" -> 25800). */
export async function headlineNumber(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const match = /-?[\d,]+(?:\.\d+)?/.exec(text);
  if (!match) throw new Error(`no number in ${testId}: "${text}"`);
  return Number(match[0].replace(/,/g, ''));
}

/** Waits until the results are current (not stale, not loading). */
export async function resultsSettled(page: Page): Promise<void> {
  await expect(page.getByTestId('results')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('tps-at-sla-value')).toBeVisible();
}

export async function createDesign(page: Page, start: RegExp, name: string): Promise<number> {
  await page.goto('/designs');
  await page.getByRole('link', { name: 'New design' }).click();
  await page.getByRole('radio', { name: start }).check();
  await page.getByLabel('Design name').fill(name);
  await page.getByRole('button', { name: 'Create design' }).click();
  await expect(page).toHaveURL(/\/designs\/\d+$/);
  return Number(/\/designs\/(\d+)$/.exec(page.url())?.[1]);
}
