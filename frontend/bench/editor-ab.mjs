// The browser half of backend/bench/ab_browser.py: two builds of the app, each served by its own e2e
// server (AB_A_URL, AB_B_URL), loaded in turn by one Chromium over BENCH_RUNS rounds after one warm-up,
// in ABBA order (A B, B A, A B, ...) so that neither side always goes first on a machine whose speed
// drifts. Each round loads, on each server, the sign-in page and a cold editor, as editor-pages.mjs
// measures them. Prints one JSON line: every sample by side ({A, B}: {signIn, inputs, editor}).
//
// Why paired: a cold editor load moves by +-100 ms from one load to the next and a run's median by
// tens of ms (the same build measured 2.05x and 2.32x the sign-in page in two runs of 15 rounds), so a
// 20-30 ms change is only visible as the difference of loads made next to each other.
import { chromium } from '@playwright/test';
import { editorLoad, launchOptions, signIn, signInPageLoad } from './editor-pages.mjs';

const urls = { A: process.env.AB_A_URL, B: process.env.AB_B_URL };
if (!urls.A || !urls.B) throw new Error('AB_A_URL and AB_B_URL are not set (backend/bench/ab_browser.py sets them)');
const runs = Number(process.env.BENCH_RUNS ?? 30);

const browser = await chromium.launch(launchOptions);
try {
  const designs = {};
  for (const side of ['A', 'B']) designs[side] = await signIn(browser, urls[side]);
  const samples = { A: { signIn: [], inputs: [], editor: [] }, B: { signIn: [], inputs: [], editor: [] } };
  for (let i = 0; i <= runs; i += 1) {
    for (const side of i % 2 ? ['B', 'A'] : ['A', 'B']) {
      const signInMs = await signInPageLoad(browser, urls[side]);
      const { state, designId } = designs[side];
      const { context, charts, inputs } = await editorLoad(browser, urls[side], state, designId);
      await context.close();
      if (i === 0) continue; // the first round warms both servers up
      samples[side].signIn.push(signInMs);
      samples[side].inputs.push(inputs);
      samples[side].editor.push(charts);
    }
  }
  console.log(JSON.stringify({ runs, samples }));
} finally {
  await browser.close();
}
