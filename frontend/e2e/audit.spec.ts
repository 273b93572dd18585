import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { signIn, signOut } from './helpers';

/** The API as the signed-in browser user (session cookie + CSRF token), for setting up data. */
async function api(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.request.fetch(path, { method, data, headers: { 'X-CSRFToken': csrf, ...headers } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

test('an admin sees a measured value they changed in the audit trail', async ({ page }) => {
  await signIn(page, 'admin');
  const values = (await api(page, 'GET', '/api/v1/measured-values/?quantity=max_iops&limit=1')) as {
    results: { id: number; value: string }[];
  };
  const value = values.results[0]!;
  const after = (Number(value.value) + 1).toFixed(6);
  await api(page, 'PATCH', `/api/v1/measured-values/${value.id}/`, { value: after });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await page.getByLabel('Object type').selectOption('measured value');
  await page.getByLabel('Who (username)').fill('admin');
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByTestId('audit-row').first();
  await expect(row).toContainText('admin');
  await expect(row).toContainText('measured value');
  await expect(row).toContainText(`${value.value} → ${after}`);
  await page.screenshot({ path: screenshotPath('audit'), fullPage: true });
});

test("a team member sees a design's history; only admins get the Audit page", async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'alice');
  const me = (await api(page, 'GET', '/api/v1/auth/me/')) as { teams: { id: number; slug: string }[] };
  const team = me.teams.find((t) => t.slug === 'presales-a')!;
  const design = (await api(page, 'POST', '/api/v1/designs/', {
    name: 'Audited OLTP',
    team: team.id,
    visibility: 'team',
    workload: { kind: 'oltp', target_tps: 10000, database_size_gb: 2000 },
    platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
    reference_configuration: 'oracle-fs1-quarter-rack',
  })) as { id: number; etag: string };
  await api(page, 'PATCH', `/api/v1/designs/${design.id}/`, { name: 'Audited OLTP v2' }, { 'If-Match': design.etag });
  await api(page, 'POST', `/api/v1/designs/${design.id}/share-links/`);
  await signOut(page);

  await signIn(page, 'bob');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto(`/designs/${design.id}`);
  await page.getByRole('link', { name: /Full history/ }).click();
  await expect(page).toHaveURL(new RegExp(`/designs/${design.id}/audit$`));
  await expect(page.getByRole('heading', { name: 'History of Audited OLTP v2' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'shared' })).toContainText('alice');
  const renamed = rows.filter({ hasText: 'Revision 2' });
  await expect(renamed).toContainText('alice');
  await expect(renamed).toContainText('Audited OLTP → Audited OLTP v2');
  await expect(page.getByTestId('audit-table')).toContainText('Revision 1');
  await page.screenshot({ path: screenshotPath('design-history'), fullPage: true });

  // The global feed is not theirs: the API refuses, the page says so.
  expectedHttpErrors.push({ url: /\/api\/v1\/audit\//, status: 403, why: 'the audit feed is for admins' });
  await page.goto('/audit');
  await expect(page.getByRole('alert')).toHaveText('Only administrators see the audit trail.');
});
