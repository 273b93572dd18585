import type { Page } from '@playwright/test';
import { describeViolation, expectNoSeriousViolations, seriousViolations } from './a11y';
import { expect, test } from './fixtures';
import { createDesign, resultsSettled, signIn, signOut } from './helpers';

// Accessibility (issue 15): every page of the SPA, in the states an architect, a manager and an
// administrator see, has no serious or critical WCAG 2.1 A/AA violation by axe-core. Each test walks
// several pages; a violation fails the test after the walk, listing every page's violations.
test.describe.configure({ mode: 'serial' });
// Each test walks many pages and runs axe on each (a second or more per run on a small machine).
test.setTimeout(240_000);

const OLTP = 'A11y quarter rack';
const DSS = 'A11y warehouse';
let oltpId = 0;

/** The charts of the results are drawn (the canvases exist and are laid out). */
async function chartsDrawn(page: Page, testIds: string[]): Promise<void> {
  for (const id of testIds) await expect(page.getByTestId(id).locator('canvas')).toBeVisible();
}

test('the check itself: axe runs under the CSP and reports a nameless button and grey-on-white text', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('health')).toHaveAttribute('data-status', 'ok');
  expect(await seriousViolations(page)).toEqual([]);
  // Broken on purpose (through the DOM: the CSP forbids inline styles, not script-set ones).
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.append(document.createElement('button'));
    const faint = document.createElement('p');
    faint.textContent = 'Faint text';
    faint.style.color = '#cbd5e1';
    main.append(faint);
  });
  const found = await seriousViolations(page);
  expect(found.map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast']);
  // What a failure prints: the rule, its impact, where and the rule's help page.
  const report = found.map(describeViolation).join('\n');
  expect(report).toContain('[critical] button-name');
  expect(report).toContain('[serious] color-contrast');
  expect(report).toContain('main > p');
  expect(report).toContain('https://dequeuniversity.com/rules/axe/');
});

test('signed out: home, sign-in (with its error), model report, not-found', async ({ page, expectedHttpErrors }) => {
  await page.goto('/');
  await expect(page.getByTestId('health')).toHaveAttribute('data-status', 'ok');
  await expectNoSeriousViolations(page, 'home (signed out)');

  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in');
  expectedHttpErrors.push({ url: /\/api\/v1\/auth\/login\//, status: 400, why: 'a wrong password on purpose' });
  // An unknown user (a demo user's failures would count towards their lockout).
  await page.getByLabel('User name').fill('nobody-a11y');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Unknown username or wrong password.')).toBeVisible();
  // The message is the field's description: a screen reader reads it with the field it is about.
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Unknown username or wrong password.');
  await expectNoSeriousViolations(page, 'sign-in with a wrong password');

  await page.goto('/model');
  await expect(page.getByTestId('model-summary')).toBeVisible();
  await expectNoSeriousViolations(page, 'model report');

  await page.goto('/no/such/page');
  await expect(page.getByRole('alert')).toHaveText('Page not found.');
  await expectNoSeriousViolations(page, 'not found');
});

test('alice: designs list, new design, OLTP and DSS editors with charts, warnings, an inline error and the side tabs', async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'alice');
  await expectNoSeriousViolations(page, 'designs list (empty or not)');

  await page.goto('/designs/new');
  await expect(page.getByRole('radio', { name: /quarter rack/i })).toBeVisible();
  await page.getByRole('radio', { name: /quarter rack/i }).check();
  await expectNoSeriousViolations(page, 'new design (a start chosen)');

  oltpId = await createDesign(page, /quarter rack/i, OLTP);
  await resultsSettled(page);
  await chartsDrawn(page, ['balance-chart', 'load-response-chart', 'capacity-chart']);
  await expectNoSeriousViolations(page, 'OLTP editor with results and charts');

  // Keyboard: tabbing from the top of the page reaches the Save button (nothing traps the focus first).
  await page.locator('body').focus();
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.getByRole('button', { name: 'Save' }).evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab reaches the Save button of the editor').toBe(true);

  // A design that does not hold: one RAC node and a database larger than the arrays give warnings.
  await page.getByTestId('rac-nodes').fill('1');
  await page.getByLabel(/^Database size/).fill('90000');
  await resultsSettled(page);
  await expect(page.getByRole('list', { name: 'Warnings' })).toBeVisible();
  await expectNoSeriousViolations(page, 'OLTP editor with warnings');

  // An input out of bounds: the message inline, next to the field.
  const sla = page.getByLabel(/SLA response/);
  expectedHttpErrors.push({ url: /\/api\/v1\/evaluate\/$/, status: 400, why: 'an SLA out of bounds on purpose' });
  await sla.fill('0.001');
  await expect(sla).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'OLTP editor with an inline field error');
  await sla.fill('');
  await resultsSettled(page);

  for (const tab of ['Share', 'Export', 'History']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Share') {
      await page.getByRole('button', { name: 'Create read-only link' }).click();
      await expect(page.getByTestId('share-link')).toBeVisible();
    }
    await expectNoSeriousViolations(page, `OLTP editor, ${tab} tab`);
  }
  await page.getByLabel('Revision summary').fill('Warnings on purpose');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('revision-info')).toContainText('Revision 2');
  await expectNoSeriousViolations(page, 'OLTP editor after a save (history with two revisions)');

  await createDesign(page, /PS6110XV.*DSS/, DSS);
  await expect(page.getByTestId('results')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('throughput-value')).toBeVisible();
  await chartsDrawn(page, ['capacity-chart']);
  await expectNoSeriousViolations(page, 'DSS editor with results and chart');

  await page.goto('/designs');
  await expect(page.getByRole('link', { name: OLTP })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: DSS }) });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row.getByRole('button', { name: 'Yes, delete' })).toBeVisible();
  await expectNoSeriousViolations(page, 'designs list with a delete confirmation open');
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('deleted-notice')).toBeVisible();
  await expectNoSeriousViolations(page, 'designs list with the deleted notice');

  await page.getByRole('link', { name: 'Trash', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(DSS) })).toBeVisible();
  await expectNoSeriousViolations(page, 'trash');
  await page.getByRole('row', { name: new RegExp(DSS) }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restored-notice')).toBeVisible();

  await page.goto(`/designs/${oltpId}/audit`);
  await expect(page.getByTestId('audit-table')).toBeVisible();
  await expectNoSeriousViolations(page, 'design audit');

  await page.goto('/compare');
  await page.getByRole('checkbox', { name: new RegExp(OLTP) }).check();
  await page.getByRole('checkbox', { name: new RegExp(DSS) }).check();
  await expect(page.getByTestId('compare-tps')).toBeVisible();
  await expectNoSeriousViolations(page, 'compare with two designs');

  await page.goto('/catalog');
  await expect(page.getByTestId('parts-table')).toBeVisible();
  await expectNoSeriousViolations(page, 'catalog, parts');
  await page.getByRole('tab', { name: 'Reference configurations' }).click();
  await expect(page.getByRole('tab', { name: 'Reference configurations' })).toHaveAttribute('aria-selected', 'true');
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, 'catalog, reference configurations');
  await page.getByRole('tab', { name: 'Benchmark curves' }).click();
  await expect(page.getByTestId('curve-chart').locator('canvas')).toBeVisible();
  await expectNoSeriousViolations(page, 'catalog, benchmark curves');
  await page.getByRole('tab', { name: 'Sizing rules' }).click();
  await expect(page.getByTestId('rules-table')).toBeVisible();
  await expectNoSeriousViolations(page, 'catalog, sizing rules');

  await page.goto('/model');
  await expect(page.getByTestId('model-summary')).toBeVisible();
  await expectNoSeriousViolations(page, 'model report (signed in)');
  await page.goto('/');
  await expect(page.getByTestId('health')).toHaveAttribute('data-status', 'ok');
  await expectNoSeriousViolations(page, 'home (signed in)');

  // Another team's design: the not-found message.
  await signOut(page);
  await signIn(page, 'dave');
  // The design and its evaluation, both asked for as the editor's page loads.
  expectedHttpErrors.push({ url: new RegExp(`/api/v1/designs/${oltpId}/(evaluation/\\?rules=current)?$`), status: 404, why: 'not shared with dave' });
  await page.goto(`/designs/${oltpId}`);
  await expect(page.getByTestId('design-not-found')).toBeVisible();
  await expectNoSeriousViolations(page, "editor of another team's design (not found)");
});

test('a read-only link, opened without an account; the editor read-only for a manager', async ({ page, browser }) => {
  expect(oltpId).toBeGreaterThan(0);
  await signIn(page, 'alice');
  const links = (await (await page.request.get(`/api/v1/designs/${oltpId}/share-links/`)).json()) as { token: string }[] | { results: { token: string }[] };
  const token = (Array.isArray(links) ? links : links.results)[0]?.token;
  expect(token).toBeTruthy();
  await page.goto(`/designs/${oltpId}?tab=share`);
  await resultsSettled(page);
  await page.getByLabel('Visibility').selectOption({ label: 'Shared with team Presales A' });
  await expect(page.getByLabel('Visibility')).toHaveValue(/\d+/);
  await signOut(page);

  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/shared/${token}`);
  await expect(visitor.getByTestId('shared-design')).toContainText(OLTP);
  await expect(visitor.getByTestId('tps-at-sla-value')).toBeVisible();
  await chartsDrawn(visitor, ['balance-chart', 'load-response-chart', 'capacity-chart']);
  await expectNoSeriousViolations(visitor, 'shared link page');
  await visitor.goto('/shared/not-a-token');
  await expect(visitor.getByTestId('shared-not-found')).toBeVisible();
  await expectNoSeriousViolations(visitor, 'shared link page, revoked or unknown link');
  await anonymous.close();

  await signIn(page, 'erin');
  await page.goto(`/designs/${oltpId}`);
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await resultsSettled(page);
  await expectNoSeriousViolations(page, 'editor read-only (manager)');
});

test('an administrator: price books (with an upload preview showing a bad row) and the audit trail', async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Price books' }).click();
  await expect(page).toHaveURL(/\/price-books$/);
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, 'price books');

  expectedHttpErrors.push({ url: /\/import\/price-books\/preview\//, status: 400, why: 'the preview of a file with a bad row' });
  await page.getByLabel('Name').fill('A11y prices');
  await page.getByLabel('Currency').fill('USD');
  await page.getByLabel('File (CSV or XLSX)').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('part_number,unit_price,discount_percent\n7110316,1000.00,\nNOPE-1,5.00,\n'),
  });
  await expect(page.getByTestId('preview-verdict')).toContainText('Nothing was saved.');
  await expectNoSeriousViolations(page, 'price books, upload preview with a bad row');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'audit trail');
});

test('a team member without admin rights: the audit page refuses, in words', async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'bob');
  expectedHttpErrors.push({ url: /\/api\/v1\/audit\//, status: 403, why: 'the audit feed is for admins' });
  await page.goto('/audit');
  await expect(page.getByRole('alert')).toHaveText('Only administrators see the audit trail.');
  await expectNoSeriousViolations(page, 'audit page refused to a non-admin');
});
