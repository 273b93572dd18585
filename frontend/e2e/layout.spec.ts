import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { createDesign, resultsSettled, signIn } from './helpers';

// Issue 39, layout: at 1024 px the designs list was 1,148 px wide (Updated cut off, Clone and Delete off
// screen), the editor's first chart fell below the fold at 1024 × 768, and at 1280 px the BOM wrapped
// "USD" onto its own line. Measured here at both widths, with a priced BOM of six-figure amounts.

// A missing element fails its step at once, not at the test's timeout.
test.use({ actionTimeout: 15_000 });

const BOOK = 'E2E layout prices';
const QUARTER_RACK = {
  workload: { kind: 'oltp', target_tps: 10000, database_size_gb: 2000 },
  platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
};
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
}

/** As the admin: wide prices (six figures a line) for every part of a quarter rack's BOM; retired again
 * at the end, so the other specs' new designs do not take it as the active price book. */
async function importWidePrices(page: Page): Promise<number> {
  const headers = { 'X-CSRFToken': await csrf(page) };
  const evaluated = await page.request.post('/api/v1/evaluate/', { data: QUARTER_RACK, headers });
  expect(evaluated.ok()).toBe(true);
  const lines = ((await evaluated.json()) as { bom: { lines: { part_number: string }[] } }).bom.lines;
  const parts = [...new Set(lines.map((l) => l.part_number))];
  const csv = ['part_number,unit_price', ...parts.map((p, i) => `"${p}",${123456 + i}.78`)].join('\n') + '\n';
  const today = new Date().toISOString().slice(0, 10);
  const stored = await page.request.post(
    `/api/v1/import/price-books/?name=${encodeURIComponent(BOOK)}&currency=USD&effective_date=${today}`,
    { multipart: { file: { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } }, headers },
  );
  expect(stored.status(), await stored.text()).toBeLessThan(300);
  // The newest version of the name (a rerun on the same database adds one).
  const books = (await (await page.request.get('/api/v1/price-books/?limit=200')).json()) as { results: { id: number; name: string; version: number }[] };
  const ours = books.results.filter((b) => b.name === BOOK).sort((a, b) => b.version - a.version)[0]!;
  const activated = await page.request.post(`/api/v1/price-books/${ours.id}/activate/`, { headers });
  expect(activated.status(), await activated.text()).toBeLessThan(300);
  return ours.id;
}

async function retire(page: Page, book: number): Promise<void> {
  const retired = await page.request.post(`/api/v1/price-books/${book}/retire/`, { headers: { 'X-CSRFToken': await csrf(page) } });
  expect(retired.status(), await retired.text()).toBeLessThan(300);
}

/** The designs list: no wider than the viewport, the first row's Clone and Delete on screen. */
async function listFits(page: Page, width: number): Promise<void> {
  await page.goto('/designs');
  const table = page.getByTestId('designs-table');
  await expect(table).toBeVisible();
  const widths = await table.evaluate((t) => ({ table: t.scrollWidth, page: document.documentElement.scrollWidth }));
  expect(widths.table, 'the designs table is no wider than the viewport').toBeLessThanOrEqual(width);
  expect(widths.page, 'the page does not scroll sideways').toBeLessThanOrEqual(width);
  const row = table.locator('tbody tr').first();
  for (const name of ['Clone', 'Delete']) {
    const button = row.getByRole('button', { name });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box, `${name} is shown`).toBeTruthy();
    expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
  }
  const updated = await table.getByRole('columnheader', { name: 'Updated' }).boundingBox();
  expect(updated!.x + updated!.width).toBeLessThanOrEqual(width);
}

/** Every money cell of the BOM is one line high (its currency beside the amount). */
async function moneyOnOneLine(page: Page): Promise<void> {
  const cells = page.getByTestId('bom').locator('td.money');
  await expect(cells.first()).toContainText('USD');
  // The text's own height (a range over the cell's contents), not the cell's: a row is as tall as its
  // longest description.
  const heights = await cells.evaluateAll((tds) =>
    tds.map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const style = getComputedStyle(td);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
      return { text: td.textContent ?? '', content: range.getBoundingClientRect().height, line };
    }),
  );
  expect(heights.length).toBeGreaterThan(3);
  for (const h of heights) expect(h.content, `"${h.text}" wraps`).toBeLessThan(h.line * 1.5);
}

test('the designs list fits 1024 and 1280 px, the first chart shows at 1024 × 768, and BOM amounts never wrap', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin in a context of its own, to retire the price book at the end whatever happens.
  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  const book = await importWidePrices(admin);
  try {
    // A manager: the owner's row offers both Clone (the export permission) and Delete.
    await signIn(page, 'erin');
    const id = await createDesign(page, /quarter rack/i, 'E2E layout: a quarter rack with a long name that has to wrap in the list');
    await resultsSettled(page);
    await page.getByLabel('Price book').selectOption(String(book));
    await resultsSettled(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('revision-info')).toContainText('Revision 2');

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await listFits(page, viewport.width);
      if (viewport.width === 1024) await page.screenshot({ path: screenshotPath('layout-1024-designs') });

      await page.goto(`/designs/${id}`);
      await resultsSettled(page);
      const chart = await page.getByTestId('balance-chart').boundingBox();
      expect(chart, 'the first chart is drawn').toBeTruthy();
      if (viewport.width === 1024) {
        // The user guide: the first chart shows without scrolling at 1024 × 768.
        await page.screenshot({ path: screenshotPath('layout-1024-editor') });
        expect(chart!.y, 'the first chart starts above the fold').toBeLessThan(viewport.height);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await moneyOnOneLine(page);
    }
  } finally {
    await retire(admin, book);
    await admin.close();
  }
});
