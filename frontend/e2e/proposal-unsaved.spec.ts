import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { createDesign, resultsSettled, signIn } from './helpers';

// Issue 15, finding 4: the proposal of a design with unsaved edits is what the screen shows, stamped
// as not a saved revision; a clean design's export says which revision it is. Read back with pdftotext.
test('alice exports the proposal of her unsaved edits, marked as such', async ({ page }) => {
  await signIn(page, 'alice');
  await createDesign(page, /quarter rack/i, 'E2E unsaved proposal');
  await resultsSettled(page);
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByTestId('exports')).toContainText('exports revision 1');

  await page.getByTestId('rac-nodes').fill('1');
  await resultsSettled(page);
  const exports = page.getByTestId('exports');
  await expect(exports).toContainText('exports revision 1 (unsaved changes not included)');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('button', { name: 'Proposal (PDF), with the unsaved changes' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^e2e-unsaved-proposal-unsaved_rev1_\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = await download.path();
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf-8' });
  const pages = text.split('\f').filter((p) => p.trim());
  expect(pages.length).toBeGreaterThan(3);
  for (const p of pages) expect(p).toContain('Unsaved changes — not a saved revision (based on revision 1)');
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('1 RAC node x 36 cores');
  expect(flat).not.toContain('2 RAC nodes x 36 cores');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
});
