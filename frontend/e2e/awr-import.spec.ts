import { expect, screenshotPath, test } from './fixtures';
import { resultsSettled, signIn } from './helpers';

/**
 * A small synthetic 19c instance report (awrrpt.sql, text), in the layout the parser reads
 * (backend/measurements/awr/text_report.py; the builders of backend/measurements/tests/awr_builders.py
 * print the same): the header tables (database, instance, host), the snapshots with the elapsed time,
 * the Load Profile (Transactions, Read/Write IO requests, DB CPU(s), Redo size (bytes)) and the Time
 * Model section after it (its DB CPU over the elapsed time is the DB CPU per second; a section after the
 * Load Profile also tells the parser the profile is complete). No real report is copied.
 */
function awrReport(dbName: string): string {
  const db = dbName.padEnd(12);
  const unique = dbName.toLowerCase().padEnd(11);
  return [
    '',
    'WORKLOAD REPOSITORY report for',
    '',
    'DB Name            DB Id Unique Name DB Role          Edition Release    RAC CDB',
    '------------ ----------- ----------- ---------------- ------- ---------- --- ---',
    `${db}  1234567890 ${unique} PRIMARY          EE      19.0.0.0.0 NO  NO`,
    '',
    'Instance     Inst Num Startup Time',
    '------------ -------- ---------------',
    'synth1              1 01-Jan-25 08:00',
    '',
    'Host Name        Platform                         CPUs Cores Sockets Memory(GB)',
    '---------------- -------------------------------- ---- ----- ------- ----------',
    'dbhost01         Linux x86 64-bit                   16     8       1      62.65',
    '',
    '              Snap Id      Snap Time      Sessions Curs/Sess',
    '            --------- ------------------- -------- ---------',
    'Begin Snap:       100 01-Jan-25 09:00:00       100       1.0',
    '  End Snap:       101 01-Jan-25 10:00:00       100       1.0',
    '   Elapsed:               60.03 (mins)',
    '   DB Time:              120.51 (mins)',
    '',
    'Load Profile                    Per Second   Per Transaction  Per Exec  Per Call',
    '~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------',
    '             DB Time(s):               2.0               1.0',
    '              DB CPU(s):               0.7               1.0',
    '      Redo size (bytes):       1,234,567.8               1.0',
    ' Physical read (blocks):           4,567.8               1.0',
    'Physical write (blocks):             345.6               1.0',
    '       Read IO requests:           1,234.5               1.0',
    '      Write IO requests:             210.9               1.0',
    '           Transactions:             123.4               1.0',
    '',
    `\fTime Model Statistics                         DB/Inst: ${dbName}/synth1  Snaps: 100-101`,
    '-> Ordered by % of DB time desc',
    '',
    'Statistic Name                                       Time (s) % of DB Time',
    '------------------------------------------ ------------------ ------------',
    'DB CPU                                               2,345.67         32.4',
    'DB time                                               7,230.6',
    '                          ------------------------------------------------------',
    '',
  ].join('\n');
}

test('alice imports an AWR report: the preview shows its values and sources, it is saved and made into a design', async ({ page }) => {
  // A name of its own each run: the same file again is the team's existing import (200, "existing").
  const stamp = String(Date.now()).slice(-6);
  const dbName = `AWR${stamp}`;
  const fileName = `awrrpt_1_100_101_${stamp}.txt`;
  await signIn(page, 'alice');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Measurements' }).click();
  await expect(page).toHaveURL(/\/imports$/);
  await page.getByLabel('AWR report (text or HTML)').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(awrReport(dbName)) });

  const preview = page.getByTestId('awr-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('awr-fact-database')).toHaveText(dbName);
  await expect(preview.getByTestId('awr-fact-release')).toHaveText('19.0.0.0.0');
  await expect(preview.getByTestId('awr-fact-elapsed')).toHaveText('60.03 min');
  const tps = preview.getByTestId('awr-value-transactions_per_s');
  await expect(tps.getByTestId('awr-value')).toHaveText('123.4');
  await expect(tps).toContainText('transactions/s');
  await expect(tps).toContainText('Load Profile, Transactions, Per Second, line 32');
  await expect(preview.getByTestId('awr-value-read_requests_per_s').getByTestId('awr-value')).toHaveText('1,234.5');
  await expect(preview.getByTestId('awr-value-redo_mb_per_s')).toContainText('MB/s');
  await expect(page.getByTestId('already-imported')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('awr-import-preview'), fullPage: true });

  await preview.getByRole('button', { name: 'Save import' }).click();
  await expect(page.getByTestId('awr-saved')).toContainText(`Saved ${fileName} (${dbName})`);
  const row = page.getByTestId('awr-import-row').filter({ hasText: fileName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(dbName);
  await expect(row).toContainText('alice');

  await row.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('awr-values').getByTestId('awr-value-transactions_per_s')).toContainText('123.4');

  await row.getByRole('button', { name: 'Create design from this AWR' }).click();
  const platform = page.getByTestId('awr-create-design').getByLabel('Platform');
  const ps6010s = await platform.locator('option', { hasText: 'PS6010S' }).first().getAttribute('value');
  expect(ps6010s).toBeTruthy();
  await platform.selectOption(ps6010s!);
  await page.getByTestId('awr-create-design').getByRole('button', { name: 'Create design' }).click();

  await expect(page).toHaveURL(/\/designs\/\d+$/);
  await resultsSettled(page);
  await expect(page.getByTestId('headline-tps-at-sla')).toBeVisible();
  await expect(page.getByTestId('profile-value')).toHaveText('Your workload (AWR figures)');
  await expect(page.getByLabel('Storage model')).toHaveValue('PS6010S');
  await page.screenshot({ path: screenshotPath('awr-import-design'), fullPage: true });
});
