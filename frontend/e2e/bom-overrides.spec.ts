import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { createDesign, resultsSettled, signIn, signOut } from './helpers';

// An editor overrides a design's BOM in the SPA (issue 15, finding 2): changes a quantity, removes a
// line and adds a catalog part, each with a reason; the cost follows at once, and the overrides are
// saved with the design and shown again after a reload.

const BOOK = 'E2E BOM override prices';
const IB_SWITCH = 'Sun Data Center InfiniBand Switch 36';
const DIMM = '7110353'; // 16 GB DDR4 DIMM, 16 per node in Table 11
const USB = '7110360'; // OSA 8 GB USB stick, 1 per node

const QUARTER_RACK = {
  workload: { kind: 'oltp', target_tps: 10000, database_size_gb: 2000 },
  platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
};

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
}

/** As the admin: a price book for every part of a quarter rack's BOM plus the InfiniBand switch. */
async function priceBookForTheQuarterRack(page: Page): Promise<void> {
  const headers = { 'X-CSRFToken': await csrf(page) };
  const evaluated = await page.request.post('/api/v1/evaluate/', { data: QUARTER_RACK, headers });
  expect(evaluated.ok()).toBe(true);
  const lines = ((await evaluated.json()) as { bom: { lines: { part_number: string }[] } }).bom.lines;
  const parts = [...new Set([...lines.map((l) => l.part_number), IB_SWITCH])];
  const csv = ['part_number,unit_price', ...parts.map((p, i) => `"${p}",${100 + i}.00`)].join('\n') + '\n';
  const today = new Date().toISOString().slice(0, 10);
  const stored = await page.request.post(
    `/api/v1/import/price-books/?name=${encodeURIComponent(BOOK)}&currency=USD&effective_date=${today}`,
    { multipart: { file: { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } }, headers },
  );
  expect(stored.status(), await stored.text()).toBeLessThan(300);
}

/** "12,345.00 USD" -> 12345 */
async function totalUsd(page: Page): Promise<number> {
  const text = (await page.getByTestId('bom-total').textContent()) ?? '';
  const match = /([\d,]+\.\d\d) USD/.exec(text);
  if (!match) throw new Error(`no USD total in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

const line = (page: Page, part: string) => page.getByTestId('bom-line').and(page.locator(`[data-part="${part}"]`));

test('an editor changes a quantity, removes a line and adds a part, each with a reason; saved, reloaded, priced', async ({ page }) => {
  await signIn(page, 'admin');
  await priceBookForTheQuarterRack(page);
  await signOut(page);

  await signIn(page, 'alice');
  const id = await createDesign(page, /quarter rack/i, 'E2E BOM overrides');
  await resultsSettled(page);
  await page.getByLabel('Price book').selectOption({ label: `${BOOK} v1 (USD)` });
  await resultsSettled(page);
  await expect(page.getByTestId('bom-total')).toHaveText(/^[\d,]+\.\d\d USD$/);
  const before = await totalUsd(page);
  const dimms = Number(await line(page, DIMM).getByTestId('bom-quantity').textContent());

  // 1. Change a quantity: refused without a reason, applied with one; the cost follows at once.
  await line(page, DIMM).getByRole('button', { name: `Change ${DIMM}` }).click();
  const form = page.getByTestId('bom-line-form');
  await form.getByLabel(`Quantity of ${DIMM}`).fill(String(dimms + 16));
  await form.getByRole('button', { name: 'Apply quantity' }).click();
  await expect(form.getByText(/reason is required/)).toBeVisible();
  await form.getByLabel('Reason').fill('512 GB per node for a larger SGA');
  await form.getByRole('button', { name: 'Apply quantity' }).click();
  await resultsSettled(page);
  await expect(line(page, DIMM).getByTestId('bom-quantity')).toHaveText(String(dimms + 16));
  await expect(line(page, DIMM).getByTestId('override-flag')).toHaveText('Overridden: 512 GB per node for a larger SGA');
  await expect.poll(() => totalUsd(page)).toBeGreaterThan(before);
  const changed = await totalUsd(page);

  await page.getByLabel('Revision summary').fill('More memory per node');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 2');

  // 2. Reload: the override is part of the saved design and of its evaluation.
  await page.reload();
  await resultsSettled(page);
  await expect(line(page, DIMM).getByTestId('bom-quantity')).toHaveText(String(dimms + 16));
  await expect(line(page, DIMM).getByTestId('override-flag')).toHaveText('Overridden: 512 GB per node for a larger SGA');
  expect(await totalUsd(page)).toBe(changed);

  // 3. Remove a line, with a reason: listed as removed, with an undo.
  await line(page, USB).getByRole('button', { name: `Change ${USB}` }).click();
  await page.getByTestId('bom-line-form').getByLabel('Reason').fill('the customer installs from the network');
  await page.getByTestId('bom-line-form').getByRole('button', { name: 'Remove line' }).click();
  await resultsSettled(page);
  await expect(line(page, USB)).toHaveCount(0);
  const removed = page.getByTestId('bom-removed-line');
  await expect(removed).toContainText('Removed: the customer installs from the network');
  await expect.poll(() => totalUsd(page)).toBeLessThan(changed);

  // 4. Add a catalog part the generated BOM lacks: the InfiniBand switch (Table 2; not in Table 11).
  const add = page.getByTestId('bom-add-line');
  await add.getByLabel('Section').selectOption('network');
  await add.getByLabel('Catalog part').fill(IB_SWITCH);
  await expect(add.getByTestId('bom-add-part-description')).toContainText('InfiniBand');
  await add.getByLabel('Reason').fill('switched interconnect for a later third node');
  await add.getByRole('button', { name: 'Add line' }).click();
  await resultsSettled(page);
  await expect(line(page, IB_SWITCH).getByTestId('bom-quantity')).toHaveText('1');
  await expect(line(page, IB_SWITCH).getByTestId('override-flag')).toHaveText('Overridden: switched interconnect for a later third node');
  await expect(page.getByTestId('bom-override-count')).toContainText('3 overrides of the generated BOM');
  await page.getByTestId('bom').screenshot({ path: screenshotPath('bom-overrides') });

  // 5. Undo one of them (the DIMMs): back to the rule's quantity, the other two stay.
  await page.getByRole('button', { name: `Undo the override of ${DIMM}` }).click();
  await resultsSettled(page);
  await expect(line(page, DIMM).getByTestId('bom-quantity')).toHaveText(String(dimms));
  await expect(line(page, DIMM).getByTestId('override-flag')).toHaveCount(0);

  await page.getByLabel('Revision summary').fill('No USB sticks; InfiniBand switch; memory as Table 11');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 3');
  const saved = await totalUsd(page);

  await page.goto(`/designs/${id}`);
  await resultsSettled(page);
  await expect(page.getByTestId('bom-removed-line')).toContainText('Removed: the customer installs from the network');
  await expect(line(page, IB_SWITCH).getByTestId('bom-quantity')).toHaveText('1');
  await expect(line(page, DIMM).getByTestId('override-flag')).toHaveCount(0);
  expect(await totalUsd(page)).toBe(saved);
  expect(saved).not.toBe(before);
});
