// What the browser benchmarks do in a page, shared by editor-bench.mjs (`make bench`, one server) and
// editor-ab.mjs (two servers, paired): Debian's Chromium with the e2e run's switches, the probe that
// records when things appear, and the page loads they time. Every page load is cold (a new browser
// context: empty HTTP cache). Times are taken inside the page (performance.now(), whose origin is the
// navigation start) by the probe, at the first animation frame after the DOM shows the thing measured:
//   sign-in   navigation start -> the sign-in form painted (the baseline: the lightest page)
//   editor    navigation start -> the charts painted for the first evaluation of a saved design
//   inputs    navigation start -> the editor's inputs shown (same loads as "editor")
//   keystroke keydown in the users field -> the charts painted for the evaluation of the new value

import chromium from '../chromium-launch.json' with { type: 'json' };

const password = process.env.DEMO_PASSWORD ?? 'dbsizer-demo';

// The same Chromium switches and viewport as the e2e run (frontend/playwright.config.ts).
export const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromium.args };
const viewport = chromium.viewport;

/** Runs in the page before its own scripts; records when things appear (see the header). */
function probe() {
  const bench = { signIn: null, inputs: null, evaluations: [], keydownAt: null };
  window.__bench = bench;
  const afterFrame = (record) => requestAnimationFrame(() => record(performance.now()));
  let shownKey = null;
  const look = () => {
    if (bench.signIn === null && document.querySelector('#username') && document.querySelector('form button[type=submit]')) {
      bench.signIn = -1;
      afterFrame((t) => (bench.signIn = t));
    }
    if (bench.inputs === null && document.querySelector('[data-testid="users"]')) {
      bench.inputs = -1;
      afterFrame((t) => (bench.inputs = t));
    }
    // ResultsPanel sets data-evaluation-key once the charts are drawn for that evaluation.
    const key = document.querySelector('[data-testid="results"]')?.getAttribute('data-evaluation-key');
    if (key && key !== shownKey) {
      shownKey = key;
      afterFrame((t) => bench.evaluations.push({ key, at: t }));
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-evaluation-key'],
  });
  document.addEventListener('keydown', () => (bench.keydownAt = performance.now()), true);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function newPage(browser, baseURL, storageState) {
  const context = await browser.newContext({ baseURL, viewport, storageState });
  await context.addInitScript(probe);
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(browser, baseURL) {
  const { context, page } = await newPage(browser, baseURL);
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill('alice');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-user').waitFor();
  const state = await context.storageState();
  // A saved seed design: the quarter rack the e2e story sizes (Oracle FS1 reference configuration).
  await page.goto('/designs');
  await page.getByRole('link', { name: 'New design' }).click();
  await page.getByRole('radio', { name: /quarter rack/i }).check();
  await page.getByLabel('Design name').fill('Benchmark quarter rack');
  await page.getByRole('button', { name: 'Create design' }).click();
  await page.waitForURL(/\/designs\/\d+$/);
  const designId = Number(/\/designs\/(\d+)$/.exec(page.url())[1]);
  // A reference rack opens at its rated target TPS; the bench types in the users field, so the saved
  // design it loads is sized by users: 1,000, the figure a new design started at before racks opened
  // at their rated load (its database stays the rack's rated size).
  await page.getByRole('radio', { name: 'Concurrent users' }).check();
  await page.getByTestId('users').fill('1000');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => /^Revision 2\b/.test(document.querySelector('[data-testid="revision-info"]')?.textContent ?? ''));
  await context.close();
  return { state, designId };
}

export async function signInPageLoad(browser, baseURL) {
  const { context, page } = await newPage(browser, baseURL);
  await page.goto('/sign-in');
  await page.waitForFunction(() => window.__bench.signIn > 0);
  const ms = await page.evaluate(() => window.__bench.signIn);
  await context.close();
  return ms;
}

export async function editorLoad(browser, baseURL, state, designId) {
  const { context, page } = await newPage(browser, baseURL, state);
  await page.goto(`/designs/${designId}`);
  await page.waitForFunction(() => window.__bench.evaluations.length > 0 && window.__bench.inputs > 0);
  const { charts, inputs } = await page.evaluate(() => ({
    charts: window.__bench.evaluations[0].at,
    inputs: window.__bench.inputs,
  }));
  return { context, page, charts, inputs };
}

/** One keystroke that changes the users figure to a value not evaluated before in this page. */
export async function keystrokeToCharts(page, base, digit) {
  const users = page.getByTestId('users');
  await users.fill(String(base));
  await page.waitForFunction(
    (value) =>
      document.querySelector('[data-testid="results"]')?.getAttribute('data-stale') === 'false' &&
      document.querySelector('[data-testid="users"]')?.value === value,
    String(base),
  );
  const before = await page.evaluate(() => window.__bench.evaluations.length);
  await users.press('End');
  await users.press('Shift+ArrowLeft'); // selects the last digit, which the next key replaces
  await page.evaluate(() => (window.__bench.keydownAt = null));
  await users.press(String(digit));
  await page.waitForFunction(
    (n) => window.__bench.keydownAt !== null && window.__bench.evaluations.length > n && window.__bench.evaluations.at(-1).at > 0,
    before,
  );
  const typed = await users.inputValue();
  const expected = String(base).slice(0, -1) + String(digit);
  if (typed !== expected) throw new Error(`users field reads ${typed}, expected ${expected}`);
  return page.evaluate(() => window.__bench.evaluations.at(-1).at - window.__bench.keydownAt);
}
