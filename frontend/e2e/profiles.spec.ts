import { expect, test } from './fixtures';
import { createDesign, resultsSettled, signIn } from './helpers';

// Workload profiles (issue 14): a design runs its platform's own benchmark unless the architect picks
// another document's load or describes their own workload by its AWR figures.

test("an architect sizes their own workload from AWR figures, with no think time, and sees it named in the results", async ({ page }) => {
  await signIn(page, 'alice');
  await createDesign(page, /quarter rack/i, 'E2E own workload');
  await resultsSettled(page);
  const profile = page.getByLabel('Workload profile');
  await expect(page.getByTestId('custom-profile-fields')).toHaveCount(0);

  await profile.selectOption({ label: 'Your workload (AWR figures)' });
  const awr = page.getByTestId('custom-profile-fields');
  await expect(awr).toBeVisible();
  // The figures the custom profile cannot do without are asked for, in the API's words, before anything is sent.
  await expect(awr.getByLabel(/Transactions/)).toHaveAccessibleDescription(/is required for the custom profile/);
  await awr.getByLabel(/Transactions/).fill('1200');
  await awr.getByLabel(/Physical reads/).fill('35400');
  await awr.getByLabel(/Physical writes/).fill('17000');
  await awr.getByLabel(/DB CPU/).fill('11.5');
  await page.getByLabel(/Think time/).fill('0');
  await resultsSettled(page);
  await expect(page.getByTestId('profile-value')).toHaveText('Your workload (AWR figures)');
  // The read share is the AWR mix: 35,400 reads / (35,400 + 17,000) I/Os.
  await expect(page.getByTestId('headline-profile')).toContainText('; 68% reads');

  // Back to the platform's own benchmark: the AWR fields go away and are not sent.
  await profile.selectOption({ index: 0 });
  await expect(page.getByTestId('custom-profile-fields')).toHaveCount(0);
  await resultsSettled(page);
  await expect(page.getByTestId('profile-value')).not.toHaveText('Your workload (AWR figures)');
});
