import { expect, screenshotPath, test } from './fixtures';
import { createDesign, headlineNumber, resultsSettled, signIn, signOut } from './helpers';

// One story across tests (the database persists through the run): alice sizes, saves, restores and
// shares a quarter-rack design; bob (same team) sees it, erin (manager) exports it, dave (other team)
// does not; alice compares.
test.describe.configure({ mode: 'serial' });

const QUARTER = 'E2E quarter rack';
const HALF = 'E2E half rack';
let quarterId = 0;

test('alice sizes a quarter rack: ~25,800 TPS at 20 ms, fewer RAC nodes, save, restore, share', async ({ page, browser }) => {
  await page.goto('/sign-in');
  await page.screenshot({ path: screenshotPath('sign-in'), fullPage: true });
  await signIn(page, 'alice');

  quarterId = await createDesign(page, /quarter rack/i, QUARTER);
  await resultsSettled(page);
  await expect(page.getByTestId('headline-tps-at-sla')).toContainText('TPS at 20 ms');
  const tps = await headlineNumber(page, 'tps-at-sla-value');
  expect(Math.abs(tps - 25800) / 25800).toBeLessThanOrEqual(0.05);
  // Each banded projection carries its interval from the family's held-out errors; the charts shade them.
  await expect(page.getByTestId('tps-at-sla-band')).toContainText(/\d–[\d,]+ TPS \(±[\d.]+%\)/);
  await expect(page.getByTestId('response-band')).toContainText('±');
  await expect(page.getByTestId('storage-latency-value')).toContainText('ms');
  await expect(page.getByTestId('utilisation-value')).toContainText(/CPU \d+% · storage \d+%/);
  await expect(page.getByTestId('headline-profile')).toBeVisible();
  await expect(page.getByTestId('load-response-band')).toContainText('around each line');
  await expect(page.getByTestId('balance-band')).toContainText('storage latency ±');
  await expect(page.getByLabel('Workload profile')).toBeVisible();
  await expect(page.getByTestId('balance-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('capacity-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('capacity-chart')).toContainText('over 3 years');
  await expect(page.getByTestId('load-response-caption')).toContainText('2 RAC nodes sustain');
  // The measured point of the evidence is drawn over the model line.
  await expect(page.getByTestId('load-response-caption')).toContainText('Measured: 25,800 TPS at 20 ms with 2 RAC nodes (the Oracle FS1-2 RAC reference architecture (2016), Table 1)');
  // Priced with the active price book where one is (other specs may leave one active), else unpriced.
  await expect(page.getByTestId('bom')).toContainText(/no price book|USD/);
  await page.screenshot({ path: screenshotPath('editor'), fullPage: true });
  // Fits 1280 px and a small laptop screen without sideways scrolling.
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1024, height: 700 });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('balance-chart').getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('balance-e2e-quarter-rack.png');
  const png = await download.createReadStream();
  const head: Buffer = await new Promise((resolve) => png.once('data', (chunk) => resolve(chunk as Buffer)));
  expect(head.subarray(1, 4).toString()).toBe('PNG');
  // The PNG carries a heading (the chart's title, the design's platform) above the chart as drawn:
  // its height (IHDR, bytes 20-23) exceeds the chart canvas's.
  const canvasHeight = await page.getByTestId('balance-chart').locator('canvas').evaluate((c) => (c as HTMLCanvasElement).height);
  expect(head.readUInt32BE(20)).toBeGreaterThan(canvasHeight);
  // Latency and response axes open focused on the zones and the design point; the full range is a click away.
  const balance = page.getByTestId('balance-chart');
  await expect(balance.getByRole('radio', { name: 'Focused' })).toBeChecked();
  await expect(balance).toContainText('Latency axis focused on the zones and the design point');
  await balance.getByRole('radio', { name: 'Full range' }).check();
  await expect(balance).toContainText('Latency axis over the full model range');
  await balance.getByRole('radio', { name: 'Focused' }).check();
  await expect(page.getByTestId('load-response-caption')).toContainText('Response axis focused on the SLA and the design load');
  await page.getByRole('radio', { name: 'TPS vs users' }).check();
  await expect(page.getByTestId('load-response-chart').getByRole('heading')).toContainText('Throughput vs users');
  await page.getByRole('radio', { name: 'Response time vs TPS' }).check();

  // One RAC node: the quarter rack turns CPU-bound (Oracle FS1 paper), the headline and chart follow.
  // Wait for the new evaluation by its key: the stale state between edit and answer can be shorter
  // than the assertion's polling interval (a fast answer on a quiet machine), so it is not awaited.
  const shown = (await page.getByTestId('results').getAttribute('data-evaluation-key')) ?? '';
  await page.getByTestId('rac-nodes').fill('1');
  await expect(page.getByTestId('results')).not.toHaveAttribute('data-evaluation-key', shown);
  await resultsSettled(page);
  await expect.poll(() => headlineNumber(page, 'tps-at-sla-value')).toBeLessThan(tps * 0.9);
  await expect(page.getByTestId('load-response-caption')).toContainText('1 RAC node sustains');
  await expect(page.getByTestId('bottleneck-value')).toHaveText('Server CPU');

  await page.getByLabel('Revision summary').fill('Try a single RAC node');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 2');
  await expect(page.getByTestId('revision-2')).toContainText('RAC nodes: 2 → 1');
  await expect(page.getByTestId('revision-2')).toContainText('Try a single RAC node (changed platform)');

  // Back to two nodes by restoring revision 1.
  await page.getByRole('button', { name: 'Restore revision 1' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 3');
  await expect(page.getByTestId('rac-nodes')).toHaveValue('2');
  await resultsSettled(page);
  expect(Math.abs((await headlineNumber(page, 'tps-at-sla-value')) - tps)).toBeLessThan(1);
  await expect(page.getByTestId('revision-3')).toContainText('Restored revision 1');
  await page.getByTestId('history').screenshot({ path: screenshotPath('history') });

  // Exports: plain links to the export endpoints, answered with the right file types.
  await page.getByRole('tab', { name: 'Export' }).click();
  const types: Record<string, RegExp> = { pdf: /application\/pdf/, csv: /text\/csv/, xlsx: /spreadsheetml/ };
  await expect(page.getByTestId('exports').getByRole('link')).toHaveCount(5);
  for (const link of await page.getByTestId('exports').getByRole('link').all()) {
    const href = (await link.getAttribute('href')) ?? '';
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toMatch(types[href.split('.').pop() ?? ''] ?? /^$/);
  }

  await page.getByRole('tab', { name: 'Share' }).click();

  // A read-only link opens without an account; once revoked it does not.
  await page.getByRole('button', { name: 'Create read-only link' }).click();
  const shareUrl = (await page.getByTestId('share-link').textContent()) ?? '';
  expect(shareUrl).toMatch(/\/shared\/[\w-]+$/);
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  const visitorErrors: string[] = [];
  visitor.on('console', (msg) => {
    if (msg.type() === 'error') visitorErrors.push(`${msg.text()} ${msg.location().url}`);
  });
  await visitor.goto(shareUrl);
  await expect(visitor.getByTestId('shared-design')).toContainText(QUARTER);
  await expect(visitor.getByTestId('tps-at-sla-value')).toHaveText('25,800 TPS');
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('share-link')).toHaveCount(0); // the API lists active links only
  await visitor.reload();
  await expect(visitor.getByTestId('shared-not-found')).toBeVisible();
  // The only errors: the anonymous session probe (403) and the revoked link (404).
  for (const error of visitorErrors) expect(error).toMatch(/status of (403 .*auth\/me|404 .*\/api\/v1\/shared\/)/);
  await anonymous.close();

  await page.getByLabel('Visibility').selectOption({ label: 'Shared with team Presales A' });
  await expect(page.getByTestId('revision-info')).toContainText('Revision 4');
  await expect(page.getByLabel('Visibility')).toHaveValue(/\d+/);
});

test('bob (same team) sees the design read-only; erin (manager) exports it; dave (other team) does not', async ({ page, expectedHttpErrors }) => {
  expect(quarterId).toBeGreaterThan(0);
  await signIn(page, 'bob');
  await page.goto('/designs');
  await page.getByRole('link', { name: QUARTER }).click();
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await resultsSettled(page);
  expect(Math.abs((await headlineNumber(page, 'tps-at-sla-value')) - 25800) / 25800).toBeLessThanOrEqual(0.05);
  // A viewer reads but does not export (nor clone, which would make an exportable copy).
  await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Export' })).toHaveCount(0);
  await page.goto('/designs');
  await expect(page.getByRole('link', { name: QUARTER })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clone' })).toHaveCount(0);
  await signOut(page);

  // The manager reads read-only too, and is the one who exports the proposal and the BOM.
  await signIn(page, 'erin');
  await page.goto(`/designs/${quarterId}`);
  await expect(page.getByTestId('read-only-note')).toContainText('you are a manager');
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByTestId('exports').getByRole('link')).toHaveCount(5);
  const proposal = page.getByTestId('exports').getByRole('link', { name: 'Proposal (PDF)' });
  const response = await page.request.get((await proposal.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/application\/pdf/);
  await signOut(page);

  await signIn(page, 'dave');
  await page.goto('/designs');
  await expect(page.getByRole('heading', { name: 'Designs' })).toBeVisible();
  await expect(page.getByText(/No designs yet|No design matches/)).toBeVisible();
  await expect(page.getByRole('link', { name: QUARTER })).toHaveCount(0);
  // The design and its evaluation, both asked for as the editor's page loads.
  expectedHttpErrors.push({ url: new RegExp(`/api/v1/designs/${quarterId}/(evaluation/\\?rules=current)?$`), status: 404, why: 'not shared with dave' });
  await page.goto(`/designs/${quarterId}`);
  await expect(page.getByTestId('design-not-found')).toBeVisible();
});

test('a save over a newer version saved elsewhere is refused with a reload offer', async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'alice');
  await page.goto(`/designs/${quarterId}`);
  await resultsSettled(page);
  const revision = await page.getByTestId('revision-info').textContent();

  // Meanwhile, carol's tab (same API, same rules: If-Match with the version read) saves a change.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const current = await (await page.request.get(`/api/v1/designs/${quarterId}/`)).json();
  const other = await page.request.patch(`/api/v1/designs/${quarterId}/`, {
    data: { customer: 'Changed elsewhere' },
    headers: { 'If-Match': current.etag, 'X-CSRFToken': csrf },
  });
  expect(other.status()).toBe(200);

  expectedHttpErrors.push({ url: new RegExp(`/api/v1/designs/${quarterId}/$`), status: 412, why: 'stale ETag on purpose' });
  await page.getByLabel('Revision summary').fill('Stale save');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('save-error')).toContainText('changed by someone else');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('revision-info')).not.toHaveText(revision ?? '');
  await expect(page.getByLabel('Customer')).toHaveValue('Changed elsewhere');
});

test('alice compares the quarter and the half rack', async ({ page }) => {
  await signIn(page, 'alice');
  await createDesign(page, /half rack/i, HALF);
  await resultsSettled(page);
  await page.goto('/designs');
  await expect(page.getByRole('link', { name: HALF })).toBeVisible();
  // The list shows each design's verdict, throughput and cost as of its last save (issue 15, finding 10).
  const halfRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: HALF }) });
  await expect(halfRow.getByTestId('verdict-cell')).toHaveText(/^(Holds|Does not hold)$/);
  await expect(halfRow.getByTestId('throughput-cell')).toHaveText('39,000 TPS');
  // A new design takes the active price book (the e2e server seeds the demo one).
  await expect(halfRow.getByTestId('cost-cell')).toHaveText(/^[\d,]+\.\d\d USD$|^—No price book chosen$/);
  await page.screenshot({ path: screenshotPath('designs-list'), fullPage: true });

  await page.getByRole('link', { name: 'Compare' }).click();
  await page.getByRole('checkbox', { name: new RegExp(QUARTER) }).check();
  await page.getByRole('checkbox', { name: new RegExp(HALF) }).check();
  const tpsRow = page.getByTestId('compare-tps');
  await expect(tpsRow).toContainText('25,800 TPS');
  await expect(tpsRow).toContainText('39,000 TPS');
  await expect(page.getByTestId('bom-differences')).toBeVisible();
  // Cost per TPS has a row, priced or saying why not (issue 15, finding 9); the BOM also compares by section.
  await expect(page.getByTestId('compare-cost-per-throughput')).toContainText(/USD per TPS|— \(No price book chosen\)/);
  await expect(page.getByTestId('bom-section-storage')).toContainText('× ');
  await page.screenshot({ path: screenshotPath('compare'), fullPage: true });

  // Clone, then delete the copy (with confirmation): it goes to the trash, and Undo brings it back.
  await page.getByRole('link', { name: 'Designs' }).click();
  await page.getByRole('row', { name: new RegExp(HALF) }).getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByLabel('Design name')).toHaveValue(`${HALF} (copy)`);
  await page.getByRole('link', { name: 'Designs' }).click();
  const copyName = `${HALF} (copy)`;
  const copy = page.getByRole('row', { name: new RegExp(`${HALF} \\(copy\\)`) });
  const deleteCopy = async () => {
    await copy.getByRole('button', { name: 'Delete' }).click();
    await copy.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByRole('link', { name: copyName })).toHaveCount(0);
  };
  await deleteCopy();
  await expect(page.getByRole('link', { name: HALF, exact: true })).toBeVisible();
  await expect(page.getByTestId('deleted-notice')).toContainText(`“${copyName}” moved to the trash`);
  await page.getByTestId('deleted-notice').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: copyName })).toBeVisible();
  await expect(page.getByTestId('deleted-notice')).toHaveCount(0);

  // Delete it again, then restore it from the Trash page (which says when it would be purged).
  await deleteCopy();
  await page.getByRole('link', { name: 'Trash', exact: true }).click();
  const trashed = page.getByRole('row', { name: new RegExp(`${HALF} \\(copy\\)`) });
  await expect(trashed).toContainText('by alice');
  await expect(trashed.getByRole('cell').nth(4)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  await page.screenshot({ path: screenshotPath('trash'), fullPage: true });
  await trashed.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restored-notice')).toContainText(`Restored “${copyName}”`);
  await expect(trashed).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to designs' }).click();
  await expect(page.getByRole('link', { name: copyName })).toBeVisible();
});

test('catalog and model accuracy pages render', async ({ page }) => {
  await signIn(page, 'alice');
  await page.getByRole('link', { name: 'Catalog' }).click();
  await expect(page.getByTestId('parts-table')).toContainText('7110316');
  await page.getByRole('tab', { name: 'Benchmark curves' }).click();
  await expect(page.getByTestId('curve-chart').locator('canvas')).toBeVisible();
  await page.screenshot({ path: screenshotPath('catalog'), fullPage: true });
  await page.getByRole('tab', { name: 'Sizing rules' }).click();
  await expect(page.getByTestId('rules-table')).toContainText('cpu-utilisation-limit');

  await page.getByRole('link', { name: 'Model accuracy' }).click();
  await expect(page.getByTestId('model-summary')).toContainText('held-out rows');
  await expect(page.getByTestId('model-summary')).toContainText('calibration');
  // One section per family with its grades and rows (or, before any family publishes its cases, the empty state).
  await expect(page.getByTestId('model-families').or(page.getByText('The catalog has no measurements the model predicts.'))).toBeVisible();
  if (await page.getByTestId('model-families').isVisible()) {
    await expect(page.getByTestId('family-stats').first()).toContainText('Held-out rows');
    await expect(page.getByLabel('Family')).toBeVisible();
  }
  await page.screenshot({ path: screenshotPath('model'), fullPage: true });
});

test('at 1024 px the results sit beside the inputs; an unsaved edit asks before an in-app link leaves', async ({ page }) => {
  await signIn(page, 'alice');
  // A small laptop screen (issue 15, finding 8): the verdict and the first chart show beside the inputs.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/designs/${quarterId}`);
  await resultsSettled(page);
  const workload = await page.getByRole('group', { name: /^Workload/ }).boundingBox();
  const results = await page.getByTestId('results').boundingBox();
  expect(workload && results).toBeTruthy();
  expect(results!.x).toBeGreaterThanOrEqual(workload!.x + workload!.width);
  expect(results!.y).toBeLessThan(768);
  await expect(page.getByTestId('verdict')).toBeInViewport();
  // The first chart comes before the end of the first input panel: no scrolling past every input.
  const chart = await page.getByTestId('balance-chart').boundingBox();
  expect(chart!.y).toBeLessThan(workload!.y + workload!.height);
  expect(chart!.x).toBeGreaterThanOrEqual(workload!.x + workload!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath('editor-1024') });

  // An edit not saved: the Designs link asks first, in the page (not the browser's own dialog).
  // The load field: users, or the target TPS a reference rack opens at (its rated load).
  const users = page.getByTestId('users').or(page.getByTestId('target-tps'));
  const saved = await users.inputValue();
  const edited = String(Number(saved) + 100);
  await users.fill(edited);
  await resultsSettled(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Designs' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.screenshot({ path: screenshotPath('leave-prompt') });

  // Stay: same page, the edit kept.
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/designs/${quarterId}$`));
  await expect(users).toHaveValue(edited);

  // Leave without saving: the list opens, and the design reopens as saved (the edit discarded).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Designs' }).click();
  await prompt.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/designs$/);
  await page.getByRole('link', { name: QUARTER, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/designs/${quarterId}$`));
  await expect(users).toHaveValue(saved);
  // Untouched, it leaves without a question.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(prompt).toHaveCount(0);
});
