import { test as base, expect, type ConsoleMessage } from '@playwright/test';

/** An HTTP error response the test expects (Chromium logs each as a console error). */
export interface ExpectedHttpError {
  url: RegExp;
  status: number;
  why: string;
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d+)/;

function isExpected(msg: ConsoleMessage, expected: ExpectedHttpError[]): boolean {
  const match = FAILED_RESOURCE.exec(msg.text());
  if (!match) return false;
  const status = Number(match[1]);
  const url = msg.location().url;
  return expected.some((e) => e.status === status && e.url.test(url));
}

/**
 * Every e2e test fails on a console error or an uncaught page error (CSP violations included),
 * except HTTP error responses a test declares by pushing them onto `expectedHttpErrors` (e.g. the
 * 404 of a design another team cannot see).
 */
export const test = base.extend<{ expectedHttpErrors: ExpectedHttpError[]; consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern
  expectedHttpErrors: async ({}, provide) => {
    await provide([]);
  },
  consoleErrors: [
    async ({ page, expectedHttpErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (isExpected(msg, expectedHttpErrors)) return;
        errors.push(`${msg.text()} ${msg.location().url}`.trim());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const screenshotPath = (name: string) => `../docs/screenshots/${name}.png`;
