import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createDesign, resultsSettled, signIn } from './helpers';

// One input contract (issue 13): the design form validates with the schema generated from the API's
// OpenAPI document, so an input out of bounds gets the same words from the form as from the API.

/** DRF's 400 body ({workload: {block_size_kb: [...]}} or dotted keys) flattened to dotted paths. */
function fieldMessages(body: unknown, prefix = ''): Record<string, string[]> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.entries(body as Record<string, unknown>).reduce<Record<string, string[]>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return { ...out, [path]: value as string[] };
    if (typeof value === 'string') return { ...out, [path]: [value] };
    return { ...out, ...fieldMessages(value, path) };
  }, {});
}

/** What the API says about a design's inputs with one workload field changed (POST /api/v1/evaluate/). */
async function apiMessage(page: Page, designId: number, field: string, value: number): Promise<{ status: number; messages: string[] }> {
  const design = await (await page.request.get(`/api/v1/designs/${designId}/`)).json();
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post('/api/v1/evaluate/', {
    data: { workload: { ...design.workload, [field]: value }, platform: design.platform },
    headers: { 'X-CSRFToken': csrf },
  });
  return { status: response.status(), messages: fieldMessages(await response.json())[`workload.${field}`] ?? [] };
}

test('an architect types an OLTP block size of 4096 KB and sees, next to the field, the message the API gives', async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'alice');
  const id = await createDesign(page, /quarter rack/i, 'E2E block size out of range');
  await resultsSettled(page);

  const api = await apiMessage(page, id, 'block_size_kb', 4096);
  expect(api.status).toBe(400);
  // The engine stops at 1024 KB for OLTP; the contract says so and both sides format it the same way.
  expect(api.messages).toEqual(['must be between 2 and 1024']);

  // A contract without the bound leaves the check to the API, whose 400 then lands on the same field.
  expectedHttpErrors.push({ url: /\/api\/v1\/evaluate\/$/, status: 400, why: 'only when the published contract lacks the bound' });
  const blockSize = page.getByLabel(/Block size/);
  await blockSize.fill('4096');
  await expect(blockSize).toHaveAttribute('aria-invalid', 'true');
  await expect(blockSize).toHaveAccessibleDescription(api.messages.join(' '));

  await blockSize.fill('8');
  await expect(blockSize).toHaveAttribute('aria-invalid', 'false');
  await resultsSettled(page);
});
