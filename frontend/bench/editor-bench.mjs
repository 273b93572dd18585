// The browser half of backend/bench/bench_browser.py (`make bench`), which starts the server and runs
// this with BENCH_BASE_URL set. In Debian's Chromium, over BENCH_RUNS repetitions after one warm-up,
// the sign-in page, the editor's cold load (inputs, charts) and a keystroke's redraw, as
// editor-pages.mjs measures them. Prints one JSON line.
import { chromium } from '@playwright/test';
import { editorLoad, keystrokeToCharts, launchOptions, median, signIn, signInPageLoad } from './editor-pages.mjs';

const baseURL = process.env.BENCH_BASE_URL;
if (!baseURL) throw new Error('BENCH_BASE_URL is not set (backend/bench/bench_browser.py sets it)');
const runs = Number(process.env.BENCH_RUNS ?? 11);

const browser = await chromium.launch(launchOptions);
try {
  const { state, designId } = await signIn(browser, baseURL);
  const samples = { signIn: [], editor: [], inputs: [], keystroke: [] };
  // Interleaved, so both pages see the same machine; the first round warms the server up and is dropped.
  for (let i = 0; i <= runs; i += 1) {
    const signInMs = await signInPageLoad(browser, baseURL);
    const { context, page, charts, inputs } = await editorLoad(browser, baseURL, state, designId);
    // Users 1,510, 1,520, ... each with its last digit replaced: every value is new to this page.
    const keystroke = await keystrokeToCharts(page, 1500 + 10 * (i + 1), 1 + (i % 9));
    await context.close();
    if (i === 0) continue;
    samples.signIn.push(signInMs);
    samples.editor.push(charts);
    samples.inputs.push(inputs);
    samples.keystroke.push(keystroke);
  }
  const medians = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  console.log(JSON.stringify({ runs, designId, medians, samples }));
} finally {
  await browser.close();
}
