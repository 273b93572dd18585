import { expect, screenshotPath, test } from './fixtures';
import { headlineNumber, resultsSettled, signIn } from './helpers';

// The recommender: every family searched for 30,000 TPS within 20 ms; a point of the Pareto chart
// selects its row; a row's "Create design" opens the editor on the same configuration, which the
// editor evaluates to the same sustained TPS and verdict as the table showed.

interface DrawnPoint {
  key: string;
  x: number;
  y: number;
}

test('alice finds configurations for 30,000 TPS at 20 ms, picks one on the chart and creates its design', async ({ page }) => {
  await signIn(page, 'alice');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recommend' }).click();
  await expect(page).toHaveURL(/\/recommend$/);

  await page.getByLabel('Target TPS').fill('30000');
  await page.getByLabel('SLA response').fill('20');
  await page.getByRole('button', { name: 'Find configurations' }).click();
  const table = page.getByTestId('candidates-table');
  await expect(table.getByTestId('candidate-row').first()).toBeVisible();
  await expect(page.getByTestId('recommend-message')).toContainText('carry the workload');

  // The chart: a click on a drawn point (the canvas's data-points, written after each draw) selects its row.
  const canvas = page.getByTestId('pareto-chart').locator('canvas');
  await expect(canvas).toBeVisible();
  await expect(canvas).toHaveAttribute('data-points', /"key"/);
  const points = JSON.parse((await canvas.getAttribute('data-points')) ?? '[]') as DrawnPoint[];
  const point = points[points.length - 1]!;
  await canvas.click({ position: { x: point.x, y: point.y } });
  const selected = table.locator(`tr[data-key="${point.key}"]`);
  await expect(selected).toHaveAttribute('aria-selected', 'true');
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('recommend'), fullPage: true });

  // The first row's design, in the editor: the same sustained TPS and verdict.
  const first = table.getByTestId('candidate-row').first();
  const sustained = Number(((await first.getByTestId('candidate-sustained').textContent()) ?? '').replace(/[^\d.]/g, ''));
  await expect(first.getByTestId('candidate-verdict')).toHaveText('Holds');
  await first.getByRole('button', { name: 'Create design' }).click();
  await expect(page).toHaveURL(/\/designs\/\d+$/);
  await resultsSettled(page);
  expect(await headlineNumber(page, 'tps-at-sla-value')).toBeCloseTo(sustained, 0);
  await expect(page.getByTestId('verdict')).toHaveText('The design holds');
  await expect(page.getByTestId('find-holding-link')).toHaveCount(0);

  // One storage unit fewer does not hold (the row's "why the next smaller fails"): the editor offers the
  // Recommend page again, with the design's workload filled in.
  await page.getByTestId('arrays').fill(String(Math.max(1, Number(await page.getByTestId('arrays').inputValue()) - 1)));
  await expect(page.getByTestId('verdict')).toHaveText('The design does not hold');
  await page.getByTestId('find-holding-link').click();
  // The edit is unsaved: the editor asks first.
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: /Leave/ }).click();
  await expect(page).toHaveURL(/\/recommend\?workload=/);
  await expect(page.getByLabel('Target TPS')).toHaveValue('30000');
  await expect(page.getByLabel('SLA response')).toHaveValue('20');
});
