import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { createDesign, resultsSettled, signIn } from './helpers';

const QUARTER_RACK = {
  workload: { kind: 'oltp', target_tps: 10000, database_size_gb: 2000 },
  platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
};

/** The part numbers of a quarter rack's BOM, as the API answers them to the signed-in admin. */
async function quarterRackPartNumbers(page: Page): Promise<string[]> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post('/api/v1/evaluate/', { data: QUARTER_RACK, headers: { 'X-CSRFToken': csrf } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { bom: { lines: { part_number: string }[] } };
  return [...new Set(body.bom.lines.map((l) => l.part_number))];
}

async function priceBooksNamed(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/v1/price-books/?name=${encodeURIComponent(name)}`);
  return ((await response.json()) as { count: number }).count;
}

const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(['part_number,unit_price,discount_percent', ...rows].join('\n') + '\n'),
});

test('an admin uploads a price book: a bad row is shown and nothing saved until fixed; then a BOM is priced', async ({ page, expectedHttpErrors }) => {
  expectedHttpErrors.push({ url: /\/import\/price-books\/preview\//, status: 400, why: 'the preview of a file with a bad row' });
  const name = 'List prices USD';
  await signIn(page, 'admin');
  // `make test` starts from a fresh database (version 1); a rerun on the same one makes the next version.
  const version = (await priceBooksNamed(page, name)) + 1;
  const parts = await quarterRackPartNumbers(page);
  const good = parts.map((p, i) => `${p},${1000 + i * 10}.00,${i === 0 ? '10' : ''}`);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Price books' }).click();
  await expect(page).toHaveURL(/\/price-books$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Currency').fill('USD');
  await page.getByLabel('File (CSV or XLSX)').setInputFiles(csvFile('prices.csv', [...good, 'NOPE-1,5.00,']));

  const verdict = page.getByTestId('preview-verdict');
  await expect(verdict).toContainText('1 error: fix the file and check it again. Nothing was saved.');
  const bad = page.locator('[data-testid="preview-row"][data-status="error"]');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText("part_number: unknown part 'NOPE-1'");
  await expect(bad.locator('td[aria-invalid="true"]')).toHaveText('NOPE-1');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.screenshot({ path: screenshotPath('price-book-upload'), fullPage: true });
  expect(await priceBooksNamed(page, name)).toBe(version - 1);

  await page.getByLabel('File (CSV or XLSX)').setInputFiles(csvFile('prices-fixed.csv', good));
  await expect(verdict).toContainText(`No errors: ${parts.length} rows, ${parts.length} to save.`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('upload-saved')).toContainText(`Saved ${name} v${version} (${parts.length} prices)`);

  const row = page
    .getByTestId('price-book-row')
    .filter({ hasText: name })
    .filter({ has: page.getByRole('cell', { name: `v${version}`, exact: true }) });
  await expect(row).toContainText('retired');
  await row.getByRole('button', { name: 'Activate' }).click();
  await expect(row).toContainText('active');
  await expect(row.getByRole('button', { name: 'Retire' })).toBeVisible();

  // A new design starts with an active price book (issue 39), the new-design page says which.
  await page.goto('/designs/new');
  await expect(page.getByTestId('new-design-price-book')).toContainText(/^Priced with .+; change it next to the design name\.$/);
  await createDesign(page, /quarter rack/i, 'E2E priced quarter rack');
  await resultsSettled(page);
  await expect(page.getByTestId('bom-total')).not.toHaveText('no price book');
  await page.getByLabel('Price book').selectOption({ label: `${name} v${version} (USD)` });
  await resultsSettled(page);
  const bom = page.getByTestId('bom');
  await expect(page.getByTestId('bom-total')).toHaveText(/^[\d,]+\.\d\d USD$/);
  // The first line's 10 % discount: 1,000.00 list is priced at 900.00.
  await expect(bom.getByRole('row').filter({ hasText: parts[0]! }).first()).toContainText('900.00 USD');
});
