import { test as base, expect } from '@playwright/test';

/** Every e2e test fails on a console error or an uncaught page error (CSP violations included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
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
