import { expectNoSeriousViolations } from './a11y';
import { expect, screenshotPath, test } from './fixtures';
import { signIn } from './helpers';

/**
 * Small synthetic ORION and Swingbench files, laid out as the tools write them and as the builders of
 * backend/measurements/tests/orion_swingbench_builders.py print them (the parsers' own tests read the
 * same layouts): an ORION "normal" run (small 0, 1, 2, 4 outstanding I/Os; large 0, 1, 2) with its
 * summary and IOPS, MB/s and latency grids (latency in us, as the summary's last line states), and two
 * Swingbench runs of 8 and 16 users. No real result file is copied.
 */
function orionSummary(test: string): string {
  return [
    'ORION VERSION 12.1.0.2.0',
    '',
    'Command line:',
    `-run normal -testname ${test} -num_disks 4`,
    '',
    'These options enable these settings:',
    `Test: ${test}`,
    'Small IO size: 8 KB',
    'Large IO size: 1024 KB',
    'IO types: small random IOs, large random IOs',
    'Sequential stream pattern: RAID-0 striping for all streams',
    'Writes: 0%',
    'Cache size: not specified',
    'Duration for each data point: 60 seconds',
    'Small Columns:,      0,      1,      2,      4',
    'Large Columns:,      0,      1,      2',
    'Total Data Points: 12',
    '',
    'Name: /dev/sdb\tSize: 10737418240',
    '1 files found.',
    '',
    'Maximum Large MBPS=812.5 @ Small=0 and Large=2',
    'Maximum Small IOPS=9000 @ Small=4 and Large=0',
    'Small Read Latency: avg=1711 us, min=791 us, max=12316 us, std dev=454 us @ Small=4 and Large=0',
    'Minimum Small Latency=250 usecs @ Small=1 and Large=0',
    '',
  ].join('\n');
}

/** An ORION grid: a header of outstanding small I/Os, a row per outstanding large I/Os ('' untested). */
function orionGrid(rows: (number | '')[][]): string {
  const cell = (v: number | string) => String(v).padStart(7);
  return [
    `Large/Small,${[0, 1, 2, 4].map(cell).join(',')}`,
    ...rows.map((values, large) => `${String(large).padStart(11)},${values.map(cell).join(',')}`),
    '',
  ].join('\n');
}

function swingbenchResults(users: number, tps: number, comment: string, transactions: [string, number, number][]): string {
  const results = transactions.flatMap(([name, count, average]) => [
    `      <Result id="${name}">`,
    `         <AverageResponse>${average}</AverageResponse>`,
    '         <MinimumResponse>1.0</MinimumResponse>',
    '         <MaximumResponse>40.0</MaximumResponse>',
    `         <TransactionCount>${count}</TransactionCount>`,
    '         <FailedTransactionCount>0</FailedTransactionCount>',
    '      </Result>',
  ]);
  return [
    "<?xml version = '1.0' encoding = 'UTF-8'?>",
    '<Results xmlns="http://www.dominicgiles.com/swingbench/results">',
    '   <Overview>',
    '      <BenchmarkName>"Order Entry (PLSQL) V2"</BenchmarkName>',
    `      <Comment>"${comment}"</Comment>`,
    '      <TimeOfRun>Apr 18, 2024 10:14:30 AM</TimeOfRun>',
    '      <TotalRunTime>0:05:00</TotalRunTime>',
    '      <TotalCompletedTransactions>123456</TotalCompletedTransactions>',
    '      <TotalFailedTransactions>0</TotalFailedTransactions>',
    `      <AverageTransactionsPerSecond>${tps}</AverageTransactionsPerSecond>`,
    '      <MaximumTransactionRate>26820</MaximumTransactionRate>',
    '      <TimingsIn>milliseconds</TimingsIn>',
    '      <TimingType>Transaction Response Time</TimingType>',
    '   </Overview>',
    '   <Configuration>',
    `      <NumberOfUsers>${users}</NumberOfUsers>`,
    '      <MinimumInterThinkTime>0</MinimumInterThinkTime>',
    '      <MaximumInterThinkTime>0</MaximumInterThinkTime>',
    '      <MinimumIntraThinkTime>0</MinimumIntraThinkTime>',
    '      <MaximumIntraThinkTime>0</MaximumIntraThinkTime>',
    '   </Configuration>',
    '   <TransactionResults>',
    ...results,
    '   </TransactionResults>',
    '</Results>',
    '',
  ].join('\n');
}

const file = (name: string, text: string, mimeType = 'text/plain') => ({ name, mimeType, buffer: Buffer.from(text) });

test('alice imports an ORION run and Swingbench results as her team’s evidence: preview with sources, save, list, open, delete', async ({
  page,
  expectedHttpErrors,
}) => {
  // The first IOPS grid sent is refused (400, its line named) before the right one is chosen.
  expectedHttpErrors.push({ url: /\/api\/v1\/imports\/evidence\/orion\/check\/$/, status: 400, why: 'a short row in the IOPS grid' });
  // Names of their own each run: the same files again are the team's existing import.
  const stamp = String(Date.now()).slice(-6);
  const run = `e2e${stamp}`;
  const systemName = `Prod array ${stamp}`;
  await signIn(page, 'alice');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Measurements' }).click();
  await expect(page).toHaveURL(/\/imports$/);
  const section = page.getByTestId('evidence-section');
  await expect(section.getByRole('heading', { name: 'Measured evidence' })).toBeVisible();

  // The system the files measure, described by the team.
  await section.getByLabel('Existing system the files measure').selectOption({ label: 'Describe a new system…' });
  const form = section.getByTestId('evidence-system-form');
  await form.getByLabel('System name').fill(systemName);
  await form.getByLabel('Family').fill('Pure FlashArray');
  await form.getByLabel('Storage model').fill('X70');
  await form.getByRole('button', { name: 'Save system' }).click();
  await expect(form).toHaveCount(0);
  await expect(section.getByLabel('Existing system the files measure').locator('option:checked')).toHaveText(`${systemName} (Pure FlashArray X70, 0 imports)`);

  // ORION: a grid with a short row is refused under its field, naming the file and the line.
  const iops = orionGrid([
    ['', 3000, 5600, 9000],
    [0, 2500, 4800, 7600],
    [0, 2100, 4000, 6500],
  ]);
  const shortIops = iops.replace('   5600,   9000', '   5600');
  const lat = orionGrid([
    ['', 250, 330, 410],
    ['', 400, 500, 600],
    ['', 500, 600, 700],
  ]);
  const mbps = orionGrid([
    ['', 23.4, 43.8, 70.3],
    [410.2, 380, 350.1, 300.4],
    [812.5, 700, 650.2, 600.1],
  ]);
  const orionInput = section.getByLabel('ORION files');
  await orionInput.setInputFiles([file(`${run}_summary.txt`, orionSummary(run)), file(`${run}_iops.csv`, shortIops, 'text/csv'), file(`${run}_lat.csv`, lat, 'text/csv')]);
  const refused = section.getByTestId('evidence-check-error').locator('li[data-field="iops"]');
  await expect(refused).toHaveText(
    `ORION IOPS grid (_iops.csv): ${run}_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns`,
  );
  await expect(section.getByRole('button', { name: 'Save evidence' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'measured evidence, an ORION grid refused');

  // The right IOPS grid replaces it, with the MB/s grid: the run is read again.
  await orionInput.setInputFiles([file(`${run}_iops.csv`, iops, 'text/csv'), file(`${run}_mbps.csv`, mbps, 'text/csv')]);
  const preview = section.getByTestId('evidence-preview');
  await expect(preview.getByRole('heading', { name: `Preview of ORION run ${run}: 3 IOPS–latency points` })).toBeVisible();
  await expect(section.getByTestId('evidence-check-error')).toHaveCount(0);
  const points = preview.getByTestId('orion-point');
  await expect(points).toHaveCount(3);
  await expect(points.nth(0).getByRole('cell')).toHaveText(['1', '3,000', '0.25', `IOPS: ${run}_iops.csv, line 2, column 'Small=1'Latency: ${run}_lat.csv, line 2, column 'Small=1'`]);
  await expect(points.nth(2).getByRole('cell')).toHaveText(['4', '9,000', '0.41', `IOPS: ${run}_iops.csv, line 2, column 'Small=4'Latency: ${run}_lat.csv, line 2, column 'Small=4'`]);
  const mbpsPoints = preview.getByTestId('orion-mbps-point');
  await expect(mbpsPoints.nth(0).getByRole('cell')).toHaveText(['1', '410.2', `${run}_mbps.csv, line 3, column 'Small=0'`]);
  await expect(mbpsPoints.nth(1).getByRole('cell')).toHaveText(['2', '812.5', `${run}_mbps.csv, line 4, column 'Small=0'`]);
  await expect(preview.getByTestId('orion-run-small_io_kb').getByRole('cell')).toHaveText(['8 KB', `${run}_summary.txt, line 8`]);
  await expect(preview.getByTestId('orion-run-mode').getByRole('cell')).toHaveText(['normal', `${run}_summary.txt, line 4 (-run)`]);
  await expect(preview.getByTestId('orion-run-max_mbps').getByRole('cell')).toHaveText(['812.5 MB/s at Small=0, Large=2', `${run}_summary.txt, line 22`]);
  await expect(preview.getByTestId('evidence-notes')).toContainText(`${run}_lat.csv: latencies read in us`);
  await page.screenshot({ path: screenshotPath('evidence-import-orion-preview'), fullPage: true });
  await expectNoSeriousViolations(page, "measured evidence, an ORION run's preview");

  await preview.getByRole('button', { name: 'Save evidence' }).click();
  await expect(section.getByTestId('evidence-saved')).toHaveText(`Saved ORION run ${run} (3 IOPS–latency points) for Presales A, filed under ${systemName}.`);
  const orionRow = section.getByTestId('evidence-import-row').filter({ hasText: `${run}_summary.txt` });
  await expect(orionRow).toHaveCount(1);
  await expect(orionRow).toContainText(systemName);
  await expect(orionRow).toContainText('alice');

  // Swingbench: two runs of rising users, a load–response point each.
  await section.getByRole('radio', { name: 'Swingbench results' }).check();
  const comment = `e2e ${stamp}`;
  await section.getByLabel('Swingbench results files').setInputFiles([
    file('results_8u.xml', swingbenchResults(8, 210.5, comment, [['Browse Products', 50000, 3.0], ['Process Orders', 10000, 9.0]]), 'application/xml'),
    file('results_16u.xml', swingbenchResults(16, 411.52, comment, [['Browse Products', 90000, 4.0], ['Process Orders', 10000, 14.0]]), 'application/xml'),
  ]);
  await expect(preview.getByRole('heading', { name: 'Preview of Swingbench series Order Entry (PLSQL) V2: 2 load–response points' })).toBeVisible();
  const curve = preview.getByTestId('swingbench-point');
  await expect(curve.nth(0).getByRole('cell')).toHaveText([
    '8',
    '210.5',
    '4',
    'run 1 (results_8u.xml)',
    'Users: results_8u.xml, <Configuration>/<NumberOfUsers>TPS: results_8u.xml, <Overview>/<AverageTransactionsPerSecond>Response: results_8u.xml, <TransactionResults>: 2 <AverageResponse> weighted by <TransactionCount>',
  ]);
  await expect(curve.nth(1).getByRole('cell').nth(0)).toHaveText('16');
  await expect(curve.nth(1).getByRole('cell').nth(1)).toHaveText('411.52');
  await expect(curve.nth(1).getByRole('cell').nth(2)).toHaveText('5');
  await preview.getByRole('button', { name: 'Save evidence' }).click();
  await expect(section.getByTestId('evidence-saved')).toContainText(`Saved Swingbench series Order Entry (PLSQL) V2 (2 load–response points) for Presales A, filed under ${systemName}.`);
  const swingbenchRow = section.getByTestId('evidence-import-row').filter({ hasText: 'results_16u.xml' });
  await expect(swingbenchRow).toHaveCount(1);

  // Opened: where it came from, and its points again with their files and lines.
  await orionRow.getByRole('button', { name: 'Open' }).click();
  const detail = section.getByTestId('evidence-detail');
  await expect(detail.getByTestId('evidence-fact-uploaded-by')).toHaveText('alice');
  await expect(detail.getByTestId('evidence-fact-system')).toHaveText(systemName);
  await expect(detail.getByTestId('evidence-fact-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(detail.getByTestId('orion-point')).toHaveCount(3);
  await expect(detail.getByTestId('orion-mbps-point')).toHaveCount(2);
  await page.screenshot({ path: screenshotPath('evidence-import-list'), fullPage: true });
  await expectNoSeriousViolations(page, 'measured evidence, an import opened');

  // Deleted, each after a confirmation.
  for (const row of [orionRow, swingbenchRow]) {
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('group', { name: /^Confirm deleting/ }).getByRole('button', { name: 'Yes, delete' }).click();
    await expect(row).toHaveCount(0);
  }
  await expect(section.getByTestId('evidence-detail')).toHaveCount(0);
});
