import { expect, screenshotPath, test } from './fixtures';
import { createDesign, headlineNumber, signIn } from './helpers';

// DSS: the Dell PS6110XV TPC-H-like runs (five users = query streams, RAID 50, two RAC nodes) averaged
// 672 MB/s on one array and 1,331 MB/s on two (dell-equallogic-dss-2012, Section 3.2.1.1). The editor
// must reproduce both (the engine predicts them held out) and save the design.

async function throughputSettled(page: import('@playwright/test').Page): Promise<number> {
  await expect(page.getByTestId('results')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('throughput-value')).toBeVisible();
  return headlineNumber(page, 'throughput-value');
}

test('alice sizes a DSS warehouse on PS6110XV arrays: ~1,331 MB/s on two, ~672 on one, saved', async ({ page }) => {
  await signIn(page, 'alice');
  await createDesign(page, /PS6110XV.*DSS/, 'E2E warehouse');
  await expect(page.getByRole('radio', { name: 'DSS (warehouse scans)' })).toBeChecked();
  const two = await throughputSettled(page);
  expect(Math.abs(two - 1331) / 1331).toBeLessThanOrEqual(0.05);
  await expect(page.getByTestId('headline-per-stream')).toContainText('a full scan takes');
  await expect(page.getByTestId('dss-note')).toBeVisible();
  await expect(page.getByTestId('balance-chart')).toHaveCount(0);
  await expect(page.getByTestId('capacity-chart').locator('canvas')).toBeVisible();
  await page.screenshot({ path: screenshotPath('editor-dss'), fullPage: true });

  await page.getByTestId('arrays').fill('1');
  await expect.poll(() => headlineNumber(page, 'throughput-value')).toBeLessThan(two * 0.6);
  const one = await throughputSettled(page);
  expect(Math.abs(one - 672) / 672).toBeLessThanOrEqual(0.05);

  await page.getByLabel('Revision summary').fill('One array is enough for the pilot');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 2');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'DSS (warehouse scans)' })).toBeChecked();
  await expect(page.getByTestId('arrays')).toHaveValue('1');
});

test('a quarter-rack design switched to DSS moves to the DSS evidence platform, evaluates and saves', async ({ page }) => {
  await signIn(page, 'alice');
  await createDesign(page, /quarter rack/i, 'E2E rack turned warehouse');
  await expect(page.getByTestId('tps-at-sla-value')).toBeVisible();
  await page.getByRole('radio', { name: 'DSS (warehouse scans)' }).check();
  await expect(page.getByLabel('Platform family')).toHaveValue('equallogic');
  await expect(page.getByLabel('Storage model')).toHaveValue('PS6110XV');
  await expect(page.getByTestId('dss-platform-notice')).toContainText('the platform was switched from FS1-2');
  const mbs = await throughputSettled(page);
  expect(Math.abs(mbs - 1331) / 1331).toBeLessThanOrEqual(0.05);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 2');
  await expect(page.getByTestId('bom')).toContainText('PS6110XV');
});
