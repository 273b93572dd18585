import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, screenshotPath, test } from './fixtures';
import { resultsSettled, signIn } from './helpers';

// Issue 40: a design of several databases sharing one platform. alice opens an XtremIO design of one
// OLTP database, adds a DSS warehouse of 2,000 MB/s in the editor, reads how the two fare together
// (each one's response against itself alone), saves, and exports the customer proposal, which names both.

const DESIGN = 'E2E orders and warehouse';
const XTREMIO = { family: 'xtremio', storage_model: 'X-Brick', rac_nodes: 4, arrays: 2 };
const ORDERS = { kind: 'oltp', users: 64, read_pct: 75, database_size_gb: 1000, include_backup_overhead: false };

test('alice puts an orders database and a warehouse on one XtremIO pair, sees them together, saves and exports', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'alice');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const created = await page.request.post('/api/v1/designs/', {
    data: { name: DESIGN, customer: 'Contoso Retail', workload: ORDERS, platform: XTREMIO },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { id: number }).id;

  await page.goto(`/designs/${id}`);
  const panel = page.getByTestId('databases-panel');
  await expect(panel.getByTestId('single-database-note')).toBeVisible();
  await resultsSettled(page);
  await expect(page.getByTestId('consolidation')).toHaveCount(0);

  // A second database: the design's own becomes "Production", renamed Orders; the new one a DSS warehouse.
  await panel.getByRole('button', { name: 'Add a database' }).click();
  const first = panel.getByTestId('database-0');
  const second = panel.getByTestId('database-1');
  await first.getByLabel('Name').fill('Orders');
  await second.getByLabel('Name').fill('Warehouse');
  await second.getByLabel('Kind').selectOption('dss');
  await second.getByLabel(/Target throughput/).fill('2000');
  await second.getByLabel('Database size').fill('1000');

  const together = page.getByTestId('consolidation');
  await expect(together).toBeVisible();
  await resultsSettled(page);
  const rows = together.getByTestId('consolidation-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('rowheader')).toContainText('Orders');
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Warehouse');
  await expect(rows.nth(1)).toContainText('2,000 MB/s');
  // The orders database's response beside the warehouse, against itself alone: "+1.2 ms (+15%)".
  await expect(rows.nth(0).getByTestId('response-change')).toHaveText(/^[+−]?[\d.,]+ ms \([+−]?[\d.,]+%\)$/);
  await expect(together.getByTestId('consolidation-not-validated')).toContainText('No document measured several databases');
  await expect(page.getByTestId('headline-alone')).toContainText('Orders alone');
  await expect(page.getByTestId('consolidation-stations')).toContainText('Warehouse');
  await page.screenshot({ path: screenshotPath('consolidation-editor'), fullPage: true });

  await page.getByLabel('Revision summary').fill('The warehouse joins the orders database');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 2');
  const saved = (await (await page.request.get(`/api/v1/designs/${id}/`)).json()) as { databases: { name: string }[] };
  expect(saved.databases.map((d) => d.name)).toEqual(['Orders', 'Warehouse']);
  // The saved design opens as it was saved: both databases, evaluated together.
  await page.reload();
  await expect(page.getByTestId('database-1').getByLabel('Name')).toHaveValue('Warehouse');
  await expect(page.getByTestId('consolidation-row')).toHaveCount(2);

  // The history says what changed in words.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('revision-2')).toContainText('Databases: 1 → 2 (Orders, Warehouse)');

  // The customer proposal names both databases.
  await page.getByRole('tab', { name: 'Export' }).click();
  const exports = page.getByTestId('exports');
  await expect(exports).toContainText('exports revision 2');
  const [download] = await Promise.all([page.waitForEvent('download'), exports.getByRole('link', { name: 'Proposal (PDF)' }).click()]);
  const pdf = await download.path();
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf-8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Orders');
  expect(text).toContain('Warehouse');
  // Its Databases section: one row per database (name, throughput, response) in a table.
  const table = text.indexOf('Database Workload Load Throughput Response');
  expect(table, 'the proposal has no table of the databases').toBeGreaterThan(-1);
  const section = text.slice(table);
  expect(section).toMatch(/Orders OLTP .*\d[\d,.]* TPS/);
  expect(section).toMatch(/Warehouse DSS.*2,000 MB\/s/);
});
