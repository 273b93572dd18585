import { expect, screenshotPath, test } from './fixtures';
import { signIn } from './helpers';

// Issue 40: the recommender searches for one platform that carries several databases together. alice
// starts from an OLTP workload passed in the URL (as the design editor links to the page: 60,000 TPS,
// 75 % reads, 1,000 GB), adds a DSS warehouse of 2,000 MB/s, searches the XtremIO family and reads, in
// a candidate row, each database's verdict, throughput and response beside the other; the row's design
// holds both databases.

const ORDERS = { kind: 'oltp', target_tps: 60000, read_pct: 75, database_size_gb: 1000 };

test('alice finds an XtremIO configuration carrying an OLTP and a DSS database together, each with its figures', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'alice');
  await page.goto(`/recommend?${new URLSearchParams({ workload: JSON.stringify(ORDERS) }).toString()}`);
  await expect(page.getByLabel('Target TPS')).toHaveValue('60000');
  await expect(page.getByTestId('single-database-note')).toBeVisible();

  // A second database: the page's workload becomes the first one's, renamed Orders; the new one a DSS warehouse.
  await page.getByRole('button', { name: 'Add a database' }).click();
  const orders = page.getByTestId('recommend-database-0');
  const warehouse = page.getByTestId('recommend-database-1');
  await expect(orders.getByLabel('Target TPS')).toHaveValue('60000');
  await expect(orders.getByLabel('Database size')).toHaveValue('1000');
  await orders.getByLabel('Name').fill('Orders');
  await warehouse.getByLabel('Name').fill('Warehouse');
  await warehouse.getByLabel('Workload kind').selectOption('dss');
  await warehouse.getByLabel('Target throughput').fill('2000');
  await warehouse.getByLabel('Database size').fill('1000');
  await page.getByRole('checkbox', { name: 'EMC XtremIO' }).check();

  const asked = page.waitForRequest((r) => r.url().endsWith('/api/v1/recommend/') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Find configurations' }).click();
  // The request names both databases, the first with the URL's inputs the page does not show (75 % reads).
  expect((await asked).postDataJSON()).toMatchObject({
    databases: [
      { name: 'Orders', workload: ORDERS },
      { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000, database_size_gb: 1000 } },
    ],
    families: ['xtremio'],
  });
  await expect(page.getByTestId('recommend-results')).toBeVisible({ timeout: 120_000 });
  const message = page.getByTestId('recommend-message');
  await expect(message).toContainText('Orders');
  await expect(message).toContainText('Warehouse');

  // The first row (of those that hold, else of the closest): each database by name, with its figures.
  const row = page.getByTestId('candidate-row').first();
  const lines = row.getByTestId('candidate-database');
  await expect(lines).toHaveCount(2);
  await expect(row.locator('[data-testid="candidate-database"][data-name="Orders"]')).toContainText(/Orders: .+ · [\d,.]+ TPS · [\d,.]+ ms/);
  await expect(row.locator('[data-testid="candidate-database"][data-name="Warehouse"]')).toContainText(/Warehouse: .+ · [\d,.]+ MB\/s/);
  await page.screenshot({ path: screenshotPath('recommend-databases'), fullPage: true });

  // Its design is a design of the two databases, on the row's configuration.
  await row.getByRole('button', { name: 'Create design' }).click();
  await expect(page).toHaveURL(/\/designs\/\d+$/);
  const panel = page.getByTestId('databases-panel');
  await expect(panel.getByTestId('database-0').getByLabel('Name')).toHaveValue('Orders');
  await expect(panel.getByTestId('database-1').getByLabel('Name')).toHaveValue('Warehouse');
});
