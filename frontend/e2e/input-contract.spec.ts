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

test("an architect picks an OLTP block size among Oracle's and types a sub-millisecond SLA: the form says what the API says", async ({ page, expectedHttpErrors }) => {
  await signIn(page, 'alice');
  const id = await createDesign(page, /quarter rack/i, 'E2E block size and SLA');
  await resultsSettled(page);

  // Oracle's block sizes only (issue 15): the API refuses 3 KB and 4096 KB with the list it allows...
  const api = await apiMessage(page, id, 'block_size_kb', 3);
  expect(api.status).toBe(400);
  expect(api.messages).toEqual(['must be one of 2, 4, 8, 16, 32']);
  expect((await apiMessage(page, id, 'block_size_kb', 4096)).messages).toEqual(api.messages);
  // ...and the form offers exactly that list.
  const blockSize = page.getByTestId('block-size');
  await expect(blockSize.locator('option')).toHaveText(['2 KB', '4 KB', '8 KB', '16 KB', '32 KB']);
  await blockSize.selectOption('16');
  await resultsSettled(page);

  // An SLA under 1 ms (faster than a flash read): the API's message, next to the field.
  const sla = await apiMessage(page, id, 'sla_response_ms', 0.001);
  expect(sla.status).toBe(400);
  expect(sla.messages).toEqual(['must be between 1 and 600000']);
  // A contract without the bound leaves the check to the API, whose 400 then lands on the same field.
  expectedHttpErrors.push({ url: /\/api\/v1\/evaluate\/$/, status: 400, why: 'only when the published contract lacks the bound' });
  const slaField = page.getByLabel(/SLA response/);
  await slaField.fill('0.001');
  await expect(slaField).toHaveAttribute('aria-invalid', 'true');
  await expect(slaField).toHaveAccessibleDescription(new RegExp(`^${sla.messages.join(' ')}`));

  await slaField.fill('');
  await expect(slaField).toHaveAttribute('aria-invalid', 'false');
  await resultsSettled(page);
});
