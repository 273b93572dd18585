import { defineConfig } from '@playwright/test';
// Debian's Chromium switches and the viewport, shared with the browser benchmarks (bench/editor-pages.mjs).
import chromium from './chromium-launch.json' with { type: 'json' };

const port = Number(process.env.E2E_PORT ?? 8765);

// Debian's Chromium, never a downloaded browser build (none can be fetched here).
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: chromium.viewport,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromium.args },
  },
  webServer: {
    command: 'bash ../scripts/e2e-server.sh',
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
