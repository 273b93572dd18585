import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';
// The engine's seed designs (backend/sizing/tests/golden/cases.py) as POST /api/v1/designs/ bodies,
// written by `manage.py write_spa_fixture` (npm run gen:fixture); a backend test fails when it drifts.
import seeds from './seed-designs.fixture.json' with { type: 'json' };

// Issue 39: no enum value appears raw in the SPA. A reader sees the display names (frontend/src/lib/
// display-names.generated.ts, from backend/sizing/display.py), never the engine's identifiers:
// snake_case words (station, check and quantity ids) or lowercase family / configuration slugs
// (product names such as "PS6010XV" or "FS1-2" are upper case and fine: the check is case-sensitive).
const SNAKE_CASE = /\b[a-z]+_[a-z0-9_]+\b/g;
const SLUG = /oracle-fs1|equallogic|xtremio|netapp|[a-z]-rack\b|\bfs1-|\bps6\d{3}/g;
// Configuration parameters as the vendors' documents print them and the customer's administrators type
// them: words of the platform, not of our code (the same list as the proposal's scan,
// backend/designs/tests/test_proposal_scan.py).
const VENDOR_PARAMETERS = new Set(['rr_min_io', 'cmds_max', 'queue_depth', 'max_io_qdepth', 'temp_undo_enabled', 'sga_target']);

interface Seed {
  name: string;
  body: Record<string, unknown>;
}

async function createSeed(page: Page, seed: Seed): Promise<number> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  // The seed's slug-like name is the design's name: a user typed it, so the scan blanks it out below.
  const response = await page.request.post('/api/v1/designs/', { data: seed.body, headers: { 'X-CSRFToken': csrf } });
  expect(response.ok(), `POST ${seed.name}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** The editor shows the design's evaluation in full: not stale, its key set (the charts drawn), and the
 * deferred BOM and assumptions caught up with it. */
async function evaluationShown(page: Page): Promise<void> {
  const results = page.getByTestId('results');
  await expect(results).toHaveAttribute('data-stale', 'false');
  await expect(results).toHaveAttribute('data-evaluation-key', /\d+/);
  await expect(results.locator('.results-below')).toHaveAttribute('aria-busy', 'false');
  await page.waitForLoadState('networkidle');
}

/** The raw words in the page's visible text, less the design's own (user-typed) name. The folded
 * sections (the assumptions) are opened first: what a click shows is read too. */
async function rawWords(page: Page, name: string): Promise<string[]> {
  const innerText = await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    return document.body.innerText;
  });
  const text = innerText.split(name).join(' ');
  const found = new Set<string>();
  for (const pattern of [SNAKE_CASE, SLUG]) {
    for (const match of text.matchAll(pattern)) {
      if (pattern === SNAKE_CASE && VENDOR_PARAMETERS.has(match[0])) continue;
      const at = match.index ?? 0;
      found.add(`"${match[0]}" in "…${text.slice(Math.max(0, at - 40), at + match[0].length + 40).replace(/\s+/g, ' ')}…"`);
    }
  }
  return [...found];
}

test('no seed design shows an enum value raw in the editor', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'alice');
  const offences: string[] = [];
  for (const seed of seeds as Seed[]) {
    const id = await createSeed(page, seed);
    await page.goto(`/designs/${id}`);
    await evaluationShown(page);
    for (const word of await rawWords(page, seed.name)) offences.push(`${seed.name}: ${word}`);
  }
  expect(offences, `raw enum words in the SPA (${offences.length}):\n${offences.join('\n')}`).toEqual([]);
});
