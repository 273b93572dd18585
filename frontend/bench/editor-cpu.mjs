// The browser half of backend/bench/cpu_browser.py: where the CPU of a cold load goes, by process.
// For BENCH_RUNS rounds (after one warm-up), one sign-in page and one cold editor (editor-pages.mjs's
// loads and probe), each with every process's CPU time read from /proc before the navigation and
// after the page shows what editor-pages.mjs times (the sign-in form; the editor's inputs and first
// charts). Processes are grouped by what they are: Chromium's by --type (browser, renderer, gpu-process,
// utility:<service>; with BENCH_CPU_THREADS, each by thread), the server's (gunicorn, postgres), this
// script (node) and the rest. Also the machine's busy time against its capacity (cores x wall time).
// Prints one JSON line.
// Linux only (/proc).
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { launchOptions, newPage, signIn } from './editor-pages.mjs';

const base = process.env.BENCH_BASE_URL;
if (!base) throw new Error('BENCH_BASE_URL is not set (backend/bench/cpu_browser.py sets it)');
const runs = Number(process.env.BENCH_RUNS ?? 15);
const TICK_MS = 10; // USER_HZ = 100 on Linux: /proc counts CPU time in 10 ms ticks
const byThread = Boolean(process.env.BENCH_CPU_THREADS);

function groupOf(cmdline) {
  if (cmdline.includes('chromium')) {
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
    const service = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1].split('.').pop();
    return `chromium ${type}${service ? `:${service}` : ''}`;
  }
  if (cmdline.includes('gunicorn')) return 'server: gunicorn';
  if (cmdline.startsWith('postgres')) return 'server: postgres';
  if (cmdline.includes('node')) return 'node (this driver)';
  return 'other';
}

/** utime + stime of a /proc/.../stat line, in ms (fields 14 and 15; the name before them may hold spaces). */
function cpuMs(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms so far of every process (pid -> [group, ms]), or of every Chromium thread with BENCH_CPU_THREADS. */
function processes() {
  const out = new Map();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const group = groupOf(cmdline);
      if (byThread && group.startsWith('chromium')) {
        for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
          const threadStat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          // the kernel's thread names are cut at 15 characters; pools number their threads
          const name = tid === pid ? 'main thread' : threadStat.slice(threadStat.indexOf('(') + 1, threadStat.lastIndexOf(')')).replace(/\d+$/, '');
          out.set(`${pid}/${tid}`, [`${group}, ${name}`, cpuMs(threadStat)]);
        }
      } else {
        out.set(pid, [group, cpuMs(stat)]);
      }
    } catch {
      // gone between the listing and the read
    }
  }
  return out;
}

/** The machine's busy and total CPU ms so far (all cores). */
function machine() {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - ticks[3] - ticks[4]) * TICK_MS, total: total * TICK_MS }; // idle + iowait
}

async function measured(browser, url, storageState, shown) {
  const { context, page } = await newPage(browser, base, storageState);
  await new Promise((resolve) => setTimeout(resolve, 300)); // the new context's own start-up settles
  const [p0, m0, t0] = [processes(), machine(), performance.now()];
  await page.goto(url);
  await page.waitForFunction(shown);
  const [p1, m1, t1] = [processes(), machine(), performance.now()];
  await context.close();
  const byGroup = {};
  for (const [pid, [group, ms]] of p1) byGroup[group] = (byGroup[group] ?? 0) + ms - (p0.get(pid)?.[1] ?? 0);
  return { wall: t1 - t0, busy: m1.busy - m0.busy, capacity: m1.total - m0.total, byGroup };
}

const browser = await chromium.launch(launchOptions);
try {
  const { state, designId } = await signIn(browser, base);
  const samples = { signIn: [], editor: [] };
  for (let i = 0; i <= runs; i += 1) {
    const signInLoad = await measured(browser, '/sign-in', undefined, () => window.__bench.signIn > 0);
    const editorLoad = await measured(browser, `/designs/${designId}`, state, () => window.__bench.evaluations.length > 0 && window.__bench.inputs > 0);
    if (i === 0) continue; // the first round warms the server up
    samples.signIn.push(signInLoad);
    samples.editor.push(editorLoad);
  }
  console.log(JSON.stringify({ cores: os.cpus().length, samples }));
} finally {
  await browser.close();
}
